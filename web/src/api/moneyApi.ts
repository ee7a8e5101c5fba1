import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { chargeBody, historyBody, p2pCheckBody, paymentBody } from "@domain/schemas/money";
import { HISTORY_PAGE_SIZE, PAGE_SIZE_OPTIONS, RECENT_LIMIT } from "@domain/constants";
import { callApi, endpoint } from "./endpoint";

/* ---------- response shapes (docs/api.md) ---------- */

export interface BankInfo {
  bankName: string;
  bankAccount: string;
  ownerName: string;
}
export interface BuyInfo {
  balance: number;
  capacity: number;
  bankInfo: BankInfo | null;
}
export interface ChargeResult {
  id: number;
  orderNo: string;
  value: number;
  expiredAt: string;
  /** The account recorded on the order (the main account when it was made), where the deposit goes. */
  bankInfo: BankInfo | null;
}
export interface LookedUpUser {
  address: string;
  username: string;
  phonenumber: string;
  isApp: boolean;
}
export interface MarketShop {
  address: string;
  username: string;
}
export interface PaymentResult {
  id: number;
  txHash: string | null;
  value: number;
  fee: number;
  total: number;
}
export interface BuyHistoryItem {
  id: number;
  createdAt: string;
  /** The deposit deadline (24 hours after the request). */
  expiredAt: string;
  value: number;
  isAccepted: boolean;
  state: "pending" | "confirmed" | "cancelled";
  txHash: string | null;
  /** Where to deposit (the account in force when the request was made); set while pending. */
  bankInfo?: BankInfo | null;
}
export interface UseHistoryItem {
  id: number;
  createdAt: string;
  to: string;
  toUsername: string | null;
  value: number;
  fee: number;
  total: number;
  txHash: string | null;
}
export interface GiftHistoryItem {
  id: number;
  createdAt: string;
  to: string;
  from: string;
  send: boolean;
  user: string | null;
  value: number;
  fee: number;
  total: number;
  txHash: string | null;
}
export interface HistoryItemOf {
  1: BuyHistoryItem;
  2: UseHistoryItem;
  3: GiftHistoryItem;
}
export type HistoryKind = keyof HistoryItemOf;
export interface HistoryPage<T> {
  data_list: T[];
  total_count: number;
}
/* ---------- the endpoint table ---------- */

/** One of the two is set. */
type UserLookupBody = { phonenumber?: string; address?: string };

/** Every money call of the user app, declared once (the address book lives in accountApi). */
export const moneyApi = {
  buyInfo: endpoint<BuyInfo>("GET", "/api/buy"),
  charge: endpoint<ChargeResult, z.input<typeof chargeBody>>("POST", "/api/buy/charge"),
  lookupUser: endpoint<LookedUpUser, UserLookupBody>("POST", "/api/info/user"),
  marketCheck: endpoint<MarketShop, z.input<typeof p2pCheckBody>>("POST", "/api/p2p/p2p-check"),
  gift: endpoint<PaymentResult, z.input<typeof paymentBody>>("POST", "/api/gift/trade/address"),
  use: endpoint<PaymentResult, z.input<typeof paymentBody>>("POST", "/api/use/trade/address"),
  history: endpoint<HistoryPage<unknown>, z.input<typeof historyBody>>("POST", "/api/info/history"),
  /** The member cancels their own unpaid (pending) purchase request. */
  cancelBuy: endpoint<{ id: number; state: "cancelled" }, { id: number }>("POST", "/api/buy/cancel"),
} as const;

/* ---------- query keys and hooks ---------- */

export const moneyKeys = {
  buyInfo: ["buy"] as const,
  historyAll: ["history"] as const,
  history: (type: HistoryKind, page: number, perPage: number) => ["history", type, page, perPage] as const,
};

export function useBuyInfo() {
  return useQuery({ queryKey: moneyKeys.buyInfo, queryFn: () => callApi(moneyApi.buyInfo, {}) });
}

export type PageSize = (typeof PAGE_SIZE_OPTIONS)[number];

export function useHistory<T extends HistoryKind>(type: T, page: number, perPage: PageSize = HISTORY_PAGE_SIZE) {
  return useQuery({
    queryKey: moneyKeys.history(type, page, perPage),
    queryFn: () =>
      callApi(moneyApi.history, { body: { type, page, perPage, sortBy: "createdAt", sortDesc: true } }) as Promise<
        HistoryPage<HistoryItemOf[T]>
      >,
  });
}

/** Recent entries (page 1, at most 5) for the send pages. */
export function useRecent<T extends 2 | 3>(type: T) {
  const q = useHistory(type, 1, HISTORY_PAGE_SIZE);
  return { ...q, items: q.data?.data_list.slice(0, RECENT_LIMIT) ?? [] };
}
