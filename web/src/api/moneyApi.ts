import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { chargeBody, historyBody, p2pCheckBody, tradeBody } from "@domain/schemas/money";
import { HISTORY_PAGE_SIZE, PAGE_SIZE_OPTIONS, RECENT_LIMIT } from "@domain/constants";
import { apiCall, type CallOptions } from "./client";

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
export interface TradeResult {
  id: number;
  txHash: string | null;
  value: number;
  fee: number;
  total: number;
}
export interface BuyHistoryItem {
  id: number;
  createdAt: string;
  expiredAt: string;
  value: number;
  isAccepted: boolean;
  state: "pending" | "confirmed" | "cancelled";
  txHash: string | null;
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
export interface Favorite {
  id: number;
  nickname: string;
  address: string;
  check: boolean;
  updatedAt?: string;
}

/* ---------- the endpoint table ---------- */

type UserLookupBody = { phonenumber: string } | { address: string };

interface Endpoint<Req, Res> {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  /** Phantom types only; never read at runtime. */
  _types?: [Req, Res];
}
const endpoint = <Req, Res>(method: Endpoint<Req, Res>["method"], path: string): Endpoint<Req, Res> => ({ method, path });

/** Every money call of the user app, declared once. */
export const moneyApi = {
  buyInfo: endpoint<void, BuyInfo>("GET", "/api/buy"),
  charge: endpoint<z.input<typeof chargeBody>, ChargeResult>("POST", "/api/buy/charge"),
  lookupUser: endpoint<UserLookupBody, LookedUpUser>("POST", "/api/info/user"),
  marketCheck: endpoint<z.input<typeof p2pCheckBody>, MarketShop>("POST", "/api/p2p/p2p-check"),
  gift: endpoint<z.input<typeof tradeBody>, TradeResult>("POST", "/api/gift/trade/address"),
  use: endpoint<z.input<typeof tradeBody>, TradeResult>("POST", "/api/use/trade/address"),
  history: endpoint<z.input<typeof historyBody>, HistoryPage<unknown>>("POST", "/api/info/history"),
  favorites: endpoint<void, { list: Favorite[] }>("GET", "/api/favorite"),
} as const;

type Api = typeof moneyApi;
type ReqOf<K extends keyof Api> = Api[K] extends Endpoint<infer R, unknown> ? R : never;
type ResOf<K extends keyof Api> = Api[K] extends Endpoint<unknown, infer R> ? R : never;

/** Calls a money endpoint by name. Throws ApiError (with the spec `code`) on anything but 200. */
export function callMoney<K extends keyof Api>(
  name: K,
  ...args: ReqOf<K> extends void ? [body?: undefined, opts?: CallOptions] : [body: ReqOf<K>, opts?: CallOptions]
): Promise<ResOf<K>> {
  const e = moneyApi[name];
  const [body, opts] = args;
  return apiCall<ResOf<K>>(e.method, e.path, body, opts);
}

/* ---------- query keys and hooks ---------- */

export const moneyKeys = {
  buyInfo: ["buy"] as const,
  historyAll: ["history"] as const,
  history: (type: HistoryKind, page: number, perPage: number) => ["history", type, page, perPage] as const,
  favorites: ["favorites"] as const,
};

export function useBuyInfo() {
  return useQuery({ queryKey: moneyKeys.buyInfo, queryFn: () => callMoney("buyInfo") });
}

export type PageSize = (typeof PAGE_SIZE_OPTIONS)[number];

export function useHistory<T extends HistoryKind>(type: T, page: number, perPage: PageSize = HISTORY_PAGE_SIZE) {
  return useQuery({
    queryKey: moneyKeys.history(type, page, perPage),
    queryFn: () =>
      callMoney("history", { type, page, perPage, sortBy: "createdAt", sortDesc: true }) as Promise<HistoryPage<HistoryItemOf[T]>>,
  });
}

/** Recent entries (page 1, at most 5) for the send pages. */
export function useRecent<T extends 2 | 3>(type: T) {
  const q = useHistory(type, 1, HISTORY_PAGE_SIZE);
  return { ...q, items: q.data?.data_list.slice(0, RECENT_LIMIT) ?? [] };
}

export function useFavorites(enabled: boolean) {
  return useQuery({ queryKey: moneyKeys.favorites, queryFn: () => callMoney("favorites"), enabled });
}
