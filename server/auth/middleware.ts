import type { Request, RequestHandler } from "express";
import type { AppContext } from "../context";
import { AppError, forbidden, unauthorized } from "../http/errors";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";
import type { TokenClaims } from "./tokens";

export interface MemberRow {
  id: number;
  phonenumber: string;
  username: string;
  nickname: string | null;
  email: string | null;
  home_address: string | null;
  state: "repair" | "suspension" | "kickOut";
  permission: "user" | "exchanger" | "manager";
  is_app: number;
  created_at: string;
  updated_at: string;
}

export interface AdminRow {
  id: number;
  login_id: string;
  permission: number;
  flags: Record<string, boolean>;
  member_id: number | null;
}

interface Authed {
  member?: MemberRow;
  admin?: AdminRow;
  claims?: TokenClaims;
}

export const authOf = (req: Request) => req as Request & Authed;

/** The bearer token of a request, or null. */
export function bearer(req: Request): string | null {
  const h = req.headers.authorization;
  return h?.startsWith("Bearer ") ? h.slice(7).trim() : null;
}

/**
 * A member's call: bearer token of audience `web`, `cookie-type: web`, and a member allowed to act.
 * Suspended or kicked-out members are refused even with a valid token.
 */
export function requireMember(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    const token = bearer(req);
    if (!token || req.headers["cookie-type"] !== "web") return next(unauthorized());
    const claims = await ctx.tokens.verify(token, "web");
    if (!claims || !claims.sub.startsWith("m:")) return next(unauthorized(Msg.sessionExpired));
    const member = ctx.db.prepare("SELECT * FROM members WHERE id = ?").get(Number(claims.sub.slice(2))) as MemberRow | undefined;
    if (!member) return next(unauthorized(Msg.sessionExpired));
    if (member.state === "suspension") return next(new AppError(Code.FORBIDDEN, Msg.accountSuspended));
    if (member.state === "kickOut") return next(new AppError(Code.FORBIDDEN, Msg.accountKicked));
    Object.assign(req, { member, claims });
    next();
  };
}

/**
 * An operator's call: bearer token of audience `operation`, `cookie-type: operation`, and at least one
 * of `flags` (permission 0, the super admin, holds every flag).
 */
export function requireAdmin(ctx: AppContext, ...flags: string[]): RequestHandler {
  return async (req, _res, next) => {
    const token = bearer(req);
    if (!token || req.headers["cookie-type"] !== "operation") return next(unauthorized());
    const claims = await ctx.tokens.verify(token, "operation");
    if (!claims || !claims.sub.startsWith("a:")) return next(unauthorized(Msg.sessionExpired));
    const row = ctx.db.prepare("SELECT id, login_id, permission, flags, member_id FROM admins WHERE id = ? AND deleted_at IS NULL").get(Number(claims.sub.slice(2))) as
      | (Omit<AdminRow, "flags"> & { flags: string })
      | undefined;
    if (!row) return next(unauthorized(Msg.sessionExpired));
    const admin: AdminRow = { ...row, flags: JSON.parse(row.flags) };
    if (flags.length > 0 && admin.permission !== 0 && !flags.some((f) => admin.flags[f])) return next(forbidden());
    Object.assign(req, { admin, claims });
    next();
  };
}
