import type { ethers } from "ethers";
import { describeRevert as describeData } from "../../indexer/decode";

/** What a mined transaction did, as the relayer reads it: from its receipt, or from its own events. */
export interface Outcome {
  hash: string;
  blockNumber: number;
  status: number;
  logs: readonly { address: string; topics: readonly string[]; data: string }[];
}

/** A log as eth_getLogs answers it. */
export interface RpcLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  transactionHash: string;
  removed?: boolean;
}

/**
 * A revert payload for the row's error column: the token's custom error or Error(string) with its arguments, as the
 * indexer names it (indexer/decode.ts), or, when nothing decodes it, its first 36 bytes of hex.
 */
export function describeRevert(iface: ethers.Interface, data: string): string {
  const text = describeData(iface, data);
  return text === data ? data.slice(0, 74) : text;
}
