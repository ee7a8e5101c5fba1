import { z } from "zod";
import { otpCode, sessionToken, totpCode } from "./auth";

/** Requests and answers of an operator's own security settings (내 보안 설정): two-factor login with TOTP. */

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

/** POST /api/operation/security/totp/enable: the first code of the new secret. */
export const totpEnableBody = z.strictObject({ otp: totpCode });

/**
 * The recovery codes, shown this once (stored only as keyed hashes), and the session's new token: every other
 * session of the operator ended with the change.
 */
export const totpEnabled = sessionToken.extend({ recoveryCodes: z.array(z.string()) });
export type TotpEnabled = z.infer<typeof totpEnabled>;

/** POST /api/operation/security/totp/disable: a current code (the app's or an unused recovery code). */
export const totpDisableBody = z.strictObject({ otp: otpCode });

/** The session's new token; `enrolOnly` when OPERATOR_2FA=required now limits it to enrolling again. */
export const totpDisabled = sessionToken.extend({ enrolOnly: z.literal(true).optional() });
export type TotpDisabled = z.infer<typeof totpDisabled>;
