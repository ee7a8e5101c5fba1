import type { RequestHandler } from "express";
import type { AppContext } from "../context";
import { AppError, forbidden } from "../http/errors";
import { AREAS, ENROL_ONLY_AREAS, allows, type AdminArea } from "../../domain/admin-access";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";
import { operatorIpAllowed } from "./ip-allowlist";
import { authOf, requireAdmin } from "./middleware";

/** Marks the gate's handlers, so a test can list every operator route the app mounts. */
export const ADMIN_GATE = Symbol("adminGate");

/**
 * The one check on every operator route: a client address inside OPERATOR_IP_ALLOWLIST (when set), a live operator
 * token (`requireAdmin`), a token limited to enrolling in two-factor login reaching only ENROL_ONLY_AREAS, then the
 * rule of the endpoint's area (its `access` in domain/api/; server/http/routes.ts passes it).
 */
export function adminGate(ctx: AppContext, area: AdminArea): RequestHandler {
  const authenticate = requireAdmin(ctx);
  const enrolOnly = ENROL_ONLY_AREAS.includes(area);
  const gate: RequestHandler = (req, res, next) => {
    if (!operatorIpAllowed(ctx.config, req.ip)) return next(forbidden(Msg.operatorIpRefused));
    void authenticate(req, res, (err?: unknown) => {
      if (err) return next(err);
      const { admin, claims } = authOf(req);
      if (claims!.scope === "enrol" && !enrolOnly) return next(new AppError(Code.OTP_ENROL_REQUIRED, Msg.otpEnrolRequired));
      if (!allows(AREAS[area], admin!)) return next(forbidden());
      next();
    });
  };
  Object.assign(gate, { [ADMIN_GATE]: true });
  return gate;
}
