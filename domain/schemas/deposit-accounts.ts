import { z } from "zod";
import { Msg } from "../messages";

const isoDate = z.string();
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

// ---- deposit bank accounts (spec §3 Bank account, §5) -------------------------------------------

/** Account number rule of spec §5: hyphens and digits, at least 7 characters. */
export const BANK_ACCOUNT_RULE = /^[0-9-]{7,}$/;

const text = (max: number) => z.string({ error: Msg.required }).trim().min(1, { error: Msg.required }).max(max, { error: Msg.badRequest });

export const bankCreateBody = z.strictObject({
  bank: text(40),
  account: text(40).refine((s) => BANK_ACCOUNT_RULE.test(s) && /\d/.test(s), { error: Msg.bankAccountRule }),
  name: text(40),
  nickname: z
    .string()
    .trim()
    .max(40, { error: Msg.badRequest })
    .optional()
    .transform((s) => (s ? s : null)),
});
export type BankCreateBody = z.output<typeof bankCreateBody>;
export const bankIdBody = z.strictObject({ id });
export const bankIdParams = z.strictObject({ id });

export const bankRow = z.object({
  id: z.number().int(),
  bankName: z.string(),
  bankAccount: z.string(),
  ownerName: z.string(),
  nickname: z.string().nullable(),
  isMain: z.boolean(),
  createdAt: isoDate,
});
export type BankRowDto = z.infer<typeof bankRow>;
export const bankList = z.array(bankRow);
