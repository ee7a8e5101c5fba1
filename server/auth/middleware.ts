import type { Request, RequestHandler } from "express";
import type { AppContext } from "../context";
import { AppError, unauthorized } from "../http/errors";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";
import type { TokenClaims } from "./sessions";
import { memberById } from "../records/members.repo";
import { operatorRowById, type OperatorRow } from "../records/operators.repo";
import { MemberState } from "../../domain/constants";

export type { MemberRow } from "../records/members.repo";
export type { OperatorRow } from "../records/operators.repo";
export { authOf } from "./request-auth";

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
    // A session ended by a suspension still hears why (403) while the suspension lasts; ended otherwise: 401.
    const claims = await ctx.sessions.verify(token, "web", { ended: "allow" });
    if (!claims?.sub.startsWith("m:")) return next(unauthorized(Msg.sessionExpired));
    const member = await memberById(ctx.db, Number(claims.sub.slice(2)));
    if (!member) return next(unauthorized(Msg.sessionExpired));
    if (member.state === MemberState.SUSPENDED) return next(new AppError(Code.FORBIDDEN, Msg.accountSuspended));
    if (member.state === MemberState.KICKED) return next(new AppError(Code.FORBIDDEN, Msg.accountKicked));
    if (await ctx.sessions.sessionEnded(claims)) return next(unauthorized(Msg.sessionExpired));
    Object.assign(req, { member, claims });
    next();
  };
}

/** The operator a verified operation token names, or null when it is unknown or deleted. */
export async function loadOperator(ctx: AppContext, claims: TokenClaims): Promise<OperatorRow | null> {
  if (!claims.sub.startsWith("a:")) return null;
  return (await operatorRowById(ctx.db, Number(claims.sub.slice(2)))) ?? null;
}

/**
 * An operator's call: bearer token of audience `operation` and `cookie-type: operation`, naming an
 * operator that still exists. What the operator may do is decided by `adminGate` (auth/admin-flags.ts).
 */
export function requireAdmin(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    const token = bearer(req);
    if (!token || req.headers["cookie-type"] !== "operation") return next(unauthorized());
    const claims = await ctx.sessions.verify(token, "operation");
    const admin = claims ? await loadOperator(ctx, claims) : null;
    if (!admin) return next(unauthorized(Msg.sessionExpired));
    Object.assign(req, { admin, claims });
    next();
  };
}
