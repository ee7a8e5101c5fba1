import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "./endpoints";

/** Query keys, one per endpoint read. */
export const queryKeys = {
  toolbar: ["operation", "toolbar"] as const,
  mainData: ["operation", "maindata"] as const,
};

export function useToolbarTotals(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.toolbar,
    queryFn: ({ signal }) => callEndpoint("toolbar", undefined, { signal }),
    enabled,
    refetchInterval: 60_000,
  });
}

export function useMainData() {
  return useQuery({
    queryKey: queryKeys.mainData,
    queryFn: ({ signal }) => callEndpoint("mainData", undefined, { signal }),
  });
}
