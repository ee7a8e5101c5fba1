import type { Router } from "express";
import type { AppContext } from "../../context";
import { authOf } from "../../auth/middleware";
import { createRoutes } from "../../http/routes";
import {
  changeMembers,
  createChange,
  listChanges,
  postChange,
  publicChange,
  publicChanges,
  updateChange,
  withdrawChange,
} from "./change-notices.service";
import { changeNoticesApi as api } from "../../../domain/api/change-notices";

/** Notices of change: the operators' /admin/changes and the public list (/changes in the member app). */
export function changeNoticeRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  handle(api.changes, async () => listChanges(ctx));
  handle(api.changeCreate, async ({ body }, req) => createChange(ctx, authOf(req).admin!, body));
  handle(api.changeUpdate, async ({ params, body }, req) => updateChange(ctx, authOf(req).admin!, params.changeId, body));
  handle(api.changePost, async ({ params }, req) => postChange(ctx, authOf(req).admin!, params.changeId));
  handle(api.changeWithdraw, async ({ params, body }, req) => withdrawChange(ctx, authOf(req).admin!, params.changeId, body.reason));
  handle(api.changeMembers, async ({ params, query }) => changeMembers(ctx, params.changeId, query.page, query.perPage));
  handle(api.publicChanges, async () => publicChanges(ctx));
  handle(api.publicChange, async ({ params }) => publicChange(ctx, params.changeId));
  return router;
}
