import crypto from "node:crypto";
import os from "node:os";
import type { AppContext } from "../../context";
import type { AppTx } from "../../db/schema";
import { decryptSecret } from "../../custody/crypto";
import { notFound } from "../../http/errors";
import { checkWebhookTarget } from "./webhook-target";
import { signWebhook } from "./webhook-signature";
import { deliveriesPage, dueEvents, eventById, leaseEvent, merchantTarget } from "./webhooks.repo";
import {
  WEBHOOK_EXCERPT_CHARS,
  WEBHOOK_GIVE_UP_MS,
  WEBHOOK_PER_MERCHANT,
  WEBHOOK_RETRY_CAP_MS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMEOUT_MS,
  type WebhookType,
} from "../../../domain/policy/merchant-payments";

/** This process, as a lease names it. */
const LEASE_OWNER = `${os.hostname()}:${process.pid}`;

/** The sealed secret's associated data (a secret sealed for one merchant cannot be moved to another). */
export const secretAad = (merchantId: number) => `merchant-webhook:${merchantId}`;

/**
 * Records an event in the caller's transaction, so it exists exactly when what it tells does. With `transferId` it is
 * delivered only once that move is confirmed on chain (and made void if the move failed).
 */
export async function recordEvent(
  trx: AppTx,
  e: { merchantId: number; type: WebhookType; paymentId?: number; transferId?: number | null; data: unknown },
): Promise<number> {
  const now = new Date().toISOString();
  const publicId = `evt_${crypto.randomBytes(12).toString("hex")}`;
  const payload = JSON.stringify({ id: publicId, type: e.type, createdAt: now, data: e.data });
  const row = await trx
    .insertInto("webhook_events")
    .values({
      public_id: publicId,
      merchant_id: e.merchantId,
      type: e.type,
      payment_id: e.paymentId ?? null,
      transfer_id: e.transferId ?? null,
      payload,
      state: "pending",
      next_attempt_at: now,
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export interface WebhookDispatcher {
  /** Looks for due events now (a payment's move was confirmed, an event was recorded). */
  kick(): void;
  /** Resolves when the attempts under way have finished (tests, the stop). */
  idle(): Promise<void>;
  stop(): void;
}

/**
 * Delivers every process's share of the due events: each is leased (WEBHOOK_TIMEOUT_MS and a margin) before its
 * attempt, so two processes never send one attempt and a process killed mid-attempt leaves it to the other once the
 * lease ends. At most WEBHOOK_PER_MERCHANT attempts of one merchant run at once and none is awaited by the loop, so a
 * slow or dead receiver holds only its own merchant's slots. Each attempt is recorded (time, status, latency, the
 * answer's first characters); a failure is retried after `webhookRetryBaseMs × 2^(n−1)` (capped), and given up
 * (`failed`) WEBHOOK_GIVE_UP_MS after the event; a merchant may still resend it by hand.
 */
export function startWebhookDelivery(ctx: AppContext, everyMs = 1_000): WebhookDispatcher {
  const d = dispatcher(ctx, everyMs);
  running.set(ctx.db, d);
  return d;
}

/** The dispatcher of a stack (by its store), if it runs. */
const running = new WeakMap<object, WebhookDispatcher>();
/** Wakes this stack's dispatcher: an event is due now. */
export const kickWebhooks = (ctx: Pick<AppContext, "db">) => running.get(ctx.db)?.kick();
export const webhookDispatcherOf = (ctx: Pick<AppContext, "db">) => running.get(ctx.db);

function dispatcher(ctx: AppContext, everyMs: number): WebhookDispatcher {
  const inFlight = new Map<number, number>();
  const attempts = new Set<Promise<void>>();
  let stopped = false;
  let scanning = false;
  let again = false;

  async function scan(): Promise<void> {
    if (stopped) return;
    if (scanning) {
      again = true;
      return;
    }
    scanning = true;
    try {
      do {
        again = false;
        const now = new Date();
        const busy = [...inFlight].filter(([, n]) => n >= WEBHOOK_PER_MERCHANT).map(([m]) => m);
        const due = await dueEvents(ctx.db, now.toISOString(), 100, busy);
        for (const e of due) {
          const merchantId = Number(e.merchant_id);
          if ((inFlight.get(merchantId) ?? 0) >= WEBHOOK_PER_MERCHANT) continue;
          const until = new Date(now.getTime() + WEBHOOK_TIMEOUT_MS + 5_000).toISOString();
          if (!(await leaseEvent(ctx.db, Number(e.id), now.toISOString(), until, LEASE_OWNER))) continue;
          inFlight.set(merchantId, (inFlight.get(merchantId) ?? 0) + 1);
          const p = attempt(ctx, Number(e.id))
            .catch((err) => ctx.log.error({ err: (err as Error).message, event: Number(e.id) }, "webhook attempt failed to run"))
            .finally(() => {
              inFlight.set(merchantId, (inFlight.get(merchantId) ?? 1) - 1);
              attempts.delete(p);
              // A slot is free: a backlog goes on now rather than at the next tick.
              if (!stopped) tick();
            });
          attempts.add(p);
        }
      } while (again && !stopped);
    } finally {
      scanning = false;
    }
  }
  const tick = () => void scan().catch((err) => ctx.log.error({ err: (err as Error).message }, "webhook scan failed"));
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return {
    kick: tick,
    async idle() {
      while (attempts.size > 0 || scanning) await Promise.all([...attempts, new Promise((r) => setTimeout(r, 10))]);
    },
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}

/**
 * What is sent: the recorded event, with the hash of the move it waited for (known once confirmed, the same on every
 * attempt): `data.payment.transfer` of `payment.paid`, `data.txHash` of `payment.cancelled`.
 */
async function bodyOf(ctx: AppContext, e: { payload: string; transfer_id: number | null }): Promise<string> {
  if (e.transfer_id === null) return e.payload;
  const hash = (await ctx.outbox.get(Number(e.transfer_id)))?.tx_hash ?? null;
  const event = JSON.parse(e.payload) as { data: { payment?: { transfer?: unknown }; txHash?: string | null } };
  if (event.data.payment) event.data.payment.transfer = { status: "confirmed", txHash: hash };
  else event.data.txHash = hash;
  return JSON.stringify(event);
}

/** One attempt of one leased event: sent, recorded, and the event moved to delivered, retried later, or given up. */
export async function attempt(ctx: AppContext, eventId: number): Promise<void> {
  const e = await eventById(ctx.db, eventId);
  if (e?.state !== "pending") return;
  const target = await merchantTarget(ctx.db, Number(e.merchant_id));
  const started = Date.now();
  let status: number | null = null;
  let excerpt: string | null = null;
  let error: string | null = null;
  const url = target?.webhook_url ?? "";
  try {
    if (!target?.webhook_url || !target.webhook_secret) throw new Error("no webhook URL");
    await checkWebhookTarget(ctx.config, target.webhook_url);
    const secret = decryptSecret(target.webhook_secret, ctx.config.keyEncryptionKey, secretAad(Number(e.merchant_id)));
    const body = await bodyOf(ctx, e);
    const res = await fetch(target.webhook_url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "KRWVoucher-Webhooks/1",
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, body),
        "KRWV-Event-Id": e.public_id,
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    status = res.status;
    excerpt = (await res.text().catch(() => "")).slice(0, WEBHOOK_EXCERPT_CHARS) || null;
  } catch (err) {
    const x = err as Error;
    error = x.name === "TimeoutError" ? `timeout after ${WEBHOOK_TIMEOUT_MS} ms` : x.message.slice(0, 200);
  }
  const now = new Date();
  const latency = now.getTime() - started;
  const ok = status !== null && status >= 200 && status < 300;
  const failedSoFar = Number(e.attempts) + 1;
  const delay = Math.min(WEBHOOK_RETRY_CAP_MS, ctx.config.webhookRetryBaseMs * 2 ** (failedSoFar - 1));
  const givenUp = !ok && now.getTime() + delay - new Date(e.created_at).getTime() > WEBHOOK_GIVE_UP_MS;
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("webhook_attempts")
      .values({ event_id: eventId, url, status, latency_ms: latency, excerpt, error, attempted_at: now.toISOString() })
      .execute();
    await trx
      .updateTable("webhook_events")
      .set({
        attempts: failedSoFar,
        last_status: status,
        lease_until: null,
        ...(ok
          ? { state: "delivered", delivered_at: now.toISOString() }
          : givenUp
            ? { state: "failed" }
            : { next_attempt_at: new Date(now.getTime() + delay).toISOString() }),
      })
      .where("id", "=", eventId)
      .execute();
  });
  if (!ok) ctx.log.warn({ event: e.public_id, status, error, attempt: failedSoFar }, "webhook not delivered");
}

/** A merchant's deliveries as its screen shows them. */
export async function deliveries(ctx: AppContext, merchantId: number, q: { limit: number; cursor?: number }) {
  const { page, attempts, nextCursor } = await deliveriesPage(ctx.db, merchantId, q);
  return {
    nextCursor,
    deliveries: page.map((r) => ({
      id: Number(r.id),
      eventId: r.public_id,
      type: r.type as WebhookType,
      paymentId: r.payment_public_id ?? null,
      state: r.state,
      attempts: Number(r.attempts),
      lastStatus: r.last_status === null ? null : Number(r.last_status),
      nextAttemptAt: r.state === "pending" ? r.next_attempt_at : null,
      deliveredAt: r.delivered_at,
      createdAt: r.created_at,
      recent: attempts
        .filter((a) => Number(a.event_id) === Number(r.id))
        .slice(0, 5)
        .map((a) => ({
          attemptedAt: a.attempted_at,
          status: a.status === null ? null : Number(a.status),
          latencyMs: Number(a.latency_ms),
          excerpt: a.excerpt,
          error: a.error,
        })),
    })),
  };
}

/** One delivery of this merchant (404 for another merchant's). */
export async function delivery(ctx: AppContext, merchantId: number, id: number) {
  const all = await deliveries(ctx, merchantId, { limit: 1, cursor: id + 1 });
  const d = all.deliveries[0];
  if (!d || d.id !== id) throw notFound();
  return d;
}

/** Sends one event again now: pending again, due now (a delivered or given-up one too). */
export async function resend(ctx: AppContext, merchantId: number, id: number) {
  const r = await ctx.db
    .updateTable("webhook_events")
    .set({ state: "pending", next_attempt_at: new Date().toISOString(), lease_until: null })
    .where("id", "=", id)
    .where("merchant_id", "=", merchantId)
    .where("state", "!=", "void")
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw notFound();
}
