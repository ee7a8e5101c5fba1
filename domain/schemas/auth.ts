import { z } from "zod";
import { Msg } from "../messages";
import { pin } from "./common";

export const loginUserBody = z.strictObject({
  username: z.string({ error: Msg.phoneRequired }).trim().min(1, { error: Msg.phoneRequired }).max(20),
  password: z.string({ error: Msg.passwordRequired }).min(1, { error: Msg.passwordRequired }).max(6, { error: Msg.loginFailed }),
});
export type LoginUserBody = z.infer<typeof loginUserBody>;

export const loginAdminBody = z.strictObject({
  username: z.string({ error: Msg.adminIdRequired }).trim().min(1, { error: Msg.adminIdRequired }).max(50),
  password: z.string({ error: Msg.adminPasswordRequired }).min(1, { error: Msg.adminPasswordRequired }).max(100),
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
  name: z.string({ error: Msg.verifyNameRequired }).trim().min(1, { error: Msg.verifyNameRequired }).max(30, { error: Msg.verifyNameTooLong }),
  birth: z
    .string({ error: Msg.verifyBirthInvalid })
    .trim()
    .regex(/^\d{4}-?\d{2}-?\d{2}$/, { error: Msg.verifyBirthInvalid })
    .transform((b) => b.replace(/-/g, "").replace(/^(\d{4})(\d{2})(\d{2})$/, "$1-$2-$3"))
    .refine(isPastCalendarDate, { error: Msg.verifyBirthInvalid }),
  phone: z.string({ error: Msg.verifyPhoneInvalid }).trim().regex(/^01[016789]\d{7,8}$/, { error: Msg.verifyPhoneInvalid }),
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
