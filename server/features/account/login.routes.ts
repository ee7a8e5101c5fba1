import { Router } from "express";
import type { AppContext } from "../../context";
import { AppError, ok } from "../../http/errors";
import { validate, valid } from "../../http/validate";
import { checkPasswordWithLockout, loginSubject } from "../../auth/check-password";
import { authOf, requireMember } from "../../auth/middleware";
import { adminGate } from "../../auth/admin-flags";
import { memberLogin, setMemberPassword } from "../members/members.repo";
import { adminLogin } from "../operators/admins.repo";
import { loginAdminBody, loginUserBody, type LoginAdminBody, type LoginUserBody } from "../../../domain/schemas/auth";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { concurrencyGate, rateLimit } from "../../http/rate-limit";

export function loginRoutes(ctx: AppContext): Router {
  const r = Router();
  const limiter = rateLimit({ windowMs: 60_000, max: 30 });
  // Anonymous logins: two at a time, 32 waiting, the rest 429 at once (members' payments keep threads).
  const gate = concurrencyGate({ max: 2, queue: 32 });

  r.post("/api/auth/login_user", limiter, gate, validate(loginUserBody), async (req, res) => {
    const { username, password } = valid<LoginUserBody>(req).body;
    const phone = username.replace(/\D/g, "");
    const member = await memberLogin(ctx.db, phone);
    // Past this check the account exists (an unknown one is refused like a wrong password).
    await checkPasswordWithLockout(
      ctx.lockout,
      loginSubject("member", phone, req.ip),
      member?.password_hash ?? null,
      password,
      { locked: Msg.accountLocked, wrong: Msg.loginFailed },
      { pinKey: ctx.config.pinKey, upgrade: (h) => setMemberPassword(ctx.db, member!.id, h) },
    );
    if (member!.state === "suspension") throw new AppError(Code.FORBIDDEN, Msg.accountSuspended);
    if (member!.state === "kickOut") throw new AppError(Code.FORBIDDEN, Msg.accountKicked);
    const { accessToken, expiredAt } = await ctx.tokens.issue("web", `m:${member!.id}`);
    ok(res, { accessToken, expiredAt, account: { phonenumber: member!.phonenumber, username: member!.username } });
  });

  r.post("/api/auth/login_admin", limiter, gate, validate(loginAdminBody), async (req, res) => {
    const { username, password } = valid<LoginAdminBody>(req).body;
    const admin = await adminLogin(ctx.db, username);
    // Past this check the account exists (an unknown one is refused like a wrong password).
    await checkPasswordWithLockout(ctx.lockout, loginSubject("admin", username, req.ip), admin?.password_hash ?? null, password, {
      locked: Msg.accountLocked,
      wrong: Msg.adminLoginFailed,
    });
    const { accessToken, expiredAt } = await ctx.tokens.issue("operation", `a:${admin!.id}`);
    ok(res, {
      accessToken,
      expiredAt,
      account: { id: admin!.id, username: admin!.login_id, permission: admin!.permission, flags: admin!.flags, memberId: admin!.member_id },
    });
  });

  r.post("/api/auth/logout", requireMember(ctx), async (req, res) => {
    await ctx.tokens.revoke(authOf(req).claims!);
    ok(res);
  });

  r.post("/api/auth/logout_admin", adminGate(ctx), async (req, res) => {
    await ctx.tokens.revoke(authOf(req).claims!);
    ok(res);
  });

  return r;
}
