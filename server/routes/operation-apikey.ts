import { Router } from "express";
import type { AppContext } from "../context";
import { adminGate } from "../auth/admin-flags";
import { authOf } from "../auth/middleware";
import { ok } from "../http/errors";
import { valid, validate } from "../http/validate";
import { activeApiKey, rotateApiKey } from "../apikey/apikey.repo";
import { newApiKey } from "../apikey/keys";
import { appendAction, listActions } from "../audit/audit.repo";
import { listNotifications } from "../notifications/notify-list.repo";
import { auditListRequest, notifyListRequest } from "../../domain/schemas/operation";
import { NOTIFY_AREA, allowsArea } from "../../domain/admin-access";
import type { z } from "zod";

/** The partner API key (shown whole once), the audit log, and the notification list. */
export function operationApiKeyRoutes(ctx: AppContext): Router {
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

  r.get("/api/operation/actions", adminGate(ctx), validate(auditListRequest, "query"), async (req, res) => {
    const q = valid<unknown, unknown, z.output<typeof auditListRequest>>(req).query;
    ok(res, await listActions(ctx.db, { ...q, start: q.start!, end: q.end! }));
  });

  r.post("/api/notify/all", adminGate(ctx), validate(notifyListRequest), async (req, res) => {
    const q = valid<z.output<typeof notifyListRequest>>(req).body;
    const admin = authOf(req).admin!;
    const categories = Object.entries(NOTIFY_AREA).filter(([, area]) => allowsArea(area, admin)).map(([c]) => c);
    ok(res, await listNotifications(ctx.db, categories, q));
  });

  return r;
}
