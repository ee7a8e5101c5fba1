import crypto from "node:crypto";
import type { RequestHandler } from "express";
import type { AppDb } from "../db/app-db";
import { nowIso } from "../db/app-db";
import { AppError } from "./errors";
import { authOf } from "../auth/middleware";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";

/**
 * `Idempotency-Key` on money-moving calls: the first request's answer is stored and replayed for the
 * same key (same caller, same path); a different body with that key is a 409; a concurrent duplicate
 * gets 409 'in progress'. Answers of 5xx (nothing recorded, e.g. chain down) are forgotten so a retry runs.
 */
export function idempotent(db: AppDb): RequestHandler {
  return (req, res, next) => {
    const key = req.headers["idempotency-key"];
    if (typeof key !== "string" || key.length === 0) return next();
    if (key.length > 200) return next(new AppError(Code.BAD_REQUEST, Msg.badRequest));
    const a = authOf(req);
    const scope = `${a.member ? `m:${a.member.id}` : a.admin ? `a:${a.admin.id}` : "anon"}:${req.method}:${req.path}`;
    const hash = crypto.createHash("sha256").update(JSON.stringify(req.body ?? null)).digest("hex");
    const row = db.prepare("SELECT request_hash, status, response FROM idempotency WHERE scope = ? AND key = ?").get(scope, key) as
      | { request_hash: string; status: number | null; response: string | null }
      | undefined;
    if (row) {
      if (row.request_hash !== hash) return next(new AppError(Code.CONFLICT, Msg.idempotencyConflict));
      if (row.status === null) return next(new AppError(Code.CONFLICT, Msg.requestInProgress));
      res.setHeader("Idempotent-Replayed", "true");
      res.status(row.status).type("application/json").send(row.response);
      return;
    }
    db.prepare("INSERT INTO idempotency (scope, key, request_hash, created_at) VALUES (?, ?, ?, ?)").run(scope, key, hash, nowIso());
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode >= 500) db.prepare("DELETE FROM idempotency WHERE scope = ? AND key = ?").run(scope, key);
      else db.prepare("UPDATE idempotency SET status = ?, response = ? WHERE scope = ? AND key = ?").run(res.statusCode, JSON.stringify(body), scope, key);
      return json(body);
    };
    next();
  };
}
