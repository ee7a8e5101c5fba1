import { createPublicClient, decodeEventLog, http, parseAbi, type Hash, type PublicClient } from "viem";
import { CookieType } from "@domain/constants";
import { dashboardApi } from "@domain/api/dashboard";
import { getToken } from "./session";

/**
 * The node itself, read with viem through the server's read-only JSON-RPC proxy (`/api/rpc`: eth_* reads,
 * operator token). The dashboard checks the index against it field by field.
 */
export function chainClient(): PublicClient {
  return createPublicClient({
    transport: http(dashboardApi.rpcProxy.path, {
      retryCount: 0,
      fetchOptions: { headers: { authorization: `Bearer ${getToken() ?? ""}`, "cookie-type": CookieType.OPERATION } },
    }),
  });
}

const transferAbi = parseAbi(["event Transfer(address indexed from, address indexed to, uint256 value)"]);

export interface ChainView {
  status: number;
  blockNumber: number;
  blockHash: string;
  confirmations: number;
  timestamp: string;
  from: string;
  to: string | null;
  gasUsed: string;
  gasPrice: string;
  /** Token Transfer logs of the transaction, in log order: "from→to:value". */
  transfers: string[];
}

/** A transaction as the chain has it: transaction, receipt and block, read straight from the node. */
export async function readTransaction(hash: string, token?: string): Promise<ChainView> {
  const c = chainClient();
  const h = hash as Hash;
  const [tx, receipt, head] = await Promise.all([c.getTransaction({ hash: h }), c.getTransactionReceipt({ hash: h }), c.getBlockNumber()]);
  const block = await c.getBlock({ blockNumber: receipt.blockNumber });
  const transfers = receipt.logs
    .filter((l) => !token || l.address.toLowerCase() === token.toLowerCase())
    .flatMap((l) => {
      try {
        const e = decodeEventLog({ abi: transferAbi, data: l.data, topics: l.topics });
        return [`${e.args.from}→${e.args.to}:${e.args.value}`];
      } catch {
        return [];
      }
    });
  return {
    status: receipt.status === "success" ? 1 : 0,
    blockNumber: Number(receipt.blockNumber),
    blockHash: receipt.blockHash,
    confirmations: Number(head - receipt.blockNumber) + 1,
    timestamp: new Date(Number(block.timestamp) * 1000).toISOString(),
    from: tx.from,
    to: tx.to ?? null,
    gasUsed: receipt.gasUsed.toString(),
    gasPrice: receipt.effectiveGasPrice.toString(),
    transfers,
  };
}

/** balanceOf and totalSupply of the token, read from the node. */
export async function readBalance(token: string, address: string): Promise<bigint> {
  const abi = parseAbi(["function balanceOf(address) view returns (uint256)"]);
  return chainClient().readContract({ address: token as `0x${string}`, abi, functionName: "balanceOf", args: [address as `0x${string}`] });
}
