import { z } from "zod";
import { Msg } from "../messages";
import { ADMIN_FLAGS, type AdminFlags } from "../constants";
import { pin } from "./common";

export const loginUserBody = z.strictObject({
  username: z.string({ error: Msg.phoneRequired }).trim().min(1, { error: Msg.phoneRequired }).max(20),
  password: z.string({ error: Msg.passwordRequired }).min(1, { error: Msg.passwordRequired }).max(6, { error: Msg.loginFailed }),
});
export type LoginUserBody = z.infer<typeof loginUserBody>;

/**
 * An operator's one-time code: the authenticator app's six digits, or one of its recovery codes (`XXXXX-XXXXX`;
 * case, spaces and dashes do not matter).
 */
export const otpCode = z
  .string({ error: Msg.otpFormat })
  .transform((c) => c.replace(/[\s-]/g, "").toUpperCase())
  .pipe(z.string().regex(/^(\d{6}|[0-9A-Z]{10})$/, { error: Msg.otpFormat }));

/** The authenticator app's six digits (confirming an enrolment: a recovery code does not exist yet). */
export const totpCode = z
  .string({ error: Msg.otpFormat })
  .transform((c) => c.replace(/\s/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, { error: Msg.otpFormat }));

export const loginAdminBody = z.strictObject({
  username: z.string({ error: Msg.adminIdRequired }).trim().min(1, { error: Msg.adminIdRequired }).max(50),
  password: z.string({ error: Msg.adminPasswordRequired }).min(1, { error: Msg.adminPasswordRequired }).max(100),
  /** Only for an operator enrolled in two-factor login; without it such a login answers 1201 (OTP_REQUIRED). */
  otp: otpCode.optional(),
});
export type LoginAdminBody = z.infer<typeof loginAdminBody>;

/** PUT /api/auth: activate the verified member with a new password. */
export const activateBody = z.strictObject({
  key_info: z.string().min(1).max(200),
  password: pin,
});

/** POST /api/auth/password_v2: reset. `phone` is accepted for compatibility; the key decides whose password changes. */
export const passwordResetBody = z.strictObject({
  key_info: z.string().min(1).max(200),
  phone: z.string().max(20).optional(),
  password: pin,
});

/** Mobile carriers a Korean identity check asks for. */
export const CARRIERS = ["SKT", "KT", "LGU+", "SKT알뜰폰", "KT알뜰폰", "LGU+알뜰폰"] as const;

/** The simulated identity provider's form. */
export const verifySubmitBody = z.strictObject({
  key: z.string().min(1).max(200),
  name: z
    .string({ error: Msg.verifyNameRequired })
    .trim()
    .min(1, { error: Msg.verifyNameRequired })
    .max(30, { error: Msg.verifyNameTooLong }),
  birth: z
    .string({ error: Msg.verifyBirthInvalid })
    .trim()
    .regex(/^\d{4}-?\d{2}-?\d{2}$/, { error: Msg.verifyBirthInvalid })
    .transform((b) => b.replace(/-/g, "").replace(/^(\d{4})(\d{2})(\d{2})$/, "$1-$2-$3"))
    .refine(isPastCalendarDate, { error: Msg.verifyBirthInvalid }),
  phone: z
    .string({ error: Msg.verifyPhoneInvalid })
    .trim()
    .regex(/^01[016789]\d{7,8}$/, { error: Msg.verifyPhoneInvalid }),
  carrier: z.enum(CARRIERS, { error: Msg.verifyCarrierInvalid }),
});
export type VerifySubmitBody = z.infer<typeof verifySubmitBody>;
export type ActivateBody = z.infer<typeof activateBody>;
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

/** 'YYYY-MM-DD' that exists on the calendar, after 1900 and not in the future. */
function isPastCalendarDate(ymd: string): boolean {
  const d = new Date(`${ymd}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === ymd && d.getUTCFullYear() >= 1900 && d.getTime() <= Date.now();
}

// ---- answers ----------------------------------------------------------------------------------------

/** A member as the session knows it: the login's `account`, the sign-up's answer. */
export const memberAccount = z.object({ phonenumber: z.string(), username: z.string() });
export type MemberAccount = z.infer<typeof memberAccount>;

/** A session's token and when it expires (a login; a password reset made while signed in renews the session). */
export const sessionToken = z.object({ accessToken: z.string().min(1), expiredAt: z.string().min(1) });

/** POST /api/auth/login_user. */
export const loginUserData = sessionToken.extend({ account: memberAccount });

/** GET /api/auth, /api/auth/reauth: the single-use key and the provider's popup URL. */
export const verifyStart = z.object({ url: z.string(), key: z.string() });

/** POST /api/verify/submit (the simulated provider's form): the verification code it decided. */
export const verifyResult = z.object({ code: z.number().int() });

/** The operator of POST /api/auth/login_admin. */
export const adminAccountSchema = z.object({
  id: z.number(),
  username: z.string(),
  permission: z.number().int(),
  // Only the known flags are kept (a newer server may send more); missing flags read as false.
  flags: z
    .record(z.string(), z.unknown())
    .default({})
    .transform((f): AdminFlags => Object.fromEntries(ADMIN_FLAGS.filter((k) => f[k] === true).map((k) => [k, true]))),
  /** The member a shop-owner operator (permission 3) acts for, else null. */
  memberId: z.number().int().nullable(),
});

export const loginAdminData = sessionToken.extend({
  account: adminAccountSchema,
  /**
   * Present (true) only when OPERATOR_2FA=required asks this operator to enrol first: the token reaches only the
   * operator's own session calls (logout, 내 보안 설정) until it does.
   */
  enrolOnly: z.literal(true).optional(),
});
