import { Router } from "express";
import type { z } from "zod";
import type { AppContext } from "../../context";
import { adminGate } from "../../auth/admin-flags";
import { authOf } from "../../auth/middleware";
import { ok } from "../../http/errors";
import { valid, validate } from "../../http/validate";
import { listNotifications } from "./notify-list.repo";
import { notifyListRequest } from "../../../domain/schemas/operation";
import { NOTIFY_AREA, allowsArea } from "../../../domain/admin-access";

/** The stored notifications (입금, 문의, 정산), only of the areas the operator covers. */
export function notificationRoutes(ctx: AppContext): Router {
  const r = Router();
  r.post("/api/notify/all", adminGate(ctx), validate(notifyListRequest), async (req, res) => {
    const q = valid<z.output<typeof notifyListRequest>>(req).body;
    const admin = authOf(req).admin!;
    const categories = Object.entries(NOTIFY_AREA).filter(([, area]) => allowsArea(area, admin)).map(([c]) => c);
    ok(res, await listNotifications(ctx.db, categories, q));
  });

  return r;
}
