import { z } from "zod";
import { PASSWORD_LENGTH } from "../../constants";
import { Msg } from "../../messages";
import { amountProblem, type AmountKind } from "../../amount";

/** Korean phone number, digits only (010xxxxxxxx). */
export const phone = z
  .string({ error: Msg.phoneRequired })
  .trim()
  .regex(/^01[016789]\d{7,8}$/, { error: Msg.recipientPhoneNotFound });

/** 6-digit numeric password. */
export const pin = z
  .string({ error: Msg.passwordRequired })
  .min(1, { error: Msg.required })
  .length(PASSWORD_LENGTH, { error: Msg.passwordSix })
  .regex(/^\d{6}$/, { error: Msg.passwordDigits });

/** Any 6-character payment password as typed (the server compares it; format errors read as a wrong password). */
export const pinInput = z.string({ error: Msg.passwordRequired }).min(1, { error: Msg.required }).max(64);

export const evmAddress = z
  .string({ error: Msg.recipientAddressEmpty })
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, { error: Msg.recipientAddressNotFound });

/**
 * A won amount as sent: a JSON number or a digit string. The rules themselves (minimum, unit, digits)
 * are `amountProblem` of domain/amount.ts, applied per flow, in the one order the apps use too.
 */
export const wonValue = z
  .union([z.number(), z.string().regex(/^\d+$/, { error: Msg.amountUnit })], { error: Msg.required })
  .transform((v) => (typeof v === "string" ? Number(v) : v));

/** `wonValue` checked by the rules of one flow (limit excluded: the server checks it in its transaction). */
export function wonAmountFor(kind: AmountKind) {
  return wonValue.superRefine((v, ctx) => {
    const problem = amountProblem(kind, v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
}

export const idParam = z.coerce.number().int().positive();
export const pageParam = z.coerce.number().int().min(1).max(100000);

/** DELETE answers of the back-office (a cancelled order, a removed bank account): the literal "OK". */
export const okAnswer = z.literal("OK");
