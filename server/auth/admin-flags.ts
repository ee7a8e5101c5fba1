import type { RequestHandler } from "express";
import type { AppContext } from "../context";
import { forbidden } from "../http/errors";
import { AREAS, allows, type AdminArea } from "../../domain/admin-access";
import { OPERATOR_ENDPOINTS } from "../../domain/api";
import { authOf, requireAdmin } from "./middleware";

/** Marks the gate's handlers, so a test can list every operator route the app mounts. */
export const ADMIN_GATE = Symbol("adminGate");

/**
 * The one check on every operator route: a live operator token (`requireAdmin`), then the rule of the
 * route's area: the endpoint's own (routes registered from the endpoint table pass it), else the one
 * `OPERATOR_ENDPOINTS` (domain/api/) gives the matched method and path. A route missing from the table is
 * refused: nothing is open by omission.
 */
export function adminGate(ctx: AppContext, routeArea?: AdminArea): RequestHandler {
  const authenticate = requireAdmin(ctx);
  const gate: RequestHandler = (req, res, next) => {
    const path: unknown = req.route?.path;
    const area: AdminArea | undefined = routeArea ?? (typeof path === "string" ? OPERATOR_ENDPOINTS[`${req.method.toUpperCase()} ${path}`] : undefined);
    if (!area) {
      ctx.log.error({ method: req.method, path }, "operator route missing from OPERATOR_ENDPOINTS");
      return next(forbidden());
    }
    void authenticate(req, res, (err?: unknown) => {
      if (err) return next(err);
      if (!allows(AREAS[area], authOf(req).admin!)) return next(forbidden());
      next();
    });
  };
  Object.assign(gate, { [ADMIN_GATE]: true });
  return gate;
}
