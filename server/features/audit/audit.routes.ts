import { Router } from "express";
import type { z } from "zod";
import type { AppContext } from "../../context";
import { adminGate } from "../../auth/admin-flags";
import { ok } from "../../http/errors";
import { valid, validate } from "../../http/validate";
import { listActions } from "./audit.repo";
import { auditListRequest } from "../../../domain/schemas/operation";

/** The operators' audit log (append-only), read by super admins. */
export function auditRoutes(ctx: AppContext): Router {
  const r = Router();
  r.get("/api/operation/actions", adminGate(ctx), validate(auditListRequest, "query"), async (req, res) => {
    const q = valid<unknown, unknown, z.output<typeof auditListRequest>>(req).query;
    ok(res, await listActions(ctx.db, { ...q, start: q.start!, end: q.end! }));
  });

  return r;
}
