import type { AppContext } from "../../context";
import type { MemberRow } from "../members/members.repo";
import type { Verifications } from "./verification.service";
import type { RefundRow } from "../refunds/refunds.repo";
import { openRefundOf } from "../refunds/refunds.repo";
import { assertActive, checkHolder, moveToEscrow } from "../refunds/refunds.service";
import { AppError } from "../../http/errors";
import { checkPaymentPassword } from "../../money/payment-password";
import { REFUND_FEE_WON } from "../../../domain/policy/refund";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { VerifyCode } from "../../../domain/constants";
import type { CloseBody } from "../../../domain/schemas/refund";

/**
 * 회원 탈퇴 (issue 36 item 3, README.md "Closing an account"): after identity re-verification, the balance is refunded
 * first (a closing refund of the whole balance less the fee, by the refund path) or, when it is at or below the fee,
 * forfeited on the member's explicit consent; then the account is closed: no login, its phone free for a new sign-up,
 * its personal data minimised, its transaction records kept (RECORD_RETENTION_YEARS).
 */

export const CLOSED_NAME = "탈퇴회원";

export async function closingInfo(ctx: AppContext, member: MemberRow) {
  const wallet = (await ctx.custody.memberWallet(member.id))!.address;
  const balance = await ctx.outbox.spendable(wallet);
  return {
    balance,
    refundable: Math.max(0, balance - REFUND_FEE_WON),
    fee: REFUND_FEE_WON,
    canForfeit: balance > 0 && balance <= REFUND_FEE_WON,
    openRefund: (await openRefundOf(ctx.db, member.id)) !== undefined,
    holderName: member.username,
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
  if (await openRefundOf(ctx.db, member.id)) throw new AppError(Code.CLOSING_BALANCE_LEFT, Msg.closingRefundOpen);
  const info = await closingInfo(ctx, member);
  const refunds = info.balance > REFUND_FEE_WON;
  if (refunds && (!body.bank || !body.account)) throw new AppError(Code.CLOSING_BALANCE_LEFT, Msg.closingBalanceLeft);
  if (info.canForfeit && body.forfeit !== true) throw new AppError(Code.CLOSING_BALANCE_LEFT, Msg.closingBalanceLeft);
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
        rule: "closing",
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
      state: "kickOut",
      closed_at: closedAt,
      updated_at: closedAt,
      // Personal data minimised: the phone freed for a new sign-up (unique, so a placeholder of the row), the rest blank.
      username: CLOSED_NAME,
      phonenumber: `closed-${member.id}`,
      nickname: null,
      email: null,
      home_address: null,
      birth: null,
      carrier: null,
    })
    .where("id", "=", member.id)
    .where("state", "=", "repair")
    .execute();
  await ctx.tokens.endSessions(`m:${member.id}`);
  ctx.log.info({ memberId: member.id }, "member closed the account");
  return { closedAt, refund };
}
