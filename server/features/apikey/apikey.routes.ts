import type { Router } from "express";
import type { AppContext } from "../../context";
import { authOf } from "../../auth/middleware";
import { createRoutes } from "../../http/routes";
import { activeApiKey, rotateApiKey } from "./apikey.repo";
import { newApiKey } from "../../auth/api-keys";
import { appendAction } from "../../records/audit.repo";
import { apiKeyApi as api } from "../../../domain/api/apikey";

/** The partner API key: shown whole once when made, afterwards only its prefix. */
export function apiKeyRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);

  handle(api.apiKey, async () => {
    const k = await activeApiKey(ctx.db);
    return { apiKey: null, prefix: k?.prefix ?? null, createdAt: k?.created_at ?? null };
  });

  handle(api.apiKeyCreate, async (_in, req, res) => {
    const actor = authOf(req).admin!;
    const k = newApiKey();
    const made = await ctx.db.transaction().execute(async (trx) => {
      const old = await activeApiKey(trx);
      const m = await rotateApiKey(trx, { prefix: k.prefix, key_hash: k.hash, created_by: actor.id });
      await appendAction(trx, {
        adminId: actor.id,
        adminLoginId: actor.login_id,
        action: "apikey.rotate",
        targetType: "apikey",
        targetId: k.prefix,
        before: old?.prefix ?? null,
        after: k.prefix,
      });
      return m;
    });
    res.setHeader("Cache-Control", "no-store");
    return { apiKey: k.key, prefix: k.prefix, createdAt: made.created_at };
  });

  return router;
}
