import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "./endpoint";

/** Spendable balance (indexed chain balance minus pending outgoing). Invalidate ["balance"] after a payment. */
export const balanceKey = ["balance"] as const;

export function useBalance(enabled = true) {
  return useQuery({
    queryKey: balanceKey,
    // The header asks on every page: the endpoint table (and zod) load with the first call, not with the landing
    // page's script.
    queryFn: async () => callEndpoint((await import("@domain/api/history")).historyApi.balance),
    enabled,
    refetchInterval: 15_000,
  });
}
