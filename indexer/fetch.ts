import { RetryableError } from "./errors";
import {
  eth_getBlockByNumber_batch,
  eth_getBlocksAndLogs,
  eth_getLogs,
  eth_getTransactionReceipt_batch,
  fromHex,
  type Rpc,
  type RpcBlock,
  type RpcLog,
  type RpcReceipt,
  type RpcTransaction,
} from "./rpc";

/** The indexer's reads from the node: a block range with the token's logs and the receipts it needs, checked to be one chain. */

/** One block range as read from the node, checked to be one chain, not decoded yet. */
export interface FetchedRange {
  blocks: RpcBlock[];
  logs: RpcLog[];
  txs: { tx: RpcTransaction; receipt: RpcReceipt }[];
}

/**
 * What the receipt of a block's only transaction says, from the header: its gas used is the block's, its
 * price the effective one (EIP-1559: min(maxFee, baseFee + maxPriorityFee)), and it succeeded (the caller
 * only asks for one that emitted logs: a reverted transaction has none).
 */
function receiptFromHeader(b: RpcBlock, tx: RpcTransaction): RpcReceipt | null {
  if (b.gasUsed === undefined) return null;
  let price = tx.gasPrice;
  if (tx.maxFeePerGas !== undefined && tx.maxPriorityFeePerGas !== undefined && b.baseFeePerGas !== undefined) {
    const max = BigInt(tx.maxFeePerGas);
    const tip = BigInt(b.baseFeePerGas) + BigInt(tx.maxPriorityFeePerGas);
    price = `0x${(tip < max ? tip : max).toString(16)}`;
  }
  if (price === undefined) return null;
  return {
    transactionHash: tx.hash,
    blockHash: b.hash,
    blockNumber: b.number,
    status: "0x1",
    gasUsed: b.gasUsed,
    effectiveGasPrice: price,
    contractAddress: null,
  };
}

/** Hashes only (no transactions) for the ancestor walk. */
export async function blockHashes(rpc: Rpc, numbers: number[]): Promise<(string | null)[]> {
  return (await eth_getBlockByNumber_batch(rpc, numbers, false)).map((b) => b?.hash ?? null);
}

/**
 * Reads blocks from..to with the token's logs and the receipts it needs, and checks they extend `lastHash`
 * ('reorg' if they do not). Decoding waits for the range before it to be written (it needs the fee collector).
 */
export async function fetchRange(
  rpc: Rpc,
  token: string,
  from: number,
  to: number,
  lastHash: string | null,
): Promise<FetchedRange | "reorg"> {
  const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const filter = { address: token, fromBlock: from, toBlock: to };
  // A short range (a live block) is one round trip; a long one reads its logs beside the block batches.
  const [blocks, logs] =
    numbers.length < 50
      ? await eth_getBlocksAndLogs(rpc, numbers, filter)
      : await Promise.all([eth_getBlockByNumber_batch(rpc, numbers), eth_getLogs(rpc, filter)]);
  if (blocks.some((b) => b === null)) throw new RetryableError(`blocks ${from}..${to} are not all on the chain any more`);
  const chain = blocks as RpcBlock[];
  if (lastHash !== null && chain[0].parentHash !== lastHash) return "reorg";
  for (let i = 1; i < chain.length; i++) {
    if (chain[i].parentHash !== chain[i - 1].hash) throw new RetryableError(`the chain moved while blocks ${from}..${to} were read`);
  }
  const hashAt = new Map(chain.map((b) => [fromHex(b.number), b.hash]));
  for (const l of logs) {
    if (l.removed || hashAt.get(fromHex(l.blockNumber)) !== l.blockHash)
      throw new RetryableError(`the chain moved while logs ${from}..${to} were read`);
  }

  // The transactions that touched the token: those that logged, and those sent to it (a reverted one logs nothing).
  const logged = new Set(logs.map((l) => l.transactionHash));
  const txs: { tx: RpcTransaction; receipt: RpcReceipt | null }[] = [];
  const asked: number[] = [];
  for (const b of chain) {
    for (const tx of b.transactions) {
      if (!logged.has(tx.hash) && (tx.to === null || tx.to.toLowerCase() !== token.toLowerCase())) continue;
      // The only transaction of its block, and it logged (so it succeeded): the header says what its receipt
      // would (a header's gasUsed is the sum of its receipts'). Others are asked for their receipt.
      const receipt = b.transactions.length === 1 && logged.has(tx.hash) && tx.to !== null ? receiptFromHeader(b, tx) : null;
      if (!receipt) asked.push(txs.length);
      txs.push({ tx, receipt });
    }
  }
  if (asked.length > 0) {
    const receipts = await eth_getTransactionReceipt_batch(
      rpc,
      asked.map((i) => txs[i].tx.hash),
    );
    asked.forEach((i, k) => {
      const r = receipts[k];
      if (!r || hashAt.get(fromHex(r.blockNumber)) !== r.blockHash)
        throw new RetryableError(`the receipt of ${txs[i].tx.hash} does not match block ${from}..${to}`);
      txs[i].receipt = r;
    });
  }
  return { blocks: chain, logs, txs: txs as FetchedRange["txs"] };
}
