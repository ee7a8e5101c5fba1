import type { Router } from "express";
import type { AppContext } from "../../context";
import { authOf } from "../../auth/middleware";
import { createRoutes } from "../../http/routes";
import { listNotifications } from "./notify-list.repo";
import { notificationsApi as api } from "../../../domain/api/notifications";
import { NOTIFY_AREA, allowsArea } from "../../../domain/admin-access";

/** The stored notifications (입금, 문의, 정산), only of the areas the operator covers. */
export function notificationRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  handle(api.notifyList, async ({ body: q }, req) => {
    const admin = authOf(req).admin!;
    const categories = Object.entries(NOTIFY_AREA)
      .filter(([, area]) => allowsArea(area, admin))
      .map(([c]) => c);
    return listNotifications(ctx.db, categories, q);
  });

  return router;
}
