import type { Request, Router } from "express";
import type { AppContext } from "../../context";
import { authOf } from "../../auth/middleware";
import { createRoutes, withMessage } from "../../http/routes";
import { rateLimit } from "../../http/rate-limit";
import { appendAction } from "../../records/audit.repo";
import { confirmEnrolment, disableTwoFactor, securityStatus, startEnrolment, twoFactorRequired } from "./operator-security.service";
import { operatorSecurityApi as api } from "../../../domain/api/operator-security";
import { Msg } from "../../../domain/messages";

/**
 * 내 보안 설정: an operator's own two-factor login (every operator, and a session limited to enrolling). Neither the
 * secret nor any code is logged: the request log records paths only, and nothing here writes them anywhere else.
 */
export function operatorSecurityRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  const adminOf = (req: Request) => authOf(req).admin!;
  // Codes are checked here too: ten tries a minute per operator, on top of the lockout of wrong codes.
  const limited = { afterAccess: [rateLimit(ctx, { windowMs: 60_000, max: 10, per: "account" })] };

  handle(api.securityStatus, async (_in, req) => securityStatus(ctx, adminOf(req)));

  handle(api.totpSetup, limited, async (_in, req) => startEnrolment(ctx, adminOf(req)));

  handle(api.totpEnable, limited, async ({ body }, req) => {
    const admin = adminOf(req);
    const recoveryCodes = await confirmEnrolment(ctx, admin, body.otp);
    await appendAction(ctx.db, {
      adminId: admin.id,
      adminLoginId: admin.login_id,
      action: "operator.2fa.enable",
      targetType: "admin",
      targetId: admin.id,
    });
    // Every other session (and this one, limited or not) ends: from now on each login needs a code.
    const session = await ctx.sessions.endSessionsAndRenew("operation", `a:${admin.id}`);
    return withMessage({ ...session, recoveryCodes }, Msg.otpEnabled);
  });

  handle(api.totpDisable, limited, async ({ body }, req) => {
    const admin = adminOf(req);
    await disableTwoFactor(ctx, admin, body.otp);
    await appendAction(ctx.db, {
      adminId: admin.id,
      adminLoginId: admin.login_id,
      action: "operator.2fa.disable",
      targetType: "admin",
      targetId: admin.id,
    });
    // Where OPERATOR_2FA=required asks it of this operator, the session goes on limited to enrolling again.
    const enrolOnly = twoFactorRequired(ctx.config, admin);
    const session = await ctx.sessions.endSessionsAndRenew("operation", `a:${admin.id}`, enrolOnly ? { scope: "enrol" } : {});
    return withMessage({ ...session, ...(enrolOnly ? { enrolOnly: true as const } : {}) }, Msg.otpDisabled);
  });

  return router;
}
