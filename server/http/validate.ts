import type { RequestHandler } from "express";
import type { z } from "zod";
import { AppError, zodMessage } from "./errors";
import { Code } from "../../domain/codes";

type Part = "body" | "params" | "query";

/**
 * The payment calls: only a wrong password may answer 400 there (the apps read 400 as '비밀번호가
 * 일치하지 않습니다.'), so a body that breaks a rule answers 1130.
 */
export function validatePayment<S extends z.ZodType>(schema: S): RequestHandler {
  return validate(schema, "body", Code.AMOUNT_REFUSED);
}

/**
 * Validates one part of the request once, against a schema from domain/, and keeps the parsed
 * value: handlers read `req.valid.body` (typed via `valid<T>(req)`), never re-parse.
 */
export function validate<S extends z.ZodType>(schema: S, part: Part = "body", refusalCode: number = Code.BAD_REQUEST): RequestHandler {
  return (req, _res, next) => {
    const input = part === "body" ? (req.body ?? {}) : part === "params" ? req.params : req.query;
    const r = schema.safeParse(input);
    if (!r.success) return next(new AppError(refusalCode, zodMessage(r.error)));
    const store = ((req as unknown as { valid?: Record<string, unknown> }).valid ??= {});
    store[part] = r.data;
    next();
  };
}

/** The parsed values `validate` stored. */
export function valid<B = unknown, P = unknown, Q = unknown>(req: import("express").Request): { body: B; params: P; query: Q } {
  return ((req as unknown as { valid?: { body: B; params: P; query: Q } }).valid ?? { body: undefined, params: undefined, query: undefined }) as {
    body: B;
    params: P;
    query: Q;
  };
}
