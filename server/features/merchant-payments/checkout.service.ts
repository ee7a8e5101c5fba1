import type { AppContext } from "../../context";
import type { MemberRow } from "../../auth/middleware";
import type { OutboxRow } from "../../db/schema";
import { AppError } from "../../http/errors";
import { checkPaymentPassword, RESOLVE_WAIT_MS } from "../../money/payment-password";
import { ensureChainUpForOutbox } from "../../money/chain-status";
import type { IdempotencyRef } from "../../money/idempotency";
import { movePayment, paymentByPublicId, paymentsWithMoves, type PaymentRow } from "./payments.repo";
import { viewOf } from "./payment-view";
import { followPayments } from "./payments-follow.service";
import { recordEvent } from "./webhooks.service";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { PAYMENT_STATE_LABEL } from "../../../domain/policy/merchant-payments";
import type { CheckoutResult, CheckoutView } from "../../../domain/schemas/merchant-payments";

/** The member's side of a payment: the checkout page's view, and paying it (docs/flows.md (g)). */

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
