import type { Router } from "express";
import type { AppContext } from "../../context";
import { AppError, forbidden } from "../../http/errors";
import { createRoutes } from "../../http/routes";
import { checkPasswordWithLockout, loginSubject } from "../../auth/check-password";
import { authOf } from "../../auth/middleware";
import { operatorIpAllowed } from "../../auth/ip-allowlist";
import { concurrencyGate, rateLimit } from "../../http/rate-limit";
import { operatorByLoginId } from "../../records/operators.repo";
import { appendAction } from "../../records/audit.repo";
import { checkCodeWithLockout, otpSubject, twoFactorEnabled, twoFactorRequired, twoFactorWasReset } from "./operator-security.service";
import { operatorSessionApi } from "../../../domain/api/operator-security";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";

/** Operators' login (password, then the second factor when enrolled) and logout. */
export function operatorLoginRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  const limiter = rateLimit(ctx, { windowMs: 60_000, max: 30 });
  // Anonymous logins: two at a time, 32 waiting, the rest 429 at once (members' payments keep threads).
  const gate = concurrencyGate({ max: 2, queue: 32 });
  const anonymous = { pre: [limiter, gate] };

  handle(operatorSessionApi.loginOperator, anonymous, async ({ body: { username, password, otp } }, req) => {
    if (!operatorIpAllowed(ctx.config, req.ip)) throw forbidden(Msg.operatorIpRefused);
    const admin = await operatorByLoginId(ctx.db, username);
    const subject = loginSubject("admin", username, req.ip);
    // Read for an unknown id too (no operator 0), so the answer time tells operators from strangers no more than before.
    const twoFactor = await twoFactorEnabled(ctx, admin?.id ?? 0);
    // Past this check the account exists (an unknown one is refused like a wrong password).
    await checkPasswordWithLockout(
      ctx.lockout,
      subject,
      admin?.password_hash ?? null,
      password,
      { locked: Msg.accountLocked, wrong: Msg.adminLoginFailed },
      undefined,
      { keepCount: twoFactor },
    );
    if (twoFactor) {
      // The same call again with `otp` completes the login (server/auth/README.md, "Operators' two-factor login").
      if (!otp) throw new AppError(Code.OTP_REQUIRED, Msg.otpRequired);
      const kind = await checkCodeWithLockout(ctx, admin!.id, otp, [subject.address, otpSubject(admin!.id)]);
      if (kind === "recovery") {
        await appendAction(ctx.db, {
          adminId: admin!.id,
          adminLoginId: admin!.login_id,
          action: "operator.2fa.recovery",
          targetType: "admin",
          targetId: admin!.id,
        });
      }
    }
    // OPERATOR_2FA=required and not enrolled, or the second factor reset by super admins (dual control): a token that
    // reaches only the operator's own security settings, until it enrols again.
    const enrolOnly = !twoFactor && (twoFactorRequired(ctx.config, admin!) || (await twoFactorWasReset(ctx, admin!.id)));
    const { accessToken, expiredAt } = await ctx.sessions.issue("operation", `a:${admin!.id}`, enrolOnly ? { scope: "enrol" } : {});
    return {
      accessToken,
      expiredAt,
      account: { id: admin!.id, username: admin!.login_id, permission: admin!.permission, flags: admin!.flags, memberId: admin!.member_id },
      ...(enrolOnly ? { enrolOnly: true as const } : {}),
    };
  });

  handle(operatorSessionApi.logoutOperator, async (_in, req) => {
    await ctx.sessions.revoke(authOf(req).claims!);
  });

  return router;
}
