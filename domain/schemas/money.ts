import { z } from "zod";
import { Msg } from "../messages";
import { amountProblem } from "../amount";
import { evmAddress, pinInput, wonAmountFor, wonValue } from "./common";

export const chargeBody = z.strictObject({ password: pinInput, value: wonAmountFor("buy") });

/** POST /api/gift/trade/address and /api/use/trade/address. */
export const paymentBody = z
  .strictObject({
    opponentAddress: evmAddress,
    kind: z.literal(0),
    type: z.union([z.literal(0), z.literal(1)]),
    value: wonValue,
    password: pinInput,
  })
  .superRefine((b, ctx) => {
    // the flow (type 1 gift, 0 use) decides the minimum
    if (typeof b.value !== "number") return;
    const problem = amountProblem(b.type === 1 ? "gift" : "use", b.value);
    if (problem) ctx.addIssue({ code: "custom", path: ["value"], message: problem });
  });
export type PaymentBody = z.infer<typeof paymentBody>;

export const userLookupBody = z
  .strictObject({
    phonenumber: z.string().trim().max(20).optional().nullable(),
    // Bounded, not to 42: a longer paste is an address nobody has (the spec's not-found message), not a format error.
    address: z.string().trim().max(200).optional().nullable(),
  })
  .refine((b) => Boolean(b.phonenumber) || Boolean(b.address), { error: Msg.recipientPhoneEmpty });

export const p2pCheckBody = z.strictObject({ address: z.string().trim().max(200) });

export const historyBody = z.strictObject({
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  page: z.number().int().min(1).max(100000).default(1),
  perPage: z.union([z.literal(7), z.literal(10), z.literal(25), z.literal(50), z.literal(100)]).optional(),
  sortBy: z.string().max(30).optional().nullable(),
  sortDesc: z.boolean().optional().nullable(),
});
export type HistoryBody = z.infer<typeof historyBody>;

export const saleAcceptBody = z.strictObject({ id: z.number().int().positive() });
/** POST /api/buy/cancel: the member's own pending order. */
export const buyCancelBody = z.strictObject({ id: z.number().int().positive() });
