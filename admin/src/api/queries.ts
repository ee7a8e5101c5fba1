import { useQuery, type QueryClient } from "@tanstack/react-query";
import { callEndpoint, type EndpointBody, type EndpointData, type EndpointName } from "./endpoints";
import type { CallOptions } from "./client";

/**
 * A read's query key: its endpoint's name, then its input. Invalidating `[name]` refreshes every read of that
 * endpoint, whatever its input (every page and filter of a list).
 */
export const endpointKey = (name: EndpointName, input?: unknown): readonly unknown[] => (input === undefined ? [name] : [name, input]);

type AnyCall = (name: EndpointName, body: unknown, opts: CallOptions) => Promise<unknown>;

/** useQuery's key and function for a read of an endpoint by name. */
export function endpointQuery<N extends EndpointName>(name: N, body?: EndpointBody<N>) {
  return {
    queryKey: endpointKey(name, body),
    queryFn: ({ signal }: { signal: AbortSignal }) => (callEndpoint as AnyCall)(name, body, { signal }) as Promise<EndpointData<N>>,
  };
}

/**
 * The reads that show money: balances, totals, moves and the lists of them. A money action of the operator's own,
 * and a move the index has just confirmed, make them stale.
 */
export const MONEY_READS: ReadonlySet<EndpointName> = new Set<EndpointName>([
  "toolbar",
  "mainData",
  "memberList",
  "memberDetail",
  "dashboardTable",
  "walletDetail",
  "walletHistory",
  "holders",
  "saleTotalsSell",
  "saleTotalsUse",
  "saleTotalsGift",
  "saleList",
  "saleDetail",
  "walletList",
  "walletPage",
  "tokenManage",
  "tokenSearch",
  "tokenFee",
  "tokenFeeSearch",
  "settlementWallets",
  "settlementHistory",
  "settlementSearch",
  "settlementDetail",
  "settlementGifts",
  "settlementStatusToday",
  "settlementStatusWallets",
  "settlementStatusHistory",
  "merchantDaily",
  // The outstanding balance and the year's issuance against the registration thresholds (issue 53): every push, the
  // '한도' warning among them, and every confirmed move read them again.
  "thresholds",
]);

/** Marks every money read stale: those on screen are read again at once, the others when next shown. */
export function refreshMoney(qc: QueryClient): Promise<void> {
  return qc.invalidateQueries({ predicate: (q) => MONEY_READS.has(q.queryKey[0] as EndpointName) });
}

export function useToolbarTotals(enabled: boolean) {
  return useQuery({ ...endpointQuery("toolbar"), enabled, refetchInterval: 60_000 });
}

export function useMainData() {
  return useQuery(endpointQuery("mainData"));
}

/**
 * The registration thresholds watched (dashboard card, home banner): read again on pushes and moves (MONEY_READS) and
 * each minute besides (the server's figures are cached for 30 s and its watch runs each minute).
 */
export function useThresholds(enabled = true) {
  return useQuery({ ...endpointQuery("thresholds"), enabled, staleTime: 30_000, refetchInterval: 60_000 });
}
