import { z } from "zod";
import { amountProblem, type AmountKind } from "../../amount";
import { Msg } from "../../messages";

/** A typed won amount as the forms hold it: digits only, "" when empty. */
const digits = z.string().regex(/^\d*$/);

function checkAmount(kind: AmountKind, amount: string, limit: number | undefined, ctx: z.RefinementCtx) {
  const problem = amountProblem(kind, amount === "" ? 0 : Number(amount), limit);
  if (problem) ctx.addIssue({ code: "custom", path: ["amount"], message: problem });
}

/** Buy step 1: the amount within the remaining monthly capacity (unknown while it loads). */
export function buyFormSchema(capacity: number | undefined) {
  return z.object({ amount: digits }).superRefine((v, ctx) => checkAmount("buy", v.amount, capacity, ctx));
}
export type BuyForm = z.infer<ReturnType<typeof buyFormSchema>>;

export const GIFT_MODES = ["address", "phone"] as const;
export type GiftMode = (typeof GIFT_MODES)[number];

/**
 * Gift or market-use request step: the recipient (wallet address or phone for a gift, market address
 * for use) and the amount, whose amount + fee must fit the balance (unknown while it loads).
 */
export function giftFormSchema(kind: "gift" | "use", balance: number | undefined) {
  return z.object({ mode: z.enum(GIFT_MODES), recipient: z.string(), amount: digits }).superRefine((v, ctx) => {
    if (v.recipient.trim() === "") {
      const message = kind === "use" ? Msg.notMarketAddress : v.mode === "phone" ? Msg.recipientPhoneEmpty : Msg.recipientAddressEmpty;
      ctx.addIssue({ code: "custom", path: ["recipient"], message });
    }
    checkAmount(kind, v.amount, balance, ctx);
  });
}
export type GiftForm = z.infer<ReturnType<typeof giftFormSchema>>;

/** Login: phone and password non-blank; the password at most 6 characters. */
export const loginFormSchema = z.object({
  phone: z.string().trim().min(1, { error: Msg.phoneRequired }),
  password: z.string().min(1, { error: Msg.passwordRequired }).max(6, { error: Msg.loginFailed }),
  remember: z.boolean(),
});
export type LoginForm = z.infer<typeof loginFormSchema>;
