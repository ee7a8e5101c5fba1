import type { AppContext } from "../context";
import type { MemberRow } from "../auth/middleware";
import { checkPasswordWithLockout } from "../auth/check-password";
import { memberPasswordHash, setMemberPassword } from "../records/members.repo";
import { Msg } from "../../domain/messages";

/**
 * The payment password dialog: the member's 6-digit password. Wrong → 400 '비밀번호가 일치하지 않습니다.';
 * the fifth wrong one locks payments for 10 minutes (423), separately from login.
 */
export async function checkPaymentPassword(ctx: AppContext, member: MemberRow, password: string): Promise<void> {
  const hash = (await memberPasswordHash(ctx.db, member.id)) ?? null;
  await checkPasswordWithLockout(
    ctx.lockout,
    `pay:${member.id}`,
    hash,
    password,
    { locked: Msg.paymentLocked, wrong: Msg.passwordWrong },
    { pinKey: ctx.config.pinKey, upgrade: (h) => setMemberPassword(ctx.db, member.id, h) },
  );
}

/** How long a gift/use/approval call waits for its receipt before answering 'pending'. */
export const RESOLVE_WAIT_MS = 20_000;
