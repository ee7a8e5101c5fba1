import { z } from "zod";
import { evmAddress, pinInput, wonValue } from "./shared/common";
import { amountProblem } from "../amount";

/**
 * A gift or a market use (POST /api/gift/trade/address, /api/use/trade/address), also as an Idempotency-Key
 * replay rebuilds it: `pending` when the transfer was not resolved on-chain within the wait.
 */
export const paymentResult = z.object({
  id: z.number().int(),
  status: z.enum(["confirmed", "pending"]),
  txHash: z.string().nullable(),
  value: z.number(),
  fee: z.number(),
  total: z.number(),
  to: z.string(),
  toUsername: z.string(),
});
export type PaymentResult = z.infer<typeof paymentResult>;

/** POST /api/p2p/p2p-check: the shop behind a market address. */
export const marketShop = z.object({ address: z.string(), username: z.string() });

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

export const p2pCheckBody = z.strictObject({ address: z.string().trim().max(200) });
