import type { Router } from "express";
import { loginSubjectPrefix } from "../../auth/check-password";
import type { AppContext } from "../../context";
import { AppError } from "../../http/errors";
import { createRoutes } from "../../http/routes";
import { rateLimit } from "../../http/rate-limit";
import { hashPin } from "../../auth/passwords";
import { bearer } from "../../auth/middleware";
import { createMember, isUniqueViolation } from "./members.service";
import { memberByPhone, setMemberPassword } from "../../records/members.repo";
import { createVerifications } from "../../providers/identity/verification.service";
import { createIdentityProvider } from "../../providers/identity";
import { memberSelfApi as api } from "../../../domain/api/members";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { VerifyCode } from "../../../domain/constants";

const digits = (s: string) => s.replace(/\D/g, "");

/**
 * Sign-up and password reset through identity verification: start a key (GET /api/auth, /reauth), the
 * provider's popup verifies the person, then the key (never a client-sent phone) decides who is created
 * or whose password changes. Login and logout live in login.routes.ts.
 */
export function signupRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  const verifications = createVerifications(ctx.db, async (phone) => (await memberByPhone(ctx.db, phone)) !== undefined);
  const provider = createIdentityProvider(verifications);
  // Anyone can claim any identity on the simulator: fine for development and demos, never for real members.
  if (provider.name === "simulated")
    ctx.log.warn("identity verification is SIMULATED (set VERIFY_PROVIDER to a real provider for production)");
  const startLimiter = { pre: [rateLimit(ctx, { windowMs: 60_000, max: 30 })] };
  const useLimiter = { pre: [rateLimit(ctx, { windowMs: 60_000, max: 30 })] };

  router.use(provider.routes(ctx));

  handle(api.verifyStart, startLimiter, async () => provider.start("signup"));
  handle(api.reauthStart, startLimiter, async () => provider.start("reauth"));

  handle(api.signup, useLimiter, async ({ body: { key_info, password } }) => {
    const row = await verifications.claim(key_info, "signup", VerifyCode.OK);
    if (!row) throw new AppError(Code.BAD_REQUEST, Msg.verifyInvalid);
    // Someone may have signed up with this phone since the key was verified.
    if (await memberByPhone(ctx.db, row.phone!)) throw new AppError(Code.BAD_REQUEST, Msg.alreadyMember);
    let member;
    try {
      member = await createMember(ctx, { phonenumber: row.phone!, username: row.name!, birth: row.birth, carrier: row.carrier, password });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(Code.BAD_REQUEST, Msg.alreadyMember);
      await verifications.release(key_info);
      throw err;
    }
    ctx.log.info({ memberId: member.id }, "member signed up");
    return { phonenumber: member.phonenumber, username: member.username };
  });

  handle(api.passwordReset, useLimiter, async ({ body: { key_info, password, phone } }, req) => {
    const verified = await verifications.usable(key_info, "reauth", VerifyCode.ALREADY_MEMBER);
    if (!verified) throw new AppError(Code.BAD_REQUEST, Msg.verifyInvalid);
    // The key says whose password changes; a different phone from the client is refused, not followed.
    if (phone && digits(phone) !== verified.phone) throw new AppError(Code.BAD_REQUEST, Msg.verifyPhoneMismatch);
    const member = await memberByPhone(ctx.db, verified.phone!);
    if (!member) throw new AppError(Code.BAD_REQUEST, Msg.verifyInvalid);
    // From my info (a member's token comes along): only that member's own password may change.
    const token = bearer(req);
    const claims = token ? await ctx.sessions.verify(token, "web") : null;
    if (claims && claims.sub !== `m:${member.id}`) throw new AppError(Code.BAD_REQUEST, Msg.verifyPhoneMismatch);
    const hash = hashPin(password, ctx.config.pinKey);
    if (!(await verifications.claim(key_info, "reauth", VerifyCode.ALREADY_MEMBER)))
      throw new AppError(Code.BAD_REQUEST, Msg.verifyInvalid);
    await setMemberPassword(ctx.db, member.id, hash);
    // Every session from before the reset ends (HTTP and websocket). Changed from my info: the session that made
    // the change goes on with a new token, issued after the cut-off.
    const subject = `m:${member.id}`;
    const renewed = claims ? await ctx.sessions.endSessionsAndRenew("web", subject) : undefined;
    if (!claims) await ctx.sessions.endSessions(subject);
    // One password serves login and payment: a reset lifts both lockouts.
    await ctx.lockout.resetAll(loginSubjectPrefix("member", member.phonenumber));
    await ctx.lockout.reset(`pay:${member.id}`);
    ctx.log.info({ memberId: member.id }, "member password reset");
    return renewed;
  });

  return router;
}
