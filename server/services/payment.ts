import type { AppContext } from "../context";
import type { MemberRow } from "../auth/middleware";
import { checkPasswordWithLockout } from "../auth/check-password";
import { Msg } from "../../domain/messages";

/**
 * The payment password dialog: the member's 6-digit password. Wrong → 400 '비밀번호가 일치하지 않습니다.';
 * the fifth wrong one locks payments for 10 minutes (423), separately from login.
 */
export async function checkPaymentPassword(ctx: AppContext, member: MemberRow, password: string): Promise<void> {
  const row = ctx.db.prepare("SELECT password_hash FROM members WHERE id = ?").get(member.id) as { password_hash: string };
  await checkPasswordWithLockout(ctx.lockout, `pay:${member.id}`, row.password_hash, password, { locked: Msg.paymentLocked, wrong: Msg.passwordWrong });
}

/** How long a gift/use/approval call waits for its receipt before answering 'pending'. */
export const SETTLE_WAIT_MS = 20_000;
