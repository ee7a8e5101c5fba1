import { z } from "zod";
import { AMOUNT_UNIT_WON, AMOUNT_MAX_DIGITS, PASSWORD_LENGTH } from "../constants";
import { Msg } from "../messages";

/** Korean phone number, digits only (010xxxxxxxx). */
export const phone = z.string({ error: Msg.phoneRequired }).trim().regex(/^01[016789]\d{7,8}$/, { error: Msg.recipientPhoneNotFound });

/** 6-digit numeric password. */
export const pin = z
  .string({ error: Msg.passwordRequired })
  .min(1, { error: Msg.required })
  .length(PASSWORD_LENGTH, { error: Msg.passwordSix })
  .regex(/^\d{6}$/, { error: Msg.passwordDigits });

/** Any 6-character payment password as typed (the server compares it; format errors read as a wrong password). */
export const pinInput = z.string({ error: Msg.passwordRequired }).min(1, { error: Msg.required }).max(64);

export const evmAddress = z.string({ error: Msg.recipientAddressEmpty }).trim().regex(/^0x[0-9a-fA-F]{40}$/, { error: Msg.recipientAddressNotFound });

/** Whole won, positive, multiple of 100, at most 15 digits. Accepts a digit string or a safe integer. */
export const wonAmount = z
  .union([z.number(), z.string().regex(/^\d+$/, { error: Msg.amountUnit })], { error: Msg.required })
  .transform((v) => (typeof v === "string" ? Number(v) : v))
  .pipe(
    z
      .number()
      .int({ error: Msg.amountUnit })
      .positive({ error: Msg.required })
      .max(10 ** AMOUNT_MAX_DIGITS - 1, { error: Msg.amountTooLong })
      .refine((n) => Number.isSafeInteger(n), { error: Msg.amountTooLong })
      .refine((n) => n % AMOUNT_UNIT_WON === 0, { error: Msg.amountUnit }),
  );

export const idParam = z.coerce.number().int().positive();
export const pageParam = z.coerce.number().int().min(1).max(100000);
