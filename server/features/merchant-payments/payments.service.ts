import crypto from "node:crypto";
import type { AppContext } from "../../context";
import type { OutboxRow } from "../../db/schema";
import { AppError } from "../../http/errors";
import { RESOLVE_WAIT_MS } from "../../money/payment-password";
import { ensureChainUpForOutbox } from "../../money/chain-status";
import type { IdempotencyRef } from "../../money/idempotency";
import { notifyMemberQuietly } from "../../records/member-notices/notify-member";
import { movePayment, paymentByPublicId, paymentsPage, paymentsWithMoves, type PaymentRow } from "./payments.repo";
import { paymentViews, viewOf } from "./payment-view";
import { followPayments } from "./payments-follow.service";
import { recordEvent } from "./webhooks.service";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { formatWon } from "../../../domain/format";
import { CANCEL_FEE_WON, CHECKOUT_FEE_WON, type PaymentState } from "../../../domain/policy/merchant-payments";
import type { Payment, PaymentCreate } from "../../../domain/schemas/merchant-payments";

/** The merchant's side of a payment: create, read, list, cancel (docs/merchant-api.md). */

export interface MerchantRef {
  id: number;
  memberId: number;
  name: string;
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

/** The answer of a cancellation, rebuilt from its move (an Idempotency-Key replay after a crash). */
export async function cancelResultOf(ctx: AppContext, transfer: OutboxRow): Promise<Payment> {
  const c = await ctx.db
    .selectFrom("payment_cancels")
    .select("payment_id")
    .where("transfer_id", "=", Number(transfer.id))
    .executeTakeFirstOrThrow();
  return view(ctx, await paymentsWithMoves(ctx.db).where("p.id", "=", Number(c.payment_id)).executeTakeFirstOrThrow());
}
