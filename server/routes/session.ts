import { Router } from "express";
import type { AppContext } from "../context";
import { AppError, ok } from "../http/errors";
import { validate, valid } from "../http/validate";
import { verifyPassword } from "../auth/passwords";
import { authOf, requireAdmin, requireMember, type MemberRow } from "../auth/middleware";
import { loginAdminBody, loginUserBody, type LoginAdminBody, type LoginUserBody } from "../../domain/schemas/auth";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";
import { rateLimit } from "../http/rate-limit";

/** A fixed hash to compare against when the user does not exist, so timing does not reveal members. */
const DUMMY_HASH = "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

export function sessionRoutes(ctx: AppContext): Router {
  const r = Router();
  const limiter = rateLimit({ windowMs: 60_000, max: 30 });

  r.post("/api/auth/login_user", limiter, validate(loginUserBody), async (req, res) => {
    const { username, password } = valid<LoginUserBody>(req).body;
    const phone = username.replace(/\D/g, "");
    const member = ctx.db.prepare("SELECT *, password_hash FROM members WHERE phonenumber = ?").get(phone) as (MemberRow & { password_hash: string }) | undefined;
    const subject = member ? `member:${member.id}` : null;
    if (subject && ctx.lockout.isLocked(subject)) throw new AppError(Code.LOCKED, Msg.accountLocked);
    const good = await verifyPassword(password, member?.password_hash ?? DUMMY_HASH);
    if (!member || !good) {
      if (subject && ctx.lockout.fail(subject)) throw new AppError(Code.LOCKED, Msg.accountLocked);
      throw new AppError(Code.BAD_REQUEST, Msg.loginFailed);
    }
    if (member.state === "suspension") throw new AppError(Code.FORBIDDEN, Msg.accountSuspended);
    if (member.state === "kickOut") throw new AppError(Code.FORBIDDEN, Msg.accountKicked);
    ctx.lockout.reset(subject!);
    const { accessToken, expiredAt } = await ctx.tokens.issue("web", `m:${member.id}`);
    ok(res, { accessToken, expiredAt, account: { phonenumber: member.phonenumber, username: member.username } });
  });

  r.post("/api/auth/login_admin", limiter, validate(loginAdminBody), async (req, res) => {
    const { username, password } = valid<LoginAdminBody>(req).body;
    const admin = ctx.db.prepare("SELECT * FROM admins WHERE login_id = ? AND deleted_at IS NULL").get(username) as
      | { id: number; login_id: string; password_hash: string; permission: number; flags: string; member_id: number | null }
      | undefined;
    const subject = admin ? `admin:${admin.id}` : null;
    if (subject && ctx.lockout.isLocked(subject)) throw new AppError(Code.LOCKED, Msg.accountLocked);
    const good = await verifyPassword(password, admin?.password_hash ?? DUMMY_HASH);
    if (!admin || !good) {
      if (subject && ctx.lockout.fail(subject)) throw new AppError(Code.LOCKED, Msg.accountLocked);
      throw new AppError(Code.BAD_REQUEST, Msg.adminLoginFailed);
    }
    ctx.lockout.reset(subject!);
    const { accessToken, expiredAt } = await ctx.tokens.issue("operation", `a:${admin.id}`);
    ok(res, {
      accessToken,
      expiredAt,
      account: { id: admin.id, username: admin.login_id, permission: admin.permission, flags: JSON.parse(admin.flags), memberId: admin.member_id },
    });
  });

  r.post("/api/auth/logout", requireMember(ctx), (req, res) => {
    ctx.tokens.revoke(authOf(req).claims!);
    ok(res);
  });

  r.post("/api/auth/logout_admin", requireAdmin(ctx), (req, res) => {
    ctx.tokens.revoke(authOf(req).claims!);
    ok(res);
  });

  return r;
}
