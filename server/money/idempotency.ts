import crypto from "node:crypto";
import type { RequestHandler, Response } from "express";
import type { AppDb, ChainCall, OutboxRow } from "../db/schema";
import { AppError } from "../http/errors";
import { authOf } from "../auth/request-auth";
import { outboxRow } from "./outbox.repo";
import { chainCall } from "./chain-calls.repo";
import {
  type IdempotencyRef,
  claimIdempotencyKey,
  completeIdempotencyKey,
  expireIdempotencyKeys,
  holdIdempotencyKey,
  idempotencyRecord,
  releaseIdempotencyKey,
} from "./idempotency.repo";
import type { Job } from "../job";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";

/** How long a key is remembered: a retry with the same key after this runs as a new request. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/**
 * The longest a living request holds a key (payment check, the bounded settlement wait, the stop's
 * grace period). A key still 'in progress' after this belongs to a request that died with its process.
 */
export const IDEMPOTENCY_STALE_MS = 45_000;

/** Where a keyed request records the money move it makes (`linkIdempotencyMove` in its transaction). */
export type { IdempotencyRef } from "./idempotency.repo";

/** The key of this request, set by `idempotent`, for the service that writes the outbox row. */
export function idempotencyOf(res: Response): IdempotencyRef | undefined {
  return res.locals.idempotency as IdempotencyRef | undefined;
}

/**
 * A keyed request that runs longer than IDEMPOTENCY_STALE_MS (a bulk request, item after item) says it is alive,
 * so a duplicate is told 'in progress' rather than run as the retry of a dead request.
 */
export async function holdIdempotency(db: AppDb, res: Response): Promise<void> {
  const ref = idempotencyOf(res);
  if (ref) await holdIdempotencyKey(db, ref);
}

/** How a keyed request's answer is rebuilt from the money move it recorded: an outbox row, or a token call. */
export interface IdempotentReplay {
  transfer?: (row: OutboxRow) => Promise<unknown>;
  call?: (call: ChainCall) => unknown | Promise<unknown>;
}

/**
 * `Idempotency-Key` on money-moving calls: the first request's answer is stored and replayed for the
 * same key (same caller, same path) for 24 hours; a different body with that key is a 409; a duplicate
 * while the first still runs gets 409 'in progress' (Retry-After). Answers of 5xx are forgotten so a retry
 * runs, unless the request's money move is recorded and not failed (it may have happened: a database error
 * after the commit). A key whose request died (crash, kill) or answered so is resolved on the next retry from
 * the outbox row (`replay.transfer`) or token call (`replay.call`) the request recorded: the move happened → its outcome
 * is replayed; it failed or was never written → the key is released and the retry runs; a token call still
 * unresolved → 'in progress' (it may yet be mined).
 */
export function idempotent(ctx: { db: AppDb; config: { pinKey: Buffer } }, replay: IdempotentReplay = {}): RequestHandler {
  const db = ctx.db;
  const fingerprint = fingerprinter(ctx.config.pinKey);
  return async (req, res, next) => {
    const key = req.headers["idempotency-key"];
    if (typeof key !== "string" || key.length === 0) return next();
    if (key.length > 200) return next(new AppError(Code.BAD_REQUEST, Msg.badRequest));
    const a = authOf(req);
    const who = a.member ? `m:${a.member.id}` : a.admin ? `a:${a.admin.id}` : a.merchant ? `k:${a.merchant.id}` : "anon";
    const scope = `${who}:${req.method}:${req.path}`;
    const hash = fingerprint(req.body ?? null);
    const inProgress = () => {
      res.setHeader("Retry-After", "2");
      return next(new AppError(Code.CONFLICT, Msg.requestInProgress));
    };
    const replayed = (status: number, body: string) => {
      res.setHeader("Idempotent-Replayed", "true");
      res.status(status).type("application/json").send(body);
    };

    let claimed = await claimIdempotencyKey(db, scope, key, hash);
    if (!claimed) {
      const row = await idempotencyRecord(db, scope, key);
      if (!row) return inProgress();
      const age = Date.now() - new Date(row.created_at).getTime();
      if (age > IDEMPOTENCY_TTL_MS) {
        // Expired: forgotten, and this request runs as a new one.
        await releaseIdempotencyKey(db, scope, key);
        claimed = await claimIdempotencyKey(db, scope, key, hash);
        if (!claimed) return inProgress();
      } else {
        if (row.request_hash !== hash) return next(new AppError(Code.CONFLICT, Msg.idempotencyConflict));
        const { transfer, call } = await recordedMove(db, row, { transfer: !!replay.transfer, call: !!replay.call });
        const moved = transfer ?? call;
        const resolved = moved?.status === "confirmed" || moved?.status === "failed";
        if (row.status !== null) {
          // Answered. Only an answer 'pending' (200 pending, 202 sent-not-seen) whose move has resolved since is
          // brought up to date.
          const answeredPending =
            (row.status === 200 && parseData(row.response)?.status === "pending") || (row.status === 202 && call !== undefined);
          if (!answeredPending || !resolved) return replayed(row.status, row.response ?? "{}");
        } else if (call) {
          // A token call: recorded before it was sent, and marked sent before it could be mined; until a receipt
          // (or the resolve job) decides it, it may still happen.
          if (call.status === "pending" || call.status === "submitted") return inProgress();
          // Failed, but its request may still be on its way to answering (and releasing the key): as for a transfer.
          if (call.status === "failed" && age < IDEMPOTENCY_STALE_MS) return inProgress();
        } else if (age < IDEMPOTENCY_STALE_MS && transfer?.status !== "confirmed") {
          return inProgress();
        }
        if (call?.status === "confirmed") {
          const body = JSON.stringify({ code: Code.OK, data: await replay.call!(call) });
          await completeIdempotencyKey(db, scope, key, 200, body);
          return replayed(200, body);
        }
        if (transfer && transfer.status !== "failed") {
          // The move happened (confirmed: stored for good) or is on its way after a restart (its state, not stored).
          const body = JSON.stringify({ code: Code.OK, data: await replay.transfer!(transfer) });
          if (transfer.status === "confirmed") await completeIdempotencyKey(db, scope, key, 200, body);
          return replayed(200, body);
        }
        // The request died before writing a money move, or its move failed: nothing moved; run it again.
        await releaseIdempotencyKey(db, scope, key);
        claimed = await claimIdempotencyKey(db, scope, key, hash);
        if (!claimed) return inProgress();
      }
    }
    res.locals.idempotency = { scope, key } satisfies IdempotencyRef;
    const json = res.json.bind(res);
    // The answer is stored before it is sent, so a retry that follows it at once is a replay.
    res.json = (body: unknown) => {
      const stored =
        res.statusCode >= 500
          ? releaseUnlessMoving(db, scope, key)
          : completeIdempotencyKey(db, scope, key, res.statusCode, JSON.stringify(body));
      void stored.catch(() => undefined).finally(() => json(body));
      return res;
    };
    next();
  };
}

/** The money move a key's request recorded (its outbox row, its token call), of the kinds asked for. */
async function recordedMove(
  db: AppDb,
  row: { transfer_id: number | null; call_id: number | null },
  kinds = { transfer: true, call: true },
) {
  return {
    transfer: row.transfer_id !== null && kinds.transfer ? await outboxRow(db, row.transfer_id) : undefined,
    call: row.call_id !== null && kinds.call ? await chainCall(db, row.call_id) : undefined,
  };
}

/**
 * After a 5xx answer: the key is released (the retry runs) unless the request recorded a money move that has not
 * failed; that one may have happened (an error after the commit), so the key stays unanswered and the next retry
 * is resolved from the move.
 */
async function releaseUnlessMoving(db: AppDb, scope: string, key: string): Promise<void> {
  const row = await idempotencyRecord(db, scope, key);
  const { transfer, call } = row ? await recordedMove(db, row) : {};
  const moving = [transfer, call].some((m) => m !== undefined && m.status !== "failed");
  if (!moving) await releaseIdempotencyKey(db, scope, key);
}

/**
 * A request body's stored fingerprint (a different body with the same key is a 409). Keyed: a payment's body
 * holds the member's PIN, and an unkeyed hash of it would give the PIN to a million guesses against a copy of the
 * database (the stored PINs themselves are keyed).
 */
export function fingerprinter(pinKey: Buffer): (body: unknown) => string {
  const key = Buffer.from(crypto.hkdfSync("sha256", pinKey, Buffer.alloc(0), "idempotency request body", 32));
  return (body) => crypto.createHmac("sha256", key).update(JSON.stringify(body)).digest("hex");
}

function parseData(response: string | null): { status?: string } | undefined {
  try {
    return (JSON.parse(response ?? "{}") as { data?: { status?: string } }).data;
  } catch {
    return undefined;
  }
}

/** The job: keys older than IDEMPOTENCY_TTL_MS are forgotten. */
export const expireIdempotencyKeysJob: Job<{ db: AppDb }> = {
  name: "expire-idempotency-keys",
  everyMs: 3600_000,
  run: async (ctx) => void (await expireIdempotencyKeys(ctx.db, new Date(Date.now() - IDEMPOTENCY_TTL_MS).toISOString())),
};
