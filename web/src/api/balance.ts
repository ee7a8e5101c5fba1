import { useQuery } from "@tanstack/react-query";
import { callApi, endpoint } from "./endpoint";

/** Spendable balance (indexed chain balance minus pending outgoing). Invalidate ["balance"] after a payment. */
export interface BalanceData {
  balance: number;
  pending: number;
}

export const balanceApi = { balance: endpoint<BalanceData>("GET", "/api/info/balance") };

export const balanceKey = ["balance"] as const;

export function useBalance(enabled = true) {
  return useQuery({
    queryKey: balanceKey,
    queryFn: () => callApi(balanceApi.balance, {}),
    enabled,
    refetchInterval: 15_000,
  });
}
