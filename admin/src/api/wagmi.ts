import { defineChain, http } from "viem";
import { createConfig } from "wagmi";
import { CookieType } from "@domain/constants";
import { dashboardApi } from "@domain/api/dashboard";
import { getToken } from "./session";

/**
 * The node, as the back-office reaches it: the server's read-only JSON-RPC proxy (`/api/rpc`: eth_* reads, operator
 * token). wagmi keys its client by chain id; the id is the embedded node's (chain/node-config.cjs), and no read here
 * depends on it: the proxy answers for whichever node the server runs on (an external `RPC_URL` included).
 */
export const nodeChain = defineChain({
  id: 31337,
  name: "KRW Voucher node",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [dashboardApi.rpcProxy.path] } },
});

/**
 * wagmi over viem, for the dashboard's check against the node (`chain.ts`). Read-only: no connectors, no wallet
 * discovery, nothing kept in localStorage. The operation token is read at each request (it changes with the session).
 */
export const wagmiConfig = createConfig({
  chains: [nodeChain],
  connectors: [],
  multiInjectedProviderDiscovery: false,
  storage: null,
  transports: {
    [nodeChain.id]: http(dashboardApi.rpcProxy.path, {
      retryCount: 0,
      fetchOptions: { headers: { "cookie-type": CookieType.OPERATION } },
      onFetchRequest: (_request, init) => {
        const headers = new Headers(init.headers);
        headers.set("authorization", `Bearer ${getToken() ?? ""}`);
        return { ...init, headers };
      },
    }),
  },
});

declare module "wagmi" {
  interface Register {
    config: typeof wagmiConfig;
  }
}
