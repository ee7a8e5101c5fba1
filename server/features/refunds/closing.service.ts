import type { AppContext } from "../../context";
import { closedPhoneHash, type MemberRow } from "../../records/members.repo";
import type { Verifications } from "../../providers/identity/verification.service";
import type { RefundRow } from "./refunds.repo";
import { openRefundOf } from "./refunds.repo";
import { assertActive, checkHolder, moveToEscrow } from "./refunds.service";
import { sendOutbound } from "../../records/member-notices/outbound";
import { formatWon } from "../../../domain/format";
import { AppError } from "../../http/errors";
import { checkPaymentPassword } from "../../money/payment-password";
import { REFUND_FEE_WON } from "../../../domain/policy/refund";
import { closingQuote } from "../../../domain/policy/refund-rule";
import { validityEnded } from "../../records/validity.repo";
import { fullRefundRight } from "../../records/change-notices.repo";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { VerifyCode, MemberState } from "../../../domain/constants";
import type { CloseBody } from "../../../domain/schemas/refunds";

/**
 * 회원 탈퇴 (issue 36 item 3, README.md "Closing an account"): after identity re-verification, the balance is refunded
 * first (a closing refund of the whole balance less the fee, by the refund path) or, when it is at or below the fee,
 * forfeited on the member's explicit consent; then the account is closed: no login, its phone free for a new sign-up,
 * its personal data minimised, its transaction records kept (RECORD_RETENTION_YEARS).
 */

export const CLOSED_NAME = "탈퇴회원";

/** An unpaid purchase request: once paid and approved it would mint into a closed wallet, so it refuses closing. */
async function pendingBuy(ctx: AppContext, memberId: number): Promise<boolean> {
  const row = await ctx.db
    .selectFrom("buy_orders")
    .select("id")
    .where("member_id", "=", memberId)
    .where("state", "=", "pending")
    .executeTakeFirst();
  return row !== undefined;
}

export async function closingInfo(ctx: AppContext, member: MemberRow) {
  const wallet = (await ctx.custody.memberWallet(member.id))!.address;
  const [balance, expired, right] = await Promise.all([
    ctx.outbox.spendable(wallet),
    validityEnded(ctx, member.id),
    fullRefundRight(ctx, member.id),
  ]);
  const quote = closingQuote({ balance, expired, fullRight: right !== null });
  return {
    balance,
    refundable: quote.refundable,
    deduction: quote.deduction,
    expired,
    fee: REFUND_FEE_WON,
    // Nothing would be paid: the member may leave the balance (at or below the fee, or its after-expiry share).
    canForfeit: balance > 0 && quote.refundable === 0,
    openRefund: (await openRefundOf(ctx.db, member.id)) !== undefined,
    pendingBuy: await pendingBuy(ctx, member.id),
    holderName: member.username,
    fullRight: right,
  };
}

export async function closeAccount(
  ctx: AppContext,
  verifications: Verifications,
  member: MemberRow,
  body: CloseBody,
): Promise<{ closedAt: string; refund: RefundRow | null }> {
  assertActive(member);
  // The re-verification must be of this member (the key's verified phone is the account's).
  const verified = await verifications.usable(body.key_info, "reauth", VerifyCode.ALREADY_MEMBER);
  if (!verified || verified.phone !== member.phonenumber) throw new AppError(Code.BAD_REQUEST, Msg.verifyInvalid);
  const info = await closingInfo(ctx, member);
  if (info.openRefund) throw new AppError(Code.CLOSING_BALANCE_LEFT, Msg.closingRefundOpen);
  if (info.pendingBuy) throw new AppError(Code.CLOSING_BALANCE_LEFT, Msg.closingBuyPending);
  const refunds = info.refundable > 0;
  if (refunds && (!body.bank || !body.account)) throw new AppError(Code.CLOSING_BALANCE_LEFT, Msg.closingBalanceLeft);
  if (info.canForfeit && body.forfeit !== true) throw new AppError(Code.CLOSING_BALANCE_LEFT, Msg.closingForfeitRequired);
  if (refunds) await checkHolder(member, body.bank!, body.account!);
  await checkPaymentPassword(ctx, member, body.password);
  if (!(await verifications.claim(body.key_info, "reauth", VerifyCode.ALREADY_MEMBER)))
    throw new AppError(Code.BAD_REQUEST, Msg.verifyInvalid);
  const wallet = (await ctx.custody.memberWallet(member.id))!.address;
  // The money first: once it is in the escrow (or the request failed and it is still in the wallet) the account closes.
  // A crash between the two leaves an open refund and an open account: the member closes again once it is paid.
  const refund = refunds
    ? await moveToEscrow(ctx, member, wallet, {
        kind: "closing",
        // Closing under a posted change's full-refund right (refusing a terms change by leaving) keeps its rule.
        rule: info.fullRight ? "notice" : "closing",
        value: info.refundable,
        escrowed: info.balance,
        balance: info.balance,
        buyOrderId: null,
        bank: body.bank!,
        account: body.account!,
      })
    : null;
  const closedAt = new Date().toISOString();
  await ctx.db
    .updateTable("members")
    .set({
      state: MemberState.KICKED,
      closed_at: closedAt,
      updated_at: closedAt,
      // Personal data minimised: the phone freed for a new sign-up (unique, so a placeholder of the row), the rest blank.
      username: CLOSED_NAME,
      phonenumber: `closed-${member.id}`,
      closed_phone_hash: closedPhoneHash(ctx, member.phonenumber),
      nickname: null,
      email: null,
      home_address: null,
      birth: null,
      carrier: null,
    })
    .where("id", "=", member.id)
    .where("state", "=", MemberState.NORMAL)
    .execute();
  // The closing refund's outcome is to reach the phone the member had: kept on that order until it is sent.
  if (refund) await ctx.db.updateTable("refund_orders").set({ notify_phone: member.phonenumber }).where("id", "=", refund.id).execute();
  await ctx.sessions.endSessions(`m:${member.id}`);
  ctx.log.info({ memberId: member.id }, "member closed the account");
  // Told once by message (the notification center is out of reach now): the closing, and the refund to come.
  await sendOutbound(ctx, {
    channel: "alimtalk",
    template: "KRW_ACCOUNT_CLOSED",
    to: member.phonenumber,
    body: `[KRW 상품권] 회원 탈퇴\n회원 탈퇴가 완료되었습니다.${
      refund ? ` 잔액 ${formatWon(Number(refund.value))}원은 확인 후 환불 계좌로 지급됩니다. (환불번호 ${refund.order_no})` : ""
    }`,
    memberId: member.id,
    noticeId: null,
  }).catch((err) => ctx.log.error({ err: (err as Error).message }, "closing message failed"));
  return { closedAt, refund };
}
