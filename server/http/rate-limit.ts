import crypto from "node:crypto";
import type { Request, RequestHandler } from "express";
import { RateLimiterRes } from "rate-limiter-flexible";
import type { LimiterStore } from "./limiter-store";
import { AppError } from "./errors";
import { authOf } from "../auth/middleware";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";

/**
 * The route a limiter counts a request against: the matched route's pattern when there is one (so
 * `/API/AUTH/LOGIN_USER`, `/api/auth/Login_User`, `/api/auth/login_user/` and `//api/auth/login_user`
 * are one route), else the path lower-cased with repeated and trailing slashes removed.
 */
export function limiterRoute(req: Request): string {
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern === "string") return `${req.method} ${pattern}`;
  const p = `${req.baseUrl}${req.path}`
    .toLowerCase()
    .replace(/\/{2,}/g, "/")
    .replace(/(.)\/$/, "$1");
  return `${req.method} ${p}`;
}

/**
 * A fixed-window limiter per client and route (rate-limiter-flexible): counted in the shared store, so N API
 * processes together allow `max`, not N × `max` (in memory on SQLite, one process). The client is the member or
 * operator when the request is authenticated (`per: "account"`, for calls behind login), else the IP address.
 * Over the limit: 429 `Msg.tooMany`, with Retry-After (seconds to the window's end).
 */
export function rateLimit(ctx: { limits: LimiterStore }, opts: { windowMs: number; max: number; per?: "ip" | "account" }): RequestHandler {
  const limiter = ctx.limits.limiter({
    points: opts.max,
    duration: Math.ceil(opts.windowMs / 1000),
    keyPrefix: `rl:${opts.max}/${opts.windowMs}`,
  });
  return (req, res, next) => {
    const a = authOf(req);
    const who = opts.per === "account" && (a.member || a.admin) ? (a.member ? `m:${a.member.id}` : `a:${a.admin!.id}`) : `ip:${req.ip}`;
    const key = `${who}|${limiterRoute(req)}`;
    // The shared table's key is at most 255 characters: a longer one (an odd path) is counted by its hash.
    limiter.consume(key.length > 200 ? `h:${crypto.createHash("sha256").update(key).digest("hex")}` : key).then(
      () => next(),
      (r: unknown) => {
        if (!(r instanceof RateLimiterRes)) return next(r);
        res.setHeader("Retry-After", String(Math.max(1, Math.ceil(r.msBeforeNext / 1000))));
        next(new AppError(Code.TOO_MANY, Msg.tooMany));
      },
    );
  };
}

/**
 * At most `max` requests of a costly kind (anonymous logins: lookups, a lockout write and a password
 * hash each) at once, at most `queue` waiting; beyond that the request is refused with 429 at once.
 * Hashing runs on libuv's small thread pool, so a flood of anonymous logins cannot take every thread,
 * nor the store, from members' payments. Mounted as middleware: the slot is held until the answer is sent.
 */
export function concurrencyGate(opts: { max: number; queue: number }): RequestHandler {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const nextTask = waiting.shift();
    if (nextTask) nextTask();
    else active--;
  };
  return (_req, res, next) => {
    const go = () => {
      let released = false;
      res.once("close", () => {
        if (!released) (released = true), release();
      });
      next();
    };
    if (active < opts.max) {
      active++;
      return go();
    }
    if (waiting.length >= opts.queue) return next(new AppError(Code.TOO_MANY, Msg.tooMany));
    waiting.push(go);
  };
}
