import crypto from "node:crypto";
import type { RequestHandler } from "express";
import type { AppDb } from "../db/schema";
import { AppError } from "./errors";
import { authOf } from "../auth/middleware";
import { claimIdempotencyKey, completeIdempotencyKey, idempotencyRecord, releaseIdempotencyKey } from "./idempotency.repo";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";

/**
 * `Idempotency-Key` on money-moving calls: the first request's answer is stored and replayed for the
 * same key (same caller, same path); a different body with that key is a 409; a concurrent duplicate
 * gets 409 'in progress'. Answers of 5xx (nothing recorded, e.g. chain down) are forgotten so a retry runs.
 */
export function idempotent(db: AppDb): RequestHandler {
  return async (req, res, next) => {
    const key = req.headers["idempotency-key"];
    if (typeof key !== "string" || key.length === 0) return next();
    if (key.length > 200) return next(new AppError(Code.BAD_REQUEST, Msg.badRequest));
    const a = authOf(req);
    const scope = `${a.member ? `m:${a.member.id}` : a.admin ? `a:${a.admin.id}` : "anon"}:${req.method}:${req.path}`;
    const hash = crypto.createHash("sha256").update(JSON.stringify(req.body ?? null)).digest("hex");
    if (!(await claimIdempotencyKey(db, scope, key, hash))) {
      const row = await idempotencyRecord(db, scope, key);
      if (row && row.request_hash !== hash) return next(new AppError(Code.CONFLICT, Msg.idempotencyConflict));
      if (!row || row.status === null) return next(new AppError(Code.CONFLICT, Msg.requestInProgress));
      res.setHeader("Idempotent-Replayed", "true");
      res.status(row.status).type("application/json").send(row.response);
      return;
    }
    const json = res.json.bind(res);
    // The answer is stored before it is sent, so a retry that follows it at once is a replay.
    res.json = (body: unknown) => {
      const stored =
        res.statusCode >= 500 ? releaseIdempotencyKey(db, scope, key) : completeIdempotencyKey(db, scope, key, res.statusCode, JSON.stringify(body));
      void stored.catch(() => undefined).finally(() => json(body));
      return res;
    };
    next();
  };
}
