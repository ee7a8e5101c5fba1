import type { AppContext } from "../context";
import type { MemberRow } from "../auth/middleware";
import { verifyPassword } from "../auth/passwords";
import { AppError } from "../http/errors";
import { withTimeout } from "../routes/health";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";

/**
 * The payment password dialog: the member's 6-digit password. Wrong → 400 '비밀번호가 일치하지 않습니다.';
 * the fifth wrong one locks payments for 10 minutes (423), separately from login.
 */
export async function checkPaymentPassword(ctx: AppContext, member: MemberRow, password: string): Promise<void> {
  const subject = `pay:${member.id}`;
  if (ctx.lockout.isLocked(subject)) throw new AppError(Code.LOCKED, Msg.paymentLocked);
  const row = ctx.db.prepare("SELECT password_hash FROM members WHERE id = ?").get(member.id) as { password_hash: string };
  if (!(await verifyPassword(password, row.password_hash))) {
    if (ctx.lockout.fail(subject)) throw new AppError(Code.LOCKED, Msg.paymentLocked);
    throw new AppError(Code.BAD_REQUEST, Msg.passwordWrong);
  }
  ctx.lockout.reset(subject);
}

/** Refuses with 503 (and records nothing) when the chain does not answer within 2 s. */
export async function ensureChainUp(ctx: AppContext): Promise<void> {
  try {
    await withTimeout(ctx.chain.provider.getBlockNumber(), 2000);
  } catch {
    throw new AppError(Code.CHAIN_UNAVAILABLE, Msg.chainUnavailable);
  }
}

/** How long a gift/use/approval call waits for its receipt before answering 'pending'. */
export const SETTLE_WAIT_MS = 20_000;
