import crypto from "node:crypto";
import type { AppContext } from "../../context";
import type { MemberRow } from "../../auth/middleware";
import type { OutboxRow } from "../../db/schema";
import { AppError } from "../../http/errors";
import { checkPaymentPassword, RESOLVE_WAIT_MS } from "../../money/payment-password";
import { ensureChainUpForOutbox } from "../../money/chain-status";
import type { IdempotencyRef } from "../../money/idempotency";
import { notifyMemberQuietly } from "../../records/member-notices/notify-member";
import type { Job } from "../../job";
import { cancelsOf, movePayment, paymentByPublicId, paymentsPage, paymentsWithMoves, type PaymentRow } from "./payments.repo";
import { kickWebhooks, recordEvent } from "./webhooks.service";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { formatWon } from "../../../domain/format";
import { CANCEL_FEE_WON, CHECKOUT_FEE_WON, PAYMENT_STATE_LABEL, type PaymentState } from "../../../domain/policy/merchant-payments";
import type { CheckoutResult, CheckoutView, Payment, PaymentCreate } from "../../../domain/schemas/merchant-payments";

export interface MerchantRef {
  id: number;
  memberId: number;
  name: string;
}

const statusOf = (s: string | null) => (s === "confirmed" ? "confirmed" : s === "failed" ? "failed" : "pending");

/** The member app's page that pays a payment; the QR payload is the same URL (a phone's camera opens it too). */
export const checkoutUrl = (ctx: Pick<AppContext, "config">, publicId: string) => `${ctx.config.publicOrigin}/pay/${publicId}`;

type CancelRow = Awaited<ReturnType<typeof cancelsOf>>[number];

/** A payment as the API shows it, from its row and its cancellations (no read). */
function viewOf(ctx: Pick<AppContext, "config">, r: PaymentRow, cancels: CancelRow[] = []): Payment {
  const amount = Number(r.amount);
  const cancelled = Number(r.cancelled_amount);
  const url = checkoutUrl(ctx, r.public_id);
  return {
    paymentId: r.public_id,
    orderId: r.order_id,
    itemName: r.item_name,
    amount,
    fee: Number(r.fee),
    state: r.state,
    stateLabel: PAYMENT_STATE_LABEL[r.state],
    cancelledAmount: cancelled,
    remainingAmount: r.state === "paid" || r.state === "partially_cancelled" ? amount - cancelled : 0,
    checkoutUrl: url,
    qrPayload: url,
    returnUrl: r.return_url,
    cancelUrl: r.cancel_url,
    expiresAt: r.expires_at,
    paidAt: r.paid_at,
    createdAt: r.created_at,
    transfer: r.transfer_id === null ? null : { status: statusOf(r.transfer_status), txHash: r.tx_hash },
    cancels: cancels.map((c) => ({
      amount: Number(c.amount),
      reason: c.reason,
      status: c.state === "failed" ? "failed" : statusOf(c.transfer_status),
      txHash: c.tx_hash,
      createdAt: c.created_at,
    })),
  };
}

/** Payments as the API shows them, their cancellations with them (a payment never cancelled needs no read). */
export async function paymentViews(ctx: Pick<AppContext, "db" | "config">, rows: PaymentRow[]): Promise<Payment[]> {
  const cancels = await cancelsOf(
    ctx.db,
    rows.filter((r) => Number(r.cancelled_amount) > 0 || r.state === "paid").map((r) => Number(r.id)),
  );
  return rows.map((r) =>
    viewOf(
      ctx,
      r,
      cancels.filter((c) => Number(c.payment_id) === Number(r.id)),
    ),
  );
}

async function view(ctx: AppContext, row: PaymentRow): Promise<Payment> {
  return (await paymentViews(ctx, [row]))[0];
}

/** This merchant's payment, or 404 (another merchant's payment is not there for it: no IDOR). */
async function ownPayment(ctx: AppContext, merchant: MerchantRef, publicId: string): Promise<PaymentRow> {
  const row = await paymentByPublicId(ctx.db, publicId);
  if (!row || Number(row.merchant_id) !== merchant.id) throw new AppError(Code.NOT_FOUND, Msg.paymentNotFound);
  return row;
}

/** Creates a payment (대기) for one of the merchant's orders; a second one for the same order id is refused (409). */
export async function createPayment(ctx: AppContext, merchant: MerchantRef, body: PaymentCreate): Promise<Payment> {
  const now = new Date().toISOString();
  const publicId = `pay_${crypto.randomBytes(15).toString("base64url").replace(/[-_]/g, "x")}`;
  try {
    // The unique (merchant, order id) refuses a second payment for one order, also two creates at once.
    const made = await ctx.db
      .insertInto("payments")
      .values({
        public_id: publicId,
        merchant_id: merchant.id,
        order_id: body.orderId,
        item_name: body.itemName,
        amount: body.amount,
        fee: CHECKOUT_FEE_WON,
        return_url: body.returnUrl,
        cancel_url: body.cancelUrl,
        state: "pending",
        expires_at: new Date(ctx.clock.now().getTime() + body.expiresInMinutes * 60_000).toISOString(),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return viewOf(ctx, {
      ...made,
      merchant_name: merchant.name,
      owner_id: merchant.memberId,
      merchant_state: "active",
      transfer_status: null,
      tx_hash: null,
    });
  } catch (err) {
    if (/unique|duplicate/i.test((err as Error).message)) throw new AppError(Code.CONFLICT, Msg.paymentOrderTaken);
    throw err;
  }
}

export async function getPayment(ctx: AppContext, merchant: MerchantRef, publicId: string): Promise<Payment> {
  return view(ctx, await ownPayment(ctx, merchant, publicId));
}

export async function listPayments(ctx: AppContext, merchantId: number, q: Parameters<typeof paymentsPage>[2]) {
  const { rows, nextCursor } = await paymentsPage(ctx.db, merchantId, q);
  return { payments: await paymentViews(ctx, rows), nextCursor };
}

/** Why a payment cannot be paid now, or null. */
function refusalOf(ctx: AppContext, row: PaymentRow, memberId: number): string | null {
  if (row.state === "expired" || (row.state === "pending" && new Date(row.expires_at) <= ctx.clock.now())) return Msg.paymentExpired;
  if (row.state === "cancelled" || row.state === "partially_cancelled") return Msg.paymentCancelledAlready;
  if (row.state === "paid") return Msg.paymentPaidAlready;
  if (row.merchant_state !== "active") return Msg.paymentMerchantClosed;
  if (Number(row.owner_id) === memberId) return Msg.paymentToSelf;
  return null;
}

/** The checkout page's view of a payment for this member. */
export async function checkoutView(ctx: AppContext, member: MemberRow, publicId: string): Promise<CheckoutView> {
  const row = await paymentByPublicId(ctx.db, publicId);
  if (!row) throw new AppError(Code.NOT_FOUND, Msg.paymentNotFound);
  const wallet = (await ctx.custody.memberWallet(member.id))!.address;
  const amount = Number(row.amount);
  return {
    paymentId: row.public_id,
    merchantName: row.merchant_name,
    itemName: row.item_name,
    orderId: row.order_id,
    amount,
    fee: Number(row.fee),
    total: amount + Number(row.fee),
    state: row.state,
    stateLabel: PAYMENT_STATE_LABEL[row.state],
    expiresAt: row.expires_at,
    balance: await ctx.outbox.spendable(wallet),
    refusal: refusalOf(ctx, row, member.id),
    returnUrl: row.return_url,
    cancelUrl: row.cancel_url,
    paidByMe: row.member_id !== null && Number(row.member_id) === member.id,
  };
}

const redirectTo = (row: Pick<PaymentRow, "return_url" | "public_id" | "order_id">) => {
  const u = new URL(row.return_url);
  u.searchParams.set("paymentId", row.public_id);
  u.searchParams.set("orderId", row.order_id);
  return u.toString();
};

function resultOf(row: PaymentRow, transfer: OutboxRow): CheckoutResult {
  return {
    paymentId: row.public_id,
    state: row.state,
    status: transfer.status === "confirmed" ? "confirmed" : "pending",
    txHash: transfer.tx_hash,
    amount: Number(row.amount),
    fee: Number(row.fee),
    redirectUrl: redirectTo(row),
    transferId: Number(transfer.id),
  };
}

/** The answer of a checkout, rebuilt from its move (an Idempotency-Key replay after a crash). */
export async function checkoutResultOf(ctx: AppContext, transfer: OutboxRow): Promise<CheckoutResult> {
  const row = await paymentsWithMoves(ctx.db).where("p.transfer_id", "=", Number(transfer.id)).executeTakeFirstOrThrow();
  return resultOf(row, transfer);
}

/**
 * The member pays: the payment password, then in one transaction the payment taken (대기 → 결제완료, only while it is
 * still 대기 and not expired: two tabs pay once), the move member → merchant wallet recorded by the money engine (a
 * market use with its fee), and the `payment.paid` event recorded to be delivered once that move is confirmed. Then
 * the bounded wait for the receipt, as for every use.
 */
export async function payCheckout(
  ctx: AppContext,
  member: MemberRow,
  publicId: string,
  password: string,
  idempotency?: IdempotencyRef,
): Promise<CheckoutResult> {
  const row = await paymentByPublicId(ctx.db, publicId);
  if (!row) throw new AppError(Code.NOT_FOUND, Msg.paymentNotFound);
  await checkPaymentPassword(ctx, member, password);
  const refusal = refusalOf(ctx, row, member.id);
  if (refusal) throw new AppError(Code.PAYMENT_NOT_PAYABLE, refusal);
  const from = (await ctx.custody.memberWallet(member.id))!.address;
  const to = (await ctx.custody.memberWallet(Number(row.owner_id)))!.address;
  if (await ctx.view.isBlocked(from)) throw new AppError(Code.FORBIDDEN, Msg.senderBlocked);
  if (await ctx.view.isBlocked(to)) throw new AppError(Code.RECIPIENT_REFUSED, Msg.paymentMerchantClosed);
  await ensureChainUpForOutbox(ctx);
  const now = ctx.clock.now().toISOString();
  const transfer = await ctx.outbox.transact(async (trx) => {
    const taken = await movePayment(
      trx,
      Number(row.id),
      ["pending"],
      { state: "paid", member_id: member.id, paid_at: now },
      { notExpiredAt: now },
    );
    if (!taken) {
      const again = (await paymentByPublicId(trx, publicId))!;
      throw new AppError(Code.PAYMENT_NOT_PAYABLE, refusalOf(ctx, again, member.id) ?? Msg.paymentPaidAlready);
    }
    const t = await ctx.outbox.enqueue(trx, {
      kind: "use",
      from,
      to,
      value: Number(row.amount),
      fee: Number(row.fee),
      memberId: member.id,
      counterpartyMemberId: Number(row.owner_id),
      idempotency,
    });
    await movePayment(trx, Number(row.id), ["paid"], { transfer_id: Number(t.id) });
    const paid: PaymentRow = { ...row, state: "paid", member_id: member.id, paid_at: now, transfer_id: Number(t.id) };
    await recordEvent(trx, {
      merchantId: Number(row.merchant_id),
      type: "payment.paid",
      paymentId: Number(row.id),
      transferId: Number(t.id),
      // Delivered once the move is confirmed, with its hash then (webhooks.service.ts bodyOf).
      data: { payment: viewOf(ctx, paid) },
    });
    return t;
  });
  ctx.relayer.kick();
  const resolved = await ctx.relayer.waitFor(transfer.id, RESOLVE_WAIT_MS, transfer);
  if (resolved.status === "failed") {
    await followPayments(ctx);
    throw new AppError(Code.SERVER_ERROR, Msg.paymentFailed);
  }
  return resultOf((await paymentByPublicId(ctx.db, publicId))!, resolved);
}

/**
 * The merchant gives money back for a paid payment, in full or in part: in one transaction the cancelled amount
 * counted (only from the amount read: two cancels at once cannot both pass the remainder), the move merchant wallet →
 * member recorded (CANCEL_FEE_WON: none), the cancellation and its `payment.cancelled` event recorded. Never more in
 * total than was paid (1151); a merchant wallet that cannot pay it back refuses it (1153). The member is told.
 */
export async function cancelPayment(
  ctx: AppContext,
  merchant: MerchantRef,
  publicId: string,
  body: { amount?: number; reason: string },
  idempotency?: IdempotencyRef,
): Promise<Payment> {
  const row = await ownPayment(ctx, merchant, publicId);
  if (row.state !== "paid" && row.state !== "partially_cancelled") throw new AppError(Code.CONFLICT, Msg.paymentNotPaid);
  if (row.transfer_status !== "confirmed") throw new AppError(Code.CONFLICT, Msg.paymentProcessing);
  const paid = Number(row.amount);
  const before = Number(row.cancelled_amount);
  const amount = body.amount ?? paid - before;
  if (amount <= 0 || before + amount > paid) throw new AppError(Code.CANCEL_OVER_REMAINING, Msg.cancelOverRemaining);
  const memberId = Number(row.member_id);
  const from = (await ctx.custody.memberWallet(Number(row.owner_id)))!.address;
  const to = (await ctx.custody.memberWallet(memberId))!.address;
  await ensureChainUpForOutbox(ctx);
  const after = before + amount;
  const transfer = await ctx.outbox.transact(async (trx) => {
    const state: PaymentState = after === paid ? "cancelled" : "partially_cancelled";
    if (
      !(await movePayment(
        trx,
        Number(row.id),
        ["paid", "partially_cancelled"],
        { state, cancelled_amount: after },
        { cancelledAmount: before },
      ))
    )
      throw new AppError(Code.CONFLICT, Msg.requestInProgress);
    let t: OutboxRow;
    try {
      t = await ctx.outbox.enqueue(
        trx,
        {
          kind: "payment_cancel",
          from,
          to,
          value: amount,
          fee: CANCEL_FEE_WON,
          memberId: Number(row.owner_id),
          counterpartyMemberId: memberId,
          idempotency,
        },
        Msg.merchantBalanceShort,
      );
    } catch (err) {
      if (err instanceof AppError && err.message === Msg.merchantBalanceShort)
        throw new AppError(Code.MERCHANT_BALANCE, Msg.merchantBalanceShort);
      throw err;
    }
    await trx
      .insertInto("payment_cancels")
      .values({
        payment_id: Number(row.id),
        amount,
        reason: body.reason,
        transfer_id: Number(t.id),
        state: "sent",
        created_at: new Date().toISOString(),
      })
      .execute();
    await recordEvent(trx, {
      merchantId: merchant.id,
      type: "payment.cancelled",
      paymentId: Number(row.id),
      transferId: Number(t.id),
      data: {
        paymentId: row.public_id,
        orderId: row.order_id,
        cancelledAmount: amount,
        totalCancelledAmount: after,
        remainingAmount: paid - after,
        reason: body.reason,
        state,
      },
    });
    return t;
  });
  ctx.relayer.kick();
  const resolved = await ctx.relayer.waitFor(transfer.id, RESOLVE_WAIT_MS, transfer);
  if (resolved.status === "failed") {
    await followPayments(ctx);
    throw new AppError(Code.SERVER_ERROR, Msg.cancelFailed);
  }
  notifyMemberQuietly(ctx, {
    memberId,
    kind: "payment_cancelled",
    body: `${row.merchant_name}에서 ${row.item_name} 결제 ${formatWon(amount)}원이 취소되어 돌려받았습니다.`,
    ref: { type: "payment", id: row.public_id },
    dedupeKey: `payment-cancel:${transfer.id}`,
  });
  return view(ctx, (await paymentByPublicId(ctx.db, publicId))!);
}

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

/** The answer of a cancellation, rebuilt from its move (an Idempotency-Key replay after a crash). */
export async function cancelResultOf(ctx: AppContext, transfer: OutboxRow): Promise<Payment> {
  const c = await ctx.db
    .selectFrom("payment_cancels")
    .select("payment_id")
    .where("transfer_id", "=", Number(transfer.id))
    .executeTakeFirstOrThrow();
  return view(ctx, await paymentsWithMoves(ctx.db).where("p.id", "=", Number(c.payment_id)).executeTakeFirstOrThrow());
}
