import { useQuery } from "@tanstack/react-query";
import { apiCall } from "./client";

/** Spendable balance (indexed chain balance minus pending outgoing). Invalidate ["balance"] after a payment. */
export interface BalanceData {
  balance: number;
  pending: number;
}

export const balanceKey = ["balance"] as const;

export function useBalance(enabled = true) {
  return useQuery({
    queryKey: balanceKey,
    queryFn: () => apiCall<BalanceData>("GET", "/api/info/balance"),
    enabled,
    refetchInterval: 15_000,
  });
}
