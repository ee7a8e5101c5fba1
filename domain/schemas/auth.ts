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

/** The simulated identity provider's form. */
export const verifySubmitBody = z.strictObject({
  key: z.string().min(1).max(200),
  name: z.string().trim().min(1, { error: Msg.required }).max(30),
  birth: z.string().regex(/^\d{4}-?\d{2}-?\d{2}$/, { error: "생년월일 8자리를 입력해 주세요." }),
  phone: z.string().trim().regex(/^01[016789]\d{7,8}$/, { error: "휴대폰 번호를 확인해 주세요." }),
  carrier: z.enum(["SKT", "KT", "LGU+", "SKT알뜰폰", "KT알뜰폰", "LGU+알뜰폰"]),
});
