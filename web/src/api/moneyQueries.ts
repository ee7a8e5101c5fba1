import { useQuery } from "@tanstack/react-query";
import type { ClientInput } from "@domain/api/endpoint";
import { historyApi } from "@domain/api/history";
import { purchasesApi } from "@domain/api/purchases";
import type { MoveHistoryItem } from "@domain/schemas/history";
import { HISTORY_PAGE_SIZE, type PAGE_SIZE_OPTIONS, RECENT_LIMIT } from "@domain/constants";
import { callEndpoint } from "./endpoint";

/** History types: 1 purchases, 2 market uses, 3 gifts. */
export type HistoryKind = ClientInput<typeof historyApi.history>["type"];
export type PageSize = (typeof PAGE_SIZE_OPTIONS)[number];

export const moneyKeys = {
  buyInfo: ["buy"] as const,
  historyAll: ["history"] as const,
  history: (type: HistoryKind, page: number, perPage: number) => ["history", type, page, perPage] as const,
};

export function useBuyInfo() {
  return useQuery({ queryKey: moneyKeys.buyInfo, queryFn: () => callEndpoint(purchasesApi.buy) });
}

export function useHistory(type: HistoryKind, page: number, perPage: PageSize = HISTORY_PAGE_SIZE) {
  return useQuery({
    queryKey: moneyKeys.history(type, page, perPage),
    queryFn: () => callEndpoint(historyApi.history, { type, page, perPage, sortBy: "createdAt", sortDesc: true }),
  });
}

/** Recent entries (page 1, at most 5) for the send pages: uses or gifts. */
export function useRecent(type: 2 | 3) {
  const q = useHistory(type, 1, HISTORY_PAGE_SIZE);
  const moves = q.data?.data_list.filter((i): i is MoveHistoryItem => !("orderNo" in i)) ?? [];
  return { ...q, items: moves.slice(0, RECENT_LIMIT) };
}
