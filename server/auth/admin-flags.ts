import type { RequestHandler } from "express";
import type { AppContext } from "../context";
import { forbidden } from "../http/errors";
import { AREAS, allows, type AdminArea } from "../../domain/admin-access";
import { authOf, requireAdmin } from "./middleware";

/** Marks the gate's handlers, so a test can list every operator route the app mounts. */
export const ADMIN_GATE = Symbol("adminGate");

/**
 * The one check on every operator route: a live operator token (`requireAdmin`), then the rule of the
 * endpoint's area (its `access` in domain/api/; server/http/routes.ts passes it).
 */
export function adminGate(ctx: AppContext, area: AdminArea): RequestHandler {
  const authenticate = requireAdmin(ctx);
  const gate: RequestHandler = (req, res, next) => {
    void authenticate(req, res, (err?: unknown) => {
      if (err) return next(err);
      if (!allows(AREAS[area], authOf(req).admin!)) return next(forbidden());
      next();
    });
  };
  Object.assign(gate, { [ADMIN_GATE]: true });
  return gate;
}
