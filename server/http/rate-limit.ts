import type { RequestHandler } from "express";
import { AppError } from "./errors";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";

/** A small fixed-window limiter per client IP and route, in memory (one server process). */
export function rateLimit(opts: { windowMs: number; max: number }): RequestHandler {
  const hits = new Map<string, { count: number; resetAt: number }>();
  return (req, _res, next) => {
    const now = Date.now();
    const key = `${req.ip}:${req.baseUrl}${req.path}`;
    let h = hits.get(key);
    if (!h || h.resetAt <= now) {
      h = { count: 0, resetAt: now + opts.windowMs };
      hits.set(key, h);
      if (hits.size > 10_000) for (const [k, v] of hits) if (v.resetAt <= now) hits.delete(k);
    }
    h.count++;
    if (h.count > opts.max) return next(new AppError(Code.TOO_MANY, Msg.tooMany));
    next();
  };
}
