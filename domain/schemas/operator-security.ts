import { z } from "zod";
import { sessionToken } from "./shared/auth";
import { Msg } from "../messages";
import { ADMIN_FLAGS, type OperatorFlags } from "../constants";

/**
 * Requests and answers of an operator's own security settings (내 보안 설정): two-factor login with TOTP; and the
 * operators' login.
 */

/** GET /api/operation/security. */
export const securityStatus = z.object({
  /** Two-factor login is on: a login needs the password and a one-time code. */
  enabled: z.boolean(),
  /** OPERATOR_2FA=required asks it of this operator (permission 0): it cannot work without enrolling. */
  required: z.boolean(),
  enabledAt: z.string().nullable(),
  /** Unused recovery codes. */
  recoveryCodesLeft: z.number().int(),
});
export type SecurityStatus = z.infer<typeof securityStatus>;

/**
 * POST /api/operation/security/totp/setup: a new secret, not in force until confirmed with a first code. `otpauthUrl`
 * is what the QR code holds; `secret` (base32) is for typing into the app by hand.
 */
export const totpSetup = z.object({ secret: z.string().min(16), otpauthUrl: z.string().startsWith("otpauth://totp/") });
export type TotpSetup = z.infer<typeof totpSetup>;

/** The authenticator app's six digits (confirming an enrolment: a recovery code does not exist yet). */
export const totpCode = z
  .string({ error: Msg.otpFormat })
  .transform((c) => c.replace(/\s/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, { error: Msg.otpFormat }));

/** POST /api/operation/security/totp/enable: the first code of the new secret. */
export const totpEnableBody = z.strictObject({ otp: totpCode });

/**
 * The recovery codes, shown this once (stored only as keyed hashes), and the session's new token: every other
 * session of the operator ended with the change.
 */
export const totpEnabled = sessionToken.extend({ recoveryCodes: z.array(z.string()) });
export type TotpEnabled = z.infer<typeof totpEnabled>;

/**
 * An operator's one-time code: the authenticator app's six digits, or one of its recovery codes (`XXXXX-XXXXX`;
 * case, spaces and dashes do not matter).
 */
export const otpCode = z
  .string({ error: Msg.otpFormat })
  .transform((c) => c.replace(/[\s-]/g, "").toUpperCase())
  .pipe(z.string().regex(/^(\d{6}|[0-9A-Z]{10})$/, { error: Msg.otpFormat }));

/** POST /api/operation/security/totp/disable: a current code (the app's or an unused recovery code). */
export const totpDisableBody = z.strictObject({ otp: otpCode });

/** The session's new token; `enrolOnly` when OPERATOR_2FA=required now limits it to enrolling again. */
export const totpDisabled = sessionToken.extend({ enrolOnly: z.literal(true).optional() });
export type TotpDisabled = z.infer<typeof totpDisabled>;

// ---- the operators' login (POST /api/auth/login_admin) ----------------------------------------------------

export const loginOperatorBody = z.strictObject({
  username: z.string({ error: Msg.adminIdRequired }).trim().min(1, { error: Msg.adminIdRequired }).max(50),
  password: z.string({ error: Msg.adminPasswordRequired }).min(1, { error: Msg.adminPasswordRequired }).max(100),
  /** Only for an operator enrolled in two-factor login; without it such a login answers 1201 (OTP_REQUIRED). */
  otp: otpCode.optional(),
});
export type LoginAdminBody = z.infer<typeof loginOperatorBody>;

/** The operator of POST /api/auth/login_admin. */
export const adminAccountSchema = z.object({
  id: z.number(),
  username: z.string(),
  permission: z.number().int(),
  // Only the known flags are kept (a newer server may send more); missing flags read as false.
  flags: z
    .record(z.string(), z.unknown())
    .default({})
    .transform((f): OperatorFlags => Object.fromEntries(ADMIN_FLAGS.filter((k) => f[k] === true).map((k) => [k, true]))),
  /** The member a shop-owner operator (permission 3) acts for, else null. */
  memberId: z.number().int().nullable(),
});

export const loginOperatorData = sessionToken.extend({
  account: adminAccountSchema,
  /**
   * Present (true) only when OPERATOR_2FA=required asks this operator to enrol first: the token reaches only the
   * operator's own session calls (logout, 내 보안 설정) until it does.
   */
  enrolOnly: z.literal(true).optional(),
});
