import { z } from "zod";
import { buyOrderState, depositAccount } from "./purchases";
import { Msg } from "../messages";

/** GET /api/info/balance: spendable balance (indexed chain balance minus pending outgoing) and the pending outgoing. */
export const balance = z.object({ balance: z.number(), pending: z.number() });

/** POST /api/info/user: the recipient of a gift, found by phone or address (the phone masked). */
export const lookedUpUser = z.object({ address: z.string(), username: z.string(), phonenumber: z.string(), isApp: z.boolean() });

/** The indexed transaction of a history line (null: no hash yet, or not indexed yet). */
const chainInfo = z.object({ blockNumber: z.number().int(), status: z.number().int(), timestamp: z.string() }).nullable();

/** A purchase (history type 1). */
export const buyHistoryItem = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  createdAt: z.string(),
  /** The deposit deadline (24 hours after the request). */
  expiredAt: z.string(),
  value: z.number(),
  isAccepted: z.boolean(),
  state: buyOrderState,
  txHash: z.string().nullable(),
  chain: chainInfo,
  /** Where to deposit (the account in force when the request was made); set while pending. */
  bankInfo: depositAccount.nullable(),
  /** How it is paid: the main account, its own virtual account, the linked account. */
  method: z.enum(["deposit", "virtual", "linked"]),
});
export type BuyHistoryItem = z.infer<typeof buyHistoryItem>;

/** A market use (type 2) or a gift sent or received (type 3); `send` is the member's point of view. */
export const moveHistoryItem = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  from: z.string(),
  to: z.string(),
  toUsername: z.string().nullable(),
  send: z.boolean(),
  /** The other member: the recipient of a sent line, the sender of a received one. */
  user: z.string().nullable(),
  value: z.number(),
  fee: z.number(),
  total: z.number(),
  status: z.enum(["pending", "submitted", "confirmed", "failed"]),
  txHash: z.string().nullable(),
  chain: chainInfo,
  /** A use, a gift, or a merchant's cancellation given back (사용 tab, issue 52). */
  kind: z.enum(["gift", "use", "payment_cancel"]),
  /** The merchant payment the line paid or gave back (사용 tab), if it is one. */
  payment: z.object({ paymentId: z.string(), orderId: z.string(), itemName: z.string(), merchantName: z.string() }).nullable(),
});
export type MoveHistoryItem = z.infer<typeof moveHistoryItem>;

/** POST /api/info/history: a page of one type's lines (buy lines for type 1, moves for 2 and 3). */
export const historyPage = z.object({ total_count: z.number().int(), data_list: z.array(z.union([buyHistoryItem, moveHistoryItem])) });
export type HistoryItem = BuyHistoryItem | MoveHistoryItem;

export const userLookupBody = z
  .strictObject({
    phonenumber: z.string().trim().max(20).optional().nullable(),
    // Bounded, not to 42: a longer paste is an address nobody has (the spec's not-found message), not a format error.
    address: z.string().trim().max(200).optional().nullable(),
  })
  .refine((b) => Boolean(b.phonenumber) || Boolean(b.address), { error: Msg.recipientPhoneEmpty });

export const historyBody = z.strictObject({
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  page: z.number().int().min(1).max(100000).default(1),
  perPage: z.union([z.literal(7), z.literal(10), z.literal(25), z.literal(50), z.literal(100)]).optional(),
  sortBy: z.string().max(30).optional().nullable(),
  sortDesc: z.boolean().optional().nullable(),
});
export type HistoryBody = z.infer<typeof historyBody>;
