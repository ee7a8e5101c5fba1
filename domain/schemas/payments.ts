import { z } from "zod";

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
