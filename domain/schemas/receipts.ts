import { z } from "zod";

export const RECEIPT_KINDS = ["purchase", "gift_sent", "gift_received", "use", "use_cancelled", "refund"] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];
export const RECEIPT_TITLES: Record<ReceiptKind, string> = {
  purchase: "상품권 구매",
  gift_sent: "선물 보내기",
  gift_received: "선물 받기",
  use: "상품권 사용",
  use_cancelled: "결제 취소 (환불)",
  refund: "환불",
};

/**
 * GET /api/info/receipt/:type/:id: a history line of the member's own (type `buy`: a purchase order, `move`: a gift or
 * use, `refund`: a refund order of the 환불 tab).
 */
export const RECEIPT_TYPES = ["buy", "move", "refund"] as const;
export type ReceiptType = (typeof RECEIPT_TYPES)[number];
export const receiptParams = z.strictObject({
  type: z.enum(RECEIPT_TYPES),
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** A transaction confirmation (거래확인서): what the member may see, the counterpart masked. */
export const receipt = z.object({
  kind: z.enum(RECEIPT_KINDS),
  title: z.string(),
  orderNo: z.string(),
  createdAt: z.string(),
  value: z.number(),
  fee: z.number(),
  /** What left (sent: value + fee) or arrived (value) in the member's balance. */
  total: z.number(),
  /** The other side as the member may see it: a masked name, or the issuer for a purchase. */
  counterpart: z.string(),
  counterpartAddress: z.string().nullable(),
  status: z.string(),
  txHash: z.string().nullable(),
  blockNumber: z.number().int().nullable(),
  blockTime: z.string().nullable(),
  chainId: z.number().int(),
  token: z.string(),
  /** The public verification page of the transaction (null before it has a hash). */
  verifyPath: z.string().nullable(),
  /**
   * Every transaction of the line, each verifiable on the public page: a refund has two (the balance into the refund
   * escrow, then the burn when it is paid, or the return when it is rejected); the other lines have their one.
   */
  moves: z.array(z.object({ label: z.string(), txHash: z.string(), verifyPath: z.string() })),
  /** A refund's payout account, masked (국민은행 *******3344); null for the other lines. */
  payoutAccount: z.string().nullable(),
  /** How a purchase was paid and confirmed (연결 계좌 충전 국민은행 ****4556 · 계좌연결); null for the other lines. */
  payment: z.string().nullable(),
});
export type ReceiptDto = z.infer<typeof receipt>;

export const txHashParams = z.strictObject({ hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/) });

/** The transaction as the chain holds it, read from the node: no names, no phone, no record of ours. */
export const verifiedTx = z.object({
  hash: z.string(),
  found: z.boolean(),
  status: z.number().int().nullable(),
  blockNumber: z.number().int().nullable(),
  blockHash: z.string().nullable(),
  timestamp: z.string().nullable(),
  confirmations: z.number().int().nullable(),
  chainId: z.number().int(),
  token: z.string(),
  /** The token's Transfer events of the transaction (a fee leg is a transfer to the fee collector). */
  transfers: z.array(z.object({ from: z.string(), to: z.string(), value: z.string() })),
});
export type VerifiedTxDto = z.infer<typeof verifiedTx>;
