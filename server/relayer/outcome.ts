import type { ethers } from "ethers";

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

/** Decodes a revert payload into its custom error name and args, for the row's error column. */
export function describeRevert(iface: ethers.Interface, data: string): string {
  try {
    const err = iface.parseError(data);
    if (err) return `${err.name}(${err.args.map((a: unknown) => String(a)).join(",")})`;
  } catch {
    /* fall through */
  }
  return data && data !== "0x" ? data.slice(0, 74) : "reverted";
}
