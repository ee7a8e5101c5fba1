import type { Request, RequestHandler, Response } from "express";
import type { AppContext } from "../context";
import { authOf } from "../auth/request-auth";
import { AppError } from "../http/errors";
import { appendAccess } from "./access-log.repo";
import { mayUnmask } from "../../domain/admin-access";
import {
  ACCESS_REASON_CODES,
  REASON_HEADER,
  REASON_TEXT_HEADER,
  REASON_TEXT_MAX,
  maskPhone,
  type AccessReason,
} from "../../domain/access-log";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";
import type { EndpointDef } from "../../domain/api/endpoint";

/**
 * The access log's hook in `handle()` (server/http/routes.ts): an endpoint that declares `personalData`, and every
 * download, is recorded without its route doing anything. See README.md for why a hook and not calls in handlers.
 */

/** What a response's records are called when they show a member's personal data (the row count counts these). */
const PD_KEYS = ["username", "toUsername", "name", "fromName", "toName", "phonenumber", "phone", "email"];
/** The keys whose string values are phone numbers, masked in lists. */
const PHONE_KEYS = new Set(["phonenumber", "phone"]);

/** Whether the access log records this endpoint: an operator endpoint that shows personal data or makes a file. */
export const isRecorded = (e: EndpointDef): boolean =>
  e.access.kind === "operator" && (e.file !== undefined || e.personalData !== undefined);

interface Reason {
  reason: AccessReason;
  reasonText: string | null;
}

/** A download's reason from its headers; refused (400, Korean) when absent, unknown, or `other` without words. */
export function readReason(req: Request): Reason {
  const reason = req.get(REASON_HEADER)?.trim();
  if (!reason || !(ACCESS_REASON_CODES as string[]).includes(reason)) throw new AppError(Code.BAD_REQUEST, Msg.downloadReasonRequired);
  let text = "";
  try {
    text = decodeURIComponent(req.get(REASON_TEXT_HEADER) ?? "").trim();
  } catch {
    throw new AppError(Code.BAD_REQUEST, Msg.downloadReasonTextRequired);
  }
  if (reason === "other" && !text) throw new AppError(Code.BAD_REQUEST, Msg.downloadReasonTextRequired);
  return { reason: reason as AccessReason, reasonText: text ? text.slice(0, REASON_TEXT_MAX) : null };
}

/** Middleware of a download (after validation): no file is made without a reason. */
export const requireReason: RequestHandler = (req, res, next) => {
  try {
    res.locals.accessReason = readReason(req);
    next();
  } catch (err) {
    next(err);
  }
};

/** Whether this request's list or file shows phone numbers masked. */
export function masksPhones(e: EndpointDef, req: Request): boolean {
  const admin = authOf(req).admin;
  return e.personalData?.view !== "detail" && !(admin && mayUnmask(admin));
}

/** A JSON answer with its phone numbers masked (a copy; `out` is not changed), and how many records show personal data. */
export function maskAndCount(out: unknown, mask: boolean): { out: unknown; rows: number } {
  let rows = 0;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== "object") return v;
    const o = v as Record<string, unknown>;
    if (PD_KEYS.some((k) => typeof o[k] === "string" && o[k] !== "")) rows++;
    const copy: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(o)) copy[k] = mask && PHONE_KEYS.has(k) && typeof x === "string" ? maskPhone(x) : walk(x);
    return copy;
  };
  const masked = walk(out);
  return { out: mask ? masked : out, rows };
}

/** Records one read or download of this request (operator, time, screen, endpoint, filter, rows, reason, IP). */
export async function recordAccess(ctx: AppContext, e: EndpointDef, req: Request, res: Response, rowCount: number): Promise<void> {
  const admin = authOf(req).admin;
  if (!admin) return;
  const reason = res.locals.accessReason as Reason | undefined;
  await appendAccess(ctx.db, {
    adminId: admin.id,
    adminLoginId: admin.login_id,
    action: e.file ? "download" : "read",
    screen: e.personalData?.screen ?? e.file ?? e.path,
    endpoint: `${e.method} ${e.path}`,
    filter: res.locals.valid ?? {},
    rowCount,
    reason: reason?.reason ?? null,
    reasonText: reason?.reasonText ?? null,
    ip: req.ip ?? "",
  });
}
