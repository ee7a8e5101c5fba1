import { Router } from "express";
import type { AppContext } from "../../context";
import { adminGate } from "../../auth/admin-flags";
import { authOf } from "../../auth/middleware";
import { ok } from "../../http/errors";
import { activeApiKey, rotateApiKey } from "./apikey.repo";
import { newApiKey } from "./keys";
import { appendAction } from "../audit/audit.repo";

/** The partner API key: shown whole once when made, afterwards only its prefix. */
export function apiKeyRoutes(ctx: AppContext): Router {
  const r = Router();

  r.get("/api/operation/apikey", adminGate(ctx), async (_req, res) => {
    const k = await activeApiKey(ctx.db);
    ok(res, { apiKey: null, prefix: k?.prefix ?? null, createdAt: k?.created_at ?? null });
  });

  r.post("/api/operation/apikey", adminGate(ctx), async (req, res) => {
    const actor = authOf(req).admin!;
    const k = newApiKey();
    const made = await ctx.db.transaction().execute(async (trx) => {
      const old = await activeApiKey(trx);
      const m = await rotateApiKey(trx, { prefix: k.prefix, key_hash: k.hash, created_by: actor.id });
      await appendAction(trx, { adminId: actor.id, adminLoginId: actor.login_id, action: "apikey.rotate", targetType: "apikey", targetId: k.prefix, before: old?.prefix ?? null, after: k.prefix });
      return m;
    });
    res.setHeader("Cache-Control", "no-store");
    ok(res, { apiKey: k.key, prefix: k.prefix, createdAt: made.created_at });
  });

  return r;
}
