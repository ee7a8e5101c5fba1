import { z } from "zod";
import { Msg } from "../../messages";

/**
 * A bank account in the member's own name (a refund's payout account, a linked account to charge from): bank name
 * and digits only (dashes and spaces typed are dropped).
 */
export const ownBankAccount = {
  bank: z.string({ error: Msg.refundBankRequired }).trim().min(1, { error: Msg.refundBankRequired }).max(40),
  account: z
    .string({ error: Msg.refundAccountRequired })
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{6,20}$/, { error: Msg.refundAccountRequired })),
};
