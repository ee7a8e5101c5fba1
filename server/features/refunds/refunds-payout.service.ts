import type { AppContext } from "../../context";
import type { OperatorRow } from "../../auth/middleware";
import type { IdempotencyRef } from "../../money/idempotency";
import type { Job } from "../../job";
import * as repo from "./refunds.repo";
import type { RefundRow } from "./refunds.repo";
import { checkHolder, refundEscrow } from "./refunds.service";
import { tellRefundById, tellRefundOutcome, tellUntoldRefunds } from "./refunds-notice";
import { propose } from "../../dual-control/proposals";
import { appendAction } from "../../records/audit.repo";
import { indexReached } from "../../money/chain-status";
import { AppError } from "../../http/errors";
import { resolveSubmittedCalls } from "../../money/chain-calls";
import { burnEscrowed, followFailedMoves, returnEscrowed } from "../../money/escrow-order";
import { RESOLVE_WAIT_MS } from "../../money/payment-password";
import { REFUND_PAYOUT_DUAL_CONTROL_WON } from "../../../domain/policy/refund";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { maskBankAccount } from "../../../domain/mask";

/**
 * Refunds, the operators' side (README.md): payout (the operator paid by bank and records the reference; the
 * escrowed amount is burned, or above REFUND_PAYOUT_DUAL_CONTROL_WON a proposal a second operator approves) and
 * rejection (the amount goes back to the member's wallet). Every change is a conditional update from 'requested'.
 */

/**
 * What the member was told when a refund ended (paid or rejected): each decision's `memberEvent`. The telling itself
 * is `tellRefundOutcome` (refunds-notice.ts), called where the order reaches 지급 완료 / 반려: payRefund,
 * rejectRefund, followRefunds (the job, incl. its catch-up) and followRefundProposal (a payout's approval).
 */
export interface RefundMemberEvent {
  memberId: number;
  kind: "refundPaid" | "refundRejected";
  orderNo: string;
  value: number;
  reason: string | null;
}
export const memberEventOf = (r: RefundRow): RefundMemberEvent | null =>
  r.state === "paid" || r.state === "rejected"
    ? {
        memberId: Number(r.member_id),
        kind: r.state === "paid" ? "refundPaid" : "refundRejected",
        orderNo: r.order_no,
        value: Number(r.value),
        reason: r.reject_reason,
      }
    : null;

const actor = (a: OperatorRow) => ({ adminId: a.id, adminLoginId: a.login_id });

/** A requested order whose move into the escrow has resolved and been indexed; otherwise refused (409). */
async function requestedOrder(ctx: AppContext, orderNo: string): Promise<RefundRow & { escrowed: number }> {
  const order = await repo.refundByOrderNo(ctx.db, orderNo);
  if (!order) throw new AppError(Code.NOT_FOUND, Msg.notFound);
  if (order.state !== "requested") throw new AppError(Code.CONFLICT, Msg.refundNotRequested);
  const moved = await ctx.relayer.waitFor(order.request_transfer_id, RESOLVE_WAIT_MS);
  if (moved.status !== "confirmed") throw new AppError(Code.CONFLICT, Msg.refundNotRequested);
  if (moved.block_number !== null) await indexReached(ctx, moved.block_number);
  return { ...order, escrowed: Number(order.value) + Number(order.deduction) };
}

export interface PayoutResult {
  refund: RefundRow;
  proposalId: number | null;
  txHash: string | null;
  memberEvent: RefundMemberEvent | null;
}

/**
 * Payout: records the bank reference and burns the escrowed amount (지급 완료). The order moves to 'paying'
 * naming its burn call in one transaction with the call's record and the audit entry, before the burn is sent; a
 * burn that failed or never left puts it back to 환불 대기; one whose outcome is not known yet stays 'paying'
 * (202) for `followRefunds`. Above the threshold the burn is a proposal (refundPayout) another operator approves.
 */
export async function payRefund(
  ctx: AppContext,
  admin: OperatorRow,
  orderNo: string,
  bankRef: string,
  idempotency?: IdempotencyRef,
): Promise<PayoutResult> {
  const order = await requestedOrder(ctx, orderNo);
  const from = await refundEscrow(ctx);
  if (Number(order.value) > REFUND_PAYOUT_DUAL_CONTROL_WON) return proposePayout(ctx, admin, order, from, bankRef);
  const call = await burnEscrowed(ctx, repo.refundOrders, order.id, {
    escrow: from,
    value: order.escrowed,
    adminId: admin.id,
    idempotency,
    taken: { bank_ref: bankRef, admin_id: admin.id },
    putBack: { bank_ref: null },
    done: { decided_at: new Date().toISOString() },
    audit: (trx) =>
      appendAction(trx, {
        ...actor(admin),
        action: "refund.pay",
        targetType: "refund",
        targetId: order.order_no,
        after: { value: Number(order.value), burned: order.escrowed, bankRef, member: Number(order.member_id) },
      }),
    failed: Msg.refundPayoutFailed,
  });
  const refund = (await repo.refundByOrderNo(ctx.db, orderNo))!;
  await tellRefundOutcome(ctx, refund);
  return { refund, proposalId: null, txHash: call.tx_hash, memberEvent: memberEventOf(refund) };
}

/** Above the threshold: the order is 'paying' under a refundPayout proposal; its approval burns, its end otherwise reopens it. */
async function proposePayout(
  ctx: AppContext,
  admin: OperatorRow,
  order: RefundRow & { escrowed: number },
  from: string,
  bankRef: string,
): Promise<PayoutResult> {
  if (!(await repo.moveRefund(ctx.db, order.id, "requested", "paying", { bank_ref: bankRef, admin_id: admin.id })))
    throw new AppError(Code.CONFLICT, Msg.refundNotRequested);
  let proposalId: number;
  try {
    const p = await propose(ctx, admin, {
      kind: "refundPayout",
      payload: { orderNo: order.order_no, from, value: order.escrowed },
      reason: `환불 지급 ${order.order_no} (이체 참조 ${bankRef})`,
    });
    proposalId = p.id;
  } catch (err) {
    await repo.moveRefund(ctx.db, order.id, "paying", "requested", { bank_ref: null });
    throw err;
  }
  await repo.moveRefund(ctx.db, order.id, "paying", "paying", { proposal_id: proposalId });
  const refund = (await repo.refundByOrderNo(ctx.db, order.order_no))!;
  return { refund, proposalId, txHash: null, memberEvent: null };
}

/** Rejection: the amount goes back from the escrow to the member's wallet through the outbox (반려, with the reason). */
export async function rejectRefund(ctx: AppContext, admin: OperatorRow, orderNo: string, reason: string): Promise<PayoutResult> {
  const order = await requestedOrder(ctx, orderNo);
  // A closed account cannot use money returned to its wallet, and the balance is still owed: the account is changed
  // and paid instead (changeClosingRefundAccount).
  if (order.kind === "closing") throw new AppError(Code.CONFLICT, Msg.closingRefundNoReject);
  const resolved = await returnEscrowed(ctx, repo.refundOrders, order.id, {
    escrow: await refundEscrow(ctx),
    to: order.wallet,
    value: order.escrowed,
    counterpartyMemberId: Number(order.member_id),
    outboxKind: "refund_return",
    returned: { reject_reason: reason, admin_id: admin.id, decided_at: new Date().toISOString() },
    putBack: { reject_reason: null, decided_at: null },
    audit: (trx) =>
      appendAction(trx, {
        ...actor(admin),
        action: "refund.reject",
        targetType: "refund",
        targetId: order.order_no,
        after: { value: Number(order.value), returned: order.escrowed, reason, member: Number(order.member_id) },
      }),
    refused: Msg.refundRejectFailed,
    failed: Msg.refundRejectFailed,
  });
  const refund = (await repo.refundByOrderNo(ctx.db, orderNo))!;
  await tellRefundOutcome(ctx, refund);
  return { refund, proposalId: null, txHash: resolved.tx_hash, memberEvent: memberEventOf(refund) };
}

/**
 * A closing refund's payout account changed by an operator, while 환불 대기: the member's account is closed (no login),
 * so a wrong or closed account they gave is corrected through support, not by a rejection (the money would go back
 * to a wallet nobody can use). The new account is checked with the bank against the holder name kept on the order
 * (the member's verified name), and the change is audited with both accounts masked and its reason. Not for other
 * refunds: a member with an open account asks again themselves.
 */
export async function changeClosingRefundAccount(
  ctx: AppContext,
  admin: OperatorRow,
  orderNo: string,
  to: { bank: string; account: string; reason: string },
): Promise<PayoutResult> {
  const order = await repo.refundByOrderNo(ctx.db, orderNo);
  if (!order) throw new AppError(Code.NOT_FOUND, Msg.notFound);
  if (order.kind !== "closing" || order.state !== "requested") throw new AppError(Code.CONFLICT, Msg.refundAccountClosingOnly);
  await checkHolder({ username: order.holder_name }, to.bank, to.account);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.moveRefund(trx, order.id, "requested", "requested", { bank_name: to.bank, bank_account: to.account })))
      throw new AppError(Code.CONFLICT, Msg.refundAccountClosingOnly);
    await appendAction(trx, {
      ...actor(admin),
      action: "refund.account",
      targetType: "refund",
      targetId: order.order_no,
      before: { account: maskBankAccount(order.bank_name, order.bank_account) },
      after: { account: maskBankAccount(to.bank, to.account), reason: to.reason },
    });
  });
  return { refund: (await repo.refundByOrderNo(ctx.db, orderNo))!, proposalId: null, txHash: null, memberEvent: null };
}

/**
 * Orders a request did not see to the end (no receipt in time, a crash, a proposal decided later), resolved from
 * their records: a burn call confirmed → 지급 완료, failed or never sent → 환불 대기; a proposal approved (its burn
 * confirmed) → 지급 완료, rejected/expired/failed → 환불 대기; a request move failed → 실패; a return failed → 환불 대기.
 */
export async function followRefunds(ctx: AppContext): Promise<number> {
  await resolveSubmittedCalls(ctx);
  let moved = 0;
  for (const o of await repo.payingWithCalls(ctx.db))
    if (await repo.followPaying(ctx.db, o)) {
      moved++;
      await tellRefundById(ctx, Number(o.id));
    }
  moved += await followFailedMoves(ctx.db, repo.refundOrders, await repo.refundsWithFailedMoves(ctx.db), {
    putBack: { reject_reason: null, decided_at: null },
  });
  // Whatever reached 지급 완료 / 반려 without its notice (a crash in between) is told now, once.
  await tellUntoldRefunds(ctx);
  return moved;
}

/** As soon as the relayer resolves a refund's move as failed (the job catches what this misses). */
export function resolveRefundMoves(ctx: AppContext): void {
  ctx.relayer.on("resolved", (row) => {
    if ((row.kind !== "refund" && row.kind !== "refund_return") || row.status !== "failed") return;
    void followRefunds(ctx).catch((err) =>
      ctx.log.error({ err: (err as Error).message, id: row.id }, "following a failed refund move failed"),
    );
  });
}

export const followRefundsJob: Job = { name: "refunds", everyMs: 30_000, run: (ctx) => followRefunds(ctx).then(() => undefined) };
