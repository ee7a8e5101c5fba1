import { Router, type Request, type RequestHandler, type Response } from "express";
import type { AppContext } from "../context";
import { adminGate } from "../auth/admin-flags";
import { requireMember } from "../auth/middleware";
import { requireApiKey } from "../auth/partner-key";
import { requireMerchantKey } from "../auth/merchant-key";
import { isRecorded, maskAndCount, masksPhones, recordAccess, requireReason } from "../records/access-log.hook";
import { AppError, zodMessage } from "./errors";
import { Code } from "../../domain/codes";
import type { EndpointDef, ReplyData, ValidInput } from "../../domain/api/endpoint";

/** Marks a reply that carries a message beside its data (`{ code: 200, message, data }`). */
const WITH_MESSAGE = Symbol("withMessage");
interface WithMessage<D> {
  [WITH_MESSAGE]: true;
  message: string;
  data: D;
}

/** A 200 answer whose envelope also says what happened (e.g. '정산 신청이 완료되었습니다.'). */
export const withMessage = <D>(data: D, message: string): WithMessage<D> => ({ [WITH_MESSAGE]: true, message, data });

/**
 * A handler: gets the request's parts already parsed by the endpoint's schemas and returns the `data`
 * the endpoint's response schema accepts (checked at compile time). Downloads and raw answers write to
 * `res` themselves and return nothing.
 */
export type Handler<E extends EndpointDef> = (
  input: ValidInput<E>,
  req: Request,
  res: Response,
) => E["file"] extends string ? Promise<void> : E["raw"] extends true ? Promise<void> : Promise<ReplyData<E> | WithMessage<ReplyData<E>>>;

export interface RouteOptions {
  /** Run before the access check (rate limits, concurrency gates). */
  pre?: RequestHandler[];
  /** Run after the access check, before validation (a rate limit counted per member or operator). */
  afterAccess?: RequestHandler[];
  /** Run after validation, before the handler (Idempotency-Key). */
  use?: RequestHandler[];
  /** The code a body that breaks a rule answers; the payment calls answer 1130 (only a wrong password is 400 there). */
  refusalCode?: number;
}

export interface Routes {
  router: Router;
  // E is read from the endpoint alone (NoInfer): the handler is then typed by the resolved response type, so its
  // string literals ("cancelled", "ok") are checked as such instead of widening to string.
  handle<E extends EndpointDef>(e: E, handler: NoInfer<Handler<E>>): void;
  handle<E extends EndpointDef>(e: E, opts: RouteOptions, handler: NoInfer<Handler<E>>): void;
}

/** The gate an endpoint's access names. */
function accessGate(ctx: AppContext, e: EndpointDef): RequestHandler[] {
  switch (e.access.kind) {
    case "public":
      return [];
    case "member":
      return [requireMember(ctx)];
    case "operator":
      return [adminGate(ctx, e.access.area)];
    case "partner":
      return [requireApiKey(ctx)];
    case "merchant":
      return [requireMerchantKey(ctx)];
  }
}

/** Parses each part the endpoint declares, once; a part it does not declare is not read. */
function validator(e: EndpointDef, refusalCode: number): RequestHandler {
  return (req, res, next) => {
    const input: Record<string, unknown> = {};
    for (const part of ["params", "query", "body"] as const) {
      const schema = e[part];
      if (!schema) continue;
      const raw = part === "body" ? (req.body ?? {}) : req[part];
      const r = schema.safeParse(raw);
      if (!r.success) return next(new AppError(refusalCode, zodMessage(r.error)));
      input[part] = r.data;
    }
    res.locals.valid = input;
    next();
  };
}

/**
 * A feature's routes, registered from the endpoint table (domain/api/): the route's method and path,
 * its access gate, its validation and the `{ code: 200, data }` envelope all come from the definition.
 */
export function createRoutes(ctx: AppContext): Routes {
  const router = Router();
  function handle<E extends EndpointDef>(e: E, a: RouteOptions | Handler<E>, b?: Handler<E>): void {
    const opts = typeof a === "function" ? {} : a;
    const handler = (typeof a === "function" ? a : b)!;
    const recorded = isRecorded(e);
    const chain: RequestHandler[] = [
      ...(opts.pre ?? []),
      ...accessGate(ctx, e),
      ...(opts.afterAccess ?? []),
      validator(e, opts.refusalCode ?? Code.BAD_REQUEST),
      // The personal-data access log (features/access-log): a download without a reason is refused here.
      ...(recorded && e.file ? [requireReason] : []),
      ...(opts.use ?? []),
      async (req, res) => {
        if (recorded) res.locals.maskPhones = masksPhones(e, req);
        let out: unknown;
        try {
          out = (await handler(res.locals.valid as ValidInput<E>, req, res)) as unknown;
        } finally {
          // A file is recorded once it started (its rows as written, also when the client went away).
          if (recorded && e.file && res.headersSent) await recordAccess(ctx, e, req, res, Number(res.locals.rowsWritten ?? 0));
        }
        if (recorded && !e.file) {
          const seen = maskAndCount(out, res.locals.maskPhones === true);
          out = seen.out;
          // Recorded before the answer leaves: a read the log could not keep is not shown.
          await recordAccess(ctx, e, req, res, seen.rows);
        }
        if (e.file || e.raw || res.headersSent) return;
        if (out && typeof out === "object" && WITH_MESSAGE in out) {
          const m = out as WithMessage<unknown>;
          res.status(200).json({ code: Code.OK, message: m.message, data: m.data });
        } else res.status(200).json(out === undefined ? { code: Code.OK } : { code: Code.OK, data: out });
      },
    ];
    const method = e.method.toLowerCase() as "get" | "post" | "put" | "delete";
    router[method](e.path, ...chain);
  }
  return { router, handle };
}
