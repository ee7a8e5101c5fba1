import { z } from "zod";
import { day, listRequest, paged } from "./shared/list";
import { Msg } from "../messages";
import { bulkAnswer, bulkIds } from "./shared/bulk";

/**
 * Settlement (spec routes calc/*, calls under /api/calc): the shop owner's request and the operators'
 * management lists. Won amounts are positive safe integers.
 */

const won = z
  .number({ error: Msg.required })
  .int({ error: Msg.badRequest })
  .positive({ error: Msg.required })
  .max(Number.MAX_SAFE_INTEGER, { error: Msg.badRequest });
const address = z
  .string({ error: Msg.required })
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, { error: Msg.addressInvalid });

/** `POST /api/calc/request/exchange {address, value, password}`: password is the shop member's six-digit payment password. */
export const settlementExchangeBody = z.strictObject({
  address,
  value: won,
  password: z.string({ error: Msg.settlementPasswordRequired }).regex(/^\d{6}$/, { error: Msg.settlementPasswordRequired }),
});
export type SettlementExchangeBody = z.infer<typeof settlementExchangeBody>;

/** The shop's request history `{from, to, wallet}` (paged like every list). */
export const settlementHistoryRequest = listRequest({ sortable: ["createdAt"], dates: true, filters: { wallet: address.optional() } });
export type SettlementHistoryRequest = z.output<typeof settlementHistoryRequest>;

/** The management search `{from, to}` and the tab (state; absent: all). */
export const CALC_TABS = ["pending", "approved", "deleted"] as const;
export const settlementSearchRequest = listRequest({
  sortable: ["createdAt"],
  dates: true,
  filters: { state: z.enum(CALC_TABS).optional() },
});
export type SettlementSearchRequest = z.output<typeof settlementSearchRequest>;

export const settlementDetailBody = z.strictObject({ id: z.coerce.number().int().positive() });
export const settlementAcceptBody = z.strictObject({
  orderNo: z.string({ error: Msg.required }).trim().min(1, { error: Msg.required }).max(40),
});
export const settlementOrderNoParam = z.strictObject({ orderNo: z.string().trim().min(1).max(40) });
/** Several orders approved or deleted in one request (bulk actions), by order number as the single calls; each one's outcome. */
export const settlementBulkBody = z.strictObject({ ids: bulkIds(z.string().trim().min(1).max(40)) });
export const settlementBulkAnswer = bulkAnswer(z.string());

/** A management row (spec: orderNo, phonenumber, value, state, createdAt). */
export const settlementOrder = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  phonenumber: z.string(),
  username: z.string(),
  wallet: z.string(),
  value: z.number().int(),
  state: z.string(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
});
export type SettlementOrderDto = z.infer<typeof settlementOrder>;
export const settlementOrderList = paged(settlementOrder);
/**
 * The detail of an order (spec §3: type, requestPhonenumber, adminPhonenumber, requestAddress, adminAddress,
 * requestValue, adminValue, expiredAt), with the chain transactions of its moves for an auditor: the request
 * into the escrow, and the burn (승인) or the return (삭제). adminPhonenumber is the requesting operator
 * account's linked member's; adminValue is what was burned (null until 승인); expiredAt is when it closed.
 */
export const settlementOrderDetail = settlementOrder.extend({
  type: z.string(),
  requestPhonenumber: z.string(),
  adminPhonenumber: z.string().nullable(),
  requestAddress: z.string(),
  adminAddress: z.string().nullable(),
  requestValue: z.number().int(),
  adminValue: z.number().int().nullable(),
  expiredAt: z.string().nullable(),
  requestTxHash: z.string().nullable(),
  burnTxHash: z.string().nullable(),
  returnTxHash: z.string().nullable(),
});
export type SettlementOrderDetailDto = z.infer<typeof settlementOrderDetail>;

/** A request-history row (spec: exchangeNo, balance, createdAt, exchangeAccept). */
export const settlementHistoryRow = z.object({
  exchangeNo: z.string(),
  balance: z.number().int(),
  createdAt: z.string(),
  exchangeAccept: z.string(),
  wallet: z.string(),
});
export type SettlementHistoryDto = z.infer<typeof settlementHistoryRow>;
export const settlementHistoryList = paged(settlementHistoryRow);

/** The linked shop member's wallets with their spendable balances. */
export const settlementWallets = z.array(z.object({ address: z.string(), balance: z.number().int() }));

/** What an approval, a deletion or a request answers. */
export const settlementOrderResult = z.object({ orderNo: z.string(), state: z.string(), value: z.number().int() }).passthrough();

/** The shop wallet's gift history `{from, to, wallet}` (calc/wallet, permission 3 with isExchange5). */
export const settlementGiftRequest = listRequest({ sortable: ["createdAt"], dates: true, filters: { wallet: address.optional() } });
export type SettlementGiftRequest = z.output<typeof settlementGiftRequest>;
/** A gift row (spec: id, from, to, type, value); type 받음 (received) or 보냄 (sent). */
export const settlementGiftRow = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  type: z.string(),
  value: z.number().int(),
  createdAt: z.string(),
  txHash: z.string().nullable(),
});
export type SettlementGiftDto = z.infer<typeof settlementGiftRow>;
export const settlementGiftList = paged(settlementGiftRow);
export const GIFT_DIRECTION = { received: "받음", sent: "보냄" } as const;

/** Calc status (isExchange4): cards of the given wallets; an owner's history by date range. */
export const settlementStatusWalletsBody = z.strictObject({
  wallets: z.array(address).min(1, { error: Msg.settlementSelectWallet }).max(50),
});
export const settlementStatusHistoryBody = z.strictObject({
  user_id: z.coerce
    .number({ error: Msg.settlementSelectWallet })
    .int({ error: Msg.settlementSelectWallet })
    .positive({ error: Msg.settlementSelectWallet }),
  from: day.optional(),
  to: day.optional(),
  wallets: z.array(address).max(50).default([]),
});
export const settlementStatusCard = z.object({
  address: z.string(),
  y_money: z.number().int(),
  c_money: z.number().int(),
  calc: z.number().int(),
  deposit: z.number().int(),
  send: z.number().int(),
  gift: z.number().int(),
});
export type SettlementStatusCard = z.infer<typeof settlementStatusCard>;
export const settlementOwner = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  phonenumber: z.string(),
  wallets: z.array(z.string()),
});
export type SettlementOwner = z.infer<typeof settlementOwner>;
export const settlementStatusToday = z.object({ data: z.array(settlementStatusCard), exchanger: z.array(settlementOwner) });
export const settlementStatusMove = z.object({
  id: z.number().int(),
  type: z.string(),
  direction: z.string(),
  from: z.string(),
  to: z.string(),
  value: z.number().int(),
  fee: z.number().int(),
  txHash: z.string().nullable(),
  createdAt: z.string(),
});
export type SettlementStatusMove = z.infer<typeof settlementStatusMove>;
export const CALC_OWNER_FILTERS = ["wallet", "email", "name"] as const;
export type SettlementOwnerFilter = (typeof CALC_OWNER_FILTERS)[number];

/** The owner search (client side, over `exchanger`): the spec's messages for a blank keyword, no owners, no match. */
export function findOwners(owners: SettlementOwner[], keyword: string, filter: SettlementOwnerFilter): SettlementOwner[] | string {
  const k = keyword.trim().toLowerCase();
  if (!k) return Msg.settlementKeywordRequired;
  if (owners.length === 0) return Msg.settlementOwnerMissing;
  const hit = owners.filter((o) =>
    filter === "wallet"
      ? o.wallets.some((w) => w.toLowerCase().includes(k))
      : filter === "email"
        ? (o.email ?? "").toLowerCase().includes(k)
        : o.username.toLowerCase().includes(k),
  );
  return hit.length ? hit : Msg.settlementNoMatch;
}
