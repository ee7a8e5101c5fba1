import crypto from "node:crypto";
import type { RequestHandler } from "express";
import type { AppContext } from "../context";
import type { AppTx } from "../db/schema";
import { AppError } from "../http/errors";
import { authOf } from "./request-auth";
import { hashApiKey } from "./api-keys";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";

/** A merchant's API key: "krwm_" + 256 random bits (base64url); only its SHA-256 and its first 12 characters are kept. */
export const MERCHANT_KEY_PREFIX = "krwm_";
const SHOWN = 12;

export function newMerchantKey(): { key: string; prefix: string; hash: string } {
  const key = MERCHANT_KEY_PREFIX + crypto.randomBytes(32).toString("base64url");
  return { key, prefix: key.slice(0, SHOWN), hash: hashApiKey(key) };
}

/** The merchant a live key belongs to, while that merchant is active. */
async function merchantOfKey(db: AppTx, keyHash: string) {
  return db
    .selectFrom("merchant_keys as k")
    .innerJoin("merchants as m", "m.id", "k.merchant_id")
    .select(["k.id as key_id", "k.last_used_at", "m.id", "m.member_id", "m.name"])
    .where("k.key_hash", "=", keyHash)
    .where("k.revoked_at", "is", null)
    .where("m.state", "=", "active")
    .executeTakeFirst();
}

/** How often a key's "last used" is written (a busy merchant's every call would otherwise be a write). */
const LAST_USED_EVERY_MS = 60_000;

/**
 * `Authorization: Bearer krwm_…`: the caller is that key's merchant. A missing, unknown, revoked or suspended
 * merchant's key is one answer, 401 with no detail (docs/merchant-api.md).
 */
export function requireMerchantKey(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    const h = req.headers.authorization;
    const key = typeof h === "string" && h.startsWith("Bearer ") ? h.slice(7).trim() : "";
    if (!key.startsWith(MERCHANT_KEY_PREFIX) || key.length > 200) return next(new AppError(Code.UNAUTHORIZED, Msg.merchantKeyInvalid));
    const m = await merchantOfKey(ctx.db, hashApiKey(key));
    if (!m) return next(new AppError(Code.UNAUTHORIZED, Msg.merchantKeyInvalid));
    authOf(req).merchant = { id: Number(m.id), memberId: Number(m.member_id), name: m.name };
    const now = new Date();
    if (!m.last_used_at || now.getTime() - new Date(m.last_used_at).getTime() > LAST_USED_EVERY_MS)
      await ctx.db.updateTable("merchant_keys").set({ last_used_at: now.toISOString() }).where("id", "=", m.key_id).execute();
    next();
  };
}
