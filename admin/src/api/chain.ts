import { useMemo } from "react";
import { decodeEventLog, parseAbi, type Block, type Hash, type Transaction, type TransactionReceipt } from "viem";
import { useBlock, useBlockNumber, useTransaction, useTransactionReceipt } from "wagmi";

/*
 * The node itself, read with wagmi's hooks over viem through the server's read-only JSON-RPC proxy (`/api/rpc`: eth_*
 * reads, operator token; the client is `wagmiConfig` in wagmi.ts, the cache the app's TanStack Query client). The
 * dashboard checks the index against it field by field.
 */

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

/**
 * A transaction as the chain has it: transaction, receipt, head and the receipt's block, read straight from the node
 * once `enabled` (no retry: a refusal is shown as it is). Pending until all four are in; the first error fails it.
 */
export function useChainTransaction(
  hash: string | null,
  token: string | undefined,
  enabled: boolean,
): { data: ChainView | undefined; error: Error | null; isPending: boolean } {
  const h = (hash ?? undefined) as Hash | undefined;
  const on = enabled && !!h;
  const tx = useTransaction({ hash: h, query: { enabled: on, retry: false } });
  const receipt = useTransactionReceipt({ hash: h, query: { enabled: on, retry: false } });
  // The head as of this transaction's check (its own cache entry, as the check of another transaction reads its own).
  const head = useBlockNumber({ scopeKey: `tx-chain:${hash}`, query: { enabled: on, retry: false } });
  const block = useBlock({ blockNumber: receipt.data?.blockNumber, query: { enabled: on && !!receipt.data, retry: false } });
  const error = tx.error ?? receipt.error ?? head.error ?? block.error ?? null;
  const data = useMemo(
    () =>
      tx.data && receipt.data && head.data !== undefined && block.data
        ? chainView(tx.data, receipt.data, head.data, block.data, token)
        : undefined,
    [tx.data, receipt.data, head.data, block.data, token],
  );
  return { data, error, isPending: !data && !error };
}

function chainView(tx: Transaction, receipt: TransactionReceipt, head: bigint, block: Block, token: string | undefined): ChainView {
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
