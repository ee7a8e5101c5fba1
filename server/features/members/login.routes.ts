import type { Router } from "express";
import type { AppContext } from "../../context";
import { AppError } from "../../http/errors";
import { createRoutes } from "../../http/routes";
import { checkPasswordWithLockout, loginSubject } from "../../auth/check-password";
import { authOf } from "../../auth/middleware";
import { memberLogin, setMemberPassword } from "../../records/members.repo";
import { memberSelfApi } from "../../../domain/api/members";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { concurrencyGate, rateLimit } from "../../http/rate-limit";
import { closedPhoneHash } from "../../records/members.repo";
import { MemberState } from "../../../domain/constants";

/** Members' login and logout (the operators' are operator-security/operator-login.routes.ts). */
export function loginRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  const limiter = rateLimit(ctx, { windowMs: 60_000, max: 30 });
  // Anonymous logins: two at a time, 32 waiting, the rest 429 at once (members' payments keep threads).
  const gate = concurrencyGate({ max: 2, queue: 32 });
  const anonymous = { pre: [limiter, gate] };

  handle(memberSelfApi.loginUser, anonymous, async ({ body: { username, password } }, req) => {
    const phone = username.replace(/\D/g, "");
    const member = await memberLogin(ctx.db, phone, closedPhoneHash(ctx, phone));
    // Past this check the account exists (an unknown one is refused like a wrong password).
    await checkPasswordWithLockout(
      ctx.lockout,
      loginSubject("member", phone, req.ip),
      member?.password_hash ?? null,
      password,
      { locked: Msg.accountLocked, wrong: Msg.loginFailed },
      { pinKey: ctx.config.pinKey, upgrade: (h) => setMemberPassword(ctx.db, member!.id, h) },
    );
    if (member!.state === MemberState.SUSPENDED) throw new AppError(Code.FORBIDDEN, Msg.accountSuspended);
    // 회원 탈퇴 by the member (closing.service.ts) or 탈퇴 처리 by an operator: each its own message.
    if (member!.closed_at) throw new AppError(Code.ACCOUNT_CLOSED, Msg.accountClosed);
    if (member!.state === MemberState.KICKED) throw new AppError(Code.FORBIDDEN, Msg.accountKicked);
    const { accessToken, expiredAt } = await ctx.sessions.issue("web", `m:${member!.id}`);
    return { accessToken, expiredAt, account: { phonenumber: member!.phonenumber, username: member!.username } };
  });

  handle(memberSelfApi.logout, async (_in, req) => {
    await ctx.sessions.revoke(authOf(req).claims!);
  });

  return router;
}
