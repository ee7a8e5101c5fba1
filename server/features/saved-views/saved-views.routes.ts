import type { Request, Router } from "express";
import type { AppContext } from "../../context";
import { authOf } from "../../auth/middleware";
import { AppError, forbidden, notFound } from "../../http/errors";
import { createRoutes, withMessage } from "../../http/routes";
import type { SavedView } from "../../db/schema";
import { countViews, deleteView, insertView, viewsOf } from "./saved-views.repo";
import { savedViewsApi as api } from "../../../domain/api/saved-views";
import { SAVED_VIEWS_PER_LIST, savedViewState, type SavedViewDto, type SavedViewList } from "../../../domain/schemas/saved-views";
import { allowsArea } from "../../../domain/admin-access";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";

const toDto = (v: SavedView): SavedViewDto => ({
  id: Number(v.id),
  list: v.list as SavedViewList,
  name: v.name,
  state: savedViewState.parse(JSON.parse(v.state_json)),
  createdAt: v.created_at,
});

/** Saved views of the big lists: each operator's own, on the lists its rights open (the list key is the list's area). */
export function savedViewRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  const adminOf = (req: Request, list?: SavedViewList) => {
    const admin = authOf(req).admin!;
    if (list && !allowsArea(list, admin)) throw forbidden();
    return admin;
  };

  handle(api.savedViews, async ({ query: { list } }, req) => (await viewsOf(ctx.db, adminOf(req, list).id, list)).map(toDto));

  handle(api.savedViewCreate, async ({ body: { list, name, state } }, req) => {
    const admin = adminOf(req, list);
    // A soft limit: two saves at the same moment may pass it by one.
    if ((await countViews(ctx.db, admin.id, list)) >= SAVED_VIEWS_PER_LIST) throw new AppError(Code.CONFLICT, Msg.savedViewLimit);
    const view = await insertView(ctx.db, { adminId: admin.id, list, name, stateJson: JSON.stringify(state) });
    if (!view) throw new AppError(Code.CONFLICT, Msg.savedViewDuplicate);
    return withMessage(toDto(view), Msg.savedViewSaved);
  });

  handle(api.savedViewDelete, async ({ params: { id } }, req) => {
    if (!(await deleteView(ctx.db, adminOf(req).id, id))) throw notFound();
  });

  return router;
}
