import { z } from "zod";

/** The operators' main deposit account, where a purchase's money goes (GET /api/buy). */
export const bankInfo = z.object({ bankName: z.string(), bankAccount: z.string(), ownerName: z.string() });
export type BankInfo = z.infer<typeof bankInfo>;

/** The deposit account a purchase order recorded when it was made (its columns may be empty on old rows). */
export const depositAccount = z.object({
  bankName: z.string().nullable(),
  bankAccount: z.string().nullable(),
  ownerName: z.string().nullable(),
});
export type DepositAccount = z.infer<typeof depositAccount>;

/** GET /api/buy: the spendable balance, what is left of this month's purchase limit, and where to deposit. */
export const buyInfo = z.object({ balance: z.number(), capacity: z.number(), bankInfo: bankInfo.nullable() });
export type BuyInfo = z.infer<typeof buyInfo>;

export const buyOrderState = z.enum(["pending", "confirmed", "cancelled"]);

/** POST /api/buy/charge: the purchase request (구매대기), to be paid by `expiredAt` into `bankInfo`. */
export const chargeResult = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  value: z.number(),
  expiredAt: z.string(),
  state: buyOrderState,
  bankInfo: depositAccount,
});

/** POST /api/buy/cancel. */
export const buyCancelled = z.object({ id: z.number().int(), state: z.literal("cancelled") });
