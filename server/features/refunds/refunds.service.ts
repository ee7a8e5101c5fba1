import crypto from "node:crypto";
import type { AppContext } from "../../context";
import type { MemberRow } from "../../records/members.repo";
import type { IdempotencyRef } from "../../money/idempotency";
import type { RefundKind } from "../../db/schema";
import * as repo from "./refunds.repo";
import type { RefundRow } from "./refunds.repo";
import { bankHolder } from "../../providers/bank-holder";
import { validityEnded } from "../../records/validity.repo";
import { fullRefundRight, type FullRight } from "../../records/change-notices.repo";
import { AppError } from "../../http/errors";
import { checkPaymentPassword, RESOLVE_WAIT_MS } from "../../money/payment-password";
import { ensureChainUpForOutbox } from "../../money/chain-status";
import { refundQuote, withdrawable, type RefundQuote } from "../../../domain/policy/refund-rule";
import { REFUND_FEE_WON, WITHDRAWAL_DAYS } from "../../../domain/policy/refund";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { RefundRuleLabel, RefundStateLabel } from "../../../domain/state-labels";
import type { RefundQuoteDto } from "../../../domain/schemas/refunds";
import { MemberState } from "../../../domain/constants";

/**
 * Refunds, the member's side (README.md): what is refundable now and why, the holder check, and the request
 * that moves the amount from the member's wallet to the refund escrow through the outbox (환불 대기).
 */

export async function refundEscrow(ctx: Pick<AppContext, "custody">): Promise<string> {
  return (await ctx.custody.byKind("refund"))!.address;
}

/** A member whose money may move: a closed account has its own code, a suspended one is refused as its payments are. */
export function assertActive(member: MemberRow): void {
  if (member.state === MemberState.KICKED || member.closed_at) throw new AppError(Code.ACCOUNT_CLOSED, Msg.accountClosed);
  if (member.state !== MemberState.NORMAL) throw new AppError(Code.FORBIDDEN, Msg.accountSuspended);
}

async function walletOf(ctx: AppContext, member: MemberRow): Promise<string> {
  const w = await ctx.custody.memberWallet(member.id);
  if (!w) throw new AppError(Code.NOT_FOUND, Msg.notFound);
  return w.address;
}

/**
 * The rule's quote for a member now (`ctx.clock`): past its validity the after-expiry rate applies; a posted change
 * that concerns the member gives the whole balance (README "Full refund on a change").
 */
export async function quoteOf(ctx: AppContext, member: MemberRow): Promise<RefundQuote & { wallet: string; right: FullRight | null }> {
  const wallet = await walletOf(ctx, member);
  const [balance, used, expired, right] = await Promise.all([
    ctx.outbox.spendable(wallet),
    repo.usedOf(ctx.db, wallet),
    validityEnded(ctx, member.id),
    fullRefundRight(ctx, member.id),
  ]);
  return { ...refundQuote({ balance, used, expired, fullRight: right !== null }), wallet, right };
}

/** The purchases 청약철회 may cancel now (order numbers). */
async function withdrawableOrders(ctx: AppContext, memberId: number, wallet: string, balance: number, now: Date) {
  const since = new Date(now.getTime() - WITHDRAWAL_DAYS * 86_400_000).toISOString();
  const found = [];
  for (const b of await repo.withdrawalCandidates(ctx.db, memberId, since)) {
    const movedOutSince = await repo.usedOf(ctx.db, wallet, b.confirmed_at!);
    if (withdrawable({ confirmedAt: b.confirmed_at, value: Number(b.value), balance, movedOutSince, now })) found.push(b);
  }
  return found;
}

export async function refundInfo(ctx: AppContext, member: MemberRow, now = ctx.clock.now()): Promise<RefundQuoteDto> {
  const q = await quoteOf(ctx, member);
  const open = await repo.openRefundOf(ctx.db, member.id);
  const orders = await withdrawableOrders(ctx, member.id, q.wallet, q.balance, now);
  return {
    balance: q.balance,
    loaded: q.loaded,
    used: q.used,
    usedPercent: q.usedPercent,
    requiredPercent: q.requiredPercent,
    moreToUse: q.moreToUse,
    rule: q.rule,
    ruleLabel: RefundRuleLabel[q.rule],
    refundable: open ? 0 : q.refundable,
    deduction: q.deduction,
    fee: REFUND_FEE_WON,
    holderName: member.username,
    open: open ? { orderNo: open.order_no, value: Number(open.value), state: open.state, stateLabel: RefundStateLabel[open.state] } : null,
    withdrawable: open ? [] : orders.map((o) => o.order_no),
    fullRight: q.right,
  };
}

/** The account must be in the member's verified name: its own code and message for each refusal. */
export async function checkHolder(member: Pick<MemberRow, "username">, bank: string, account: string): Promise<void> {
  const verdict = await bankHolder.check({ bank, account, name: member.username });
  if (verdict === "notFound") throw new AppError(Code.REFUND_ACCOUNT_NOT_FOUND, Msg.refundAccountNotFound);
  if (verdict === "closed") throw new AppError(Code.REFUND_ACCOUNT_CLOSED, Msg.refundAccountClosed);
  if (verdict === "mismatch") throw new AppError(Code.REFUND_HOLDER_MISMATCH, Msg.refundHolderMismatch);
}

interface Ask {
  kind: RefundKind;
  rule: string;
  /** What is paid out; `escrowed` (payout + deduction) moves to the escrow and is burned at payout. */
  value: number;
  escrowed: number;
  balance: number;
  buyOrderId: number | null;
  bank: string;
  account: string;
}

/**
 * The common path of every refund: the move to the escrow and the order in one transaction (the outbox re-checks
 * the spendable balance under the wallet's lock, then a member's second open refund is refused inside the same
 * lock), then the wait for the move. Nothing is recorded when the chain is down (503 before the transaction).
 */
export async function moveToEscrow(
  ctx: AppContext,
  member: MemberRow,
  wallet: string,
  ask: Ask,
  idempotency?: IdempotencyRef,
  now = new Date(),
): Promise<RefundRow> {
  await ensureChainUpForOutbox(ctx);
  const to = await refundEscrow(ctx);
  const order = await ctx.db.transaction().execute(async (trx) => {
    const row = await ctx.outbox
      .enqueue(trx, { kind: "refund", from: wallet, to, value: ask.escrowed, memberId: member.id, idempotency }, Msg.refundOverRefundable)
      .catch((err: unknown) => {
        throw err instanceof AppError && err.code === Code.BAD_REQUEST
          ? new AppError(Code.REFUND_OVER_REFUNDABLE, err.message, err.data)
          : err;
      });
    if (await repo.openRefundOf(trx, member.id)) throw new AppError(Code.REFUND_ALREADY_OPEN, Msg.refundAlreadyOpen);
    const order = await repo.insertRefund(trx, {
      order_no: `R${now.toISOString().slice(0, 10).replace(/-/g, "")}${crypto.randomBytes(4).toString("hex").toUpperCase()}`,
      member_id: member.id,
      kind: ask.kind,
      buy_order_id: ask.buyOrderId,
      wallet,
      value: ask.value,
      balance: ask.balance,
      deduction: ask.escrowed - ask.value,
      rule: ask.rule,
      bank_name: ask.bank,
      bank_account: ask.account,
      holder_name: member.username,
      request_transfer_id: row.id,
      created_at: now.toISOString(),
    });
    return order;
  });
  await ctx.notifier.notify("환불", `${member.username} 환불 신청 ${order.value.toLocaleString("ko-KR")}원 (환불 대기)`, order.id);
  ctx.relayer.kick();
  const resolved = await ctx.relayer.waitFor(order.request_transfer_id, RESOLVE_WAIT_MS);
  if (resolved.status === "failed") {
    // Nothing reached the escrow: the order is 실패 and the request answers failure.
    await repo.moveRefund(ctx.db, order.id, "requested", "failed");
    throw new AppError(Code.SERVER_ERROR, Msg.refundRequestFailed);
  }
  return (await repo.refundByOrderNo(ctx.db, order.order_no))!;
}

/** 잔액 환불: amount checks, the holder check, the payment password (payment lockout), then the move. */
export async function requestRefund(
  ctx: AppContext,
  member: MemberRow,
  body: { bank: string; account: string; value: number; password: string },
  idempotency?: IdempotencyRef,
): Promise<RefundRow> {
  assertActive(member);
  const q = await quoteOf(ctx, member);
  if (q.refundable <= 0) throw new AppError(Code.REFUND_OVER_REFUNDABLE, Msg.refundNothingRefundable);
  if (body.value > q.refundable) throw new AppError(Code.REFUND_OVER_REFUNDABLE, Msg.refundOverRefundable);
  // A deduction (fee, expiry) is taken once, from the whole refundable amount.
  if (q.deduction > 0 && body.value !== q.refundable) throw new AppError(Code.REFUND_OVER_REFUNDABLE, Msg.refundWholeOnly);
  await checkHolder(member, body.bank, body.account);
  await checkPaymentPassword(ctx, member, body.password);
  const escrowed = body.value + (q.deduction > 0 ? q.deduction : 0);
  return moveToEscrow(
    ctx,
    member,
    q.wallet,
    {
      kind: "balance",
      rule: q.rule,
      value: body.value,
      escrowed,
      balance: q.balance,
      buyOrderId: null,
      bank: body.bank,
      account: body.account,
    },
    idempotency,
  );
}

/** 청약철회: one approved purchase, unused, within the days, in full. */
export async function withdrawPurchase(
  ctx: AppContext,
  member: MemberRow,
  body: { bank: string; account: string; orderNo: string; password: string },
  idempotency?: IdempotencyRef,
  now = ctx.clock.now(),
): Promise<RefundRow> {
  assertActive(member);
  const q = await quoteOf(ctx, member);
  const order = (await withdrawableOrders(ctx, member.id, q.wallet, q.balance, now)).find((o) => o.order_no === body.orderNo);
  if (!order) throw new AppError(Code.REFUND_NOT_WITHDRAWABLE, Msg.refundNotWithdrawable);
  await checkHolder(member, body.bank, body.account);
  await checkPaymentPassword(ctx, member, body.password);
  const value = Number(order.value);
  return moveToEscrow(
    ctx,
    member,
    q.wallet,
    {
      kind: "withdrawal",
      rule: "withdrawal",
      value,
      escrowed: value,
      balance: q.balance,
      buyOrderId: Number(order.id),
      bank: body.bank,
      account: body.account,
    },
    idempotency,
    now,
  );
}
