import type { AppContext } from "../../context";
import type { Job } from "../../job";
import { movePayment, paymentByPublicId, paymentsWithMoves } from "./payments.repo";
import { paymentViews } from "./payment-view";
import { kickWebhooks, recordEvent } from "./webhooks.service";

/** What follows a payment's moves after their requests: failures put right, expiry, the webhooks woken. */

/**
 * Moves that failed on chain after their request stopped waiting (or while the server was down), put right: a payment
 * whose move failed is 대기 again (or 만료 past its time) and its `payment.paid` void; a cancellation whose move failed
 * is `failed`, its amount counted back as not cancelled, its event void. Every step is conditional, so two processes
 * (or the job and a request) do it once.
 */
export async function followPayments(ctx: Pick<AppContext, "db" | "clock">): Promise<number> {
  let moved = 0;
  const failedPays = await ctx.db
    .selectFrom("payments as p")
    .innerJoin("outbox_transfers as t", "t.id", "p.transfer_id")
    .select(["p.id", "p.transfer_id", "p.expires_at"])
    .where("p.state", "=", "paid")
    .where("t.status", "=", "failed")
    .execute();
  for (const p of failedPays) {
    const transferId = Number(p.transfer_id);
    const expired = new Date(p.expires_at) <= ctx.clock.now();
    await ctx.db.transaction().execute(async (trx) => {
      const back = await movePayment(
        trx,
        Number(p.id),
        ["paid"],
        { state: expired ? "expired" : "pending", member_id: null, paid_at: null, transfer_id: null },
        { transferId, cancelledAmount: 0 },
      );
      if (!back) return;
      moved++;
      await trx
        .updateTable("webhook_events")
        .set({ state: "void" })
        .where("transfer_id", "=", transferId)
        .where("state", "=", "pending")
        .execute();
    });
  }
  const failedCancels = await ctx.db
    .selectFrom("payment_cancels as c")
    .innerJoin("outbox_transfers as t", "t.id", "c.transfer_id")
    .innerJoin("payments as p", "p.id", "c.payment_id")
    .select(["c.id", "c.amount", "c.transfer_id", "p.id as payment_id", "p.amount as paid", "p.cancelled_amount"])
    .where("c.state", "=", "sent")
    .where("t.status", "=", "failed")
    .execute();
  for (const c of failedCancels) {
    await ctx.db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable("payment_cancels")
        .set({ state: "failed" })
        .where("id", "=", c.id)
        .where("state", "=", "sent")
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return;
      moved++;
      const now = Number(
        (await trx.selectFrom("payments").select("cancelled_amount").where("id", "=", c.payment_id).executeTakeFirstOrThrow())
          .cancelled_amount,
      );
      const left = now - Number(c.amount);
      await movePayment(
        trx,
        Number(c.payment_id),
        ["partially_cancelled", "cancelled"],
        { cancelled_amount: left, state: left === 0 ? "paid" : "partially_cancelled" },
        { cancelledAmount: now },
      );
      await trx
        .updateTable("webhook_events")
        .set({ state: "void" })
        .where("transfer_id", "=", Number(c.transfer_id))
        .where("state", "=", "pending")
        .execute();
    });
  }
  return moved;
}

/** Payments still 대기 past their time become 만료, each with its `payment.expired` event. */
export async function expirePayments(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now().toISOString();
  const due = await paymentsWithMoves(ctx.db).where("p.state", "=", "pending").where("p.expires_at", "<=", now).limit(500).execute();
  let n = 0;
  for (const row of due) {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await movePayment(trx, Number(row.id), ["pending"], { state: "expired" }))) return;
      n++;
      const expired = (await paymentByPublicId(trx, row.public_id))!;
      await recordEvent(trx, {
        merchantId: Number(row.merchant_id),
        type: "payment.expired",
        paymentId: Number(row.id),
        data: { payment: (await paymentViews({ db: trx, config: ctx.config }, [expired]))[0] },
      });
    });
  }
  if (n > 0) kickWebhooks(ctx);
  return n;
}

export const expirePaymentsJob: Job = { name: "expire-payments", everyMs: 30_000, run: async (ctx) => void (await expirePayments(ctx)) };
export const followPaymentsJob: Job = { name: "follow-payments", everyMs: 30_000, run: async (ctx) => void (await followPayments(ctx)) };

/** A payment's or cancellation's move resolved: a failed one is put right at once, a confirmed one wakes its webhook. */
export function resolvePaymentMoves(ctx: AppContext): void {
  ctx.relayer.on("resolved", (row) => {
    if (row.kind !== "use" && row.kind !== "payment_cancel") return;
    if (row.status === "confirmed") kickWebhooks(ctx);
    else if (row.status === "failed")
      void followPayments(ctx).catch((err) =>
        ctx.log.error({ err: (err as Error).message, id: row.id }, "following a failed payment move failed"),
      );
  });
}
