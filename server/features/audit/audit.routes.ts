import type { Router } from "express";
import type { AppContext } from "../../context";
import { createRoutes } from "../../http/routes";
import { listActions } from "../../records/audit.repo";
import { auditApi as api } from "../../../domain/api/audit";

/** The operators' audit log (append-only), read by super admins. */
export function auditRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  handle(api.auditList, async ({ query: q }) => listActions(ctx.db, { ...q, start: q.start!, end: q.end! }));

  return router;
}
