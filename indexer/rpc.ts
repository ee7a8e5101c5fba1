import http from "node:http";
import https from "node:https";
import { FatalError, RetryableError } from "./errors";

/** A minimal JSON-RPC 2.0 client over HTTP (no caching: each call asks the node). */
export interface Rpc {
  url: string;
  request<T>(method: string, params: unknown[]): Promise<T>;
  /** One HTTP round trip for many calls; results in call order. */
  batch<T>(calls: { method: string; params: unknown[] }[]): Promise<T[]>;
}

export interface RpcBlock {
  number: string;
  hash: string;
  parentHash: string;
  timestamp: string;
  /** The sum of its transactions' gasUsed. */
  gasUsed?: string;
  baseFeePerGas?: string;
  transactions: RpcTransaction[];
}

export interface RpcTransaction {
  hash: string;
  from: string;
  to: string | null;
  input: string;
  value: string;
  transactionIndex: string;
  gasPrice?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
}

export interface RpcLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  blockHash: string;
  transactionHash: string;
  transactionIndex: string;
  logIndex: string;
  removed?: boolean;
}

export interface RpcReceipt {
  transactionHash: string;
  blockHash: string;
  blockNumber: string;
  status: string;
  gasUsed: string;
  effectiveGasPrice?: string;
  contractAddress: string | null;
}

interface RpcResponse {
  id: number;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

const RETRYABLE_RPC = /header not found|unknown block|timeout|timed out|rate|limit|busy|try again|temporar/i;
/** Above this many calls a batch is split: providers cap batch sizes. */
const MAX_BATCH = 100;

export function createRpc(url: string, opts: { timeoutMs?: number } = {}): Rpc {
  const timeoutMs = opts.timeoutMs ?? 30_000;
  let nextId = 1;
  const target = new URL(url);
  const lib = target.protocol === "https:" ? https : http;
  // One kept-alive connection pool for this client. Node's http rather than fetch: a catch-up reads megabytes of
  // blocks, and fetch's web streams cost the indexer's thread a tenth of what decoding and writing them does.
  const agent = new lib.Agent({ keepAlive: true, maxSockets: 8 });

  function post(body: unknown): Promise<unknown> {
    const payload = Buffer.from(JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const req = lib.request(
        target,
        { method: "POST", agent, headers: { "content-type": "application/json", "content-length": payload.length }, timeout: timeoutMs },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("error", (err) => reject(new RetryableError(`rpc ${url} unreachable: ${err.message}`, { cause: err })));
          res.on("end", () => {
            const status = res.statusCode ?? 0;
            if (status === 429 || status >= 500) return reject(new RetryableError(`rpc ${url} answered HTTP ${status}`));
            if (status < 200 || status >= 300) return reject(new FatalError(`rpc ${url} answered HTTP ${status}`));
            try {
              resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
            } catch (err) {
              reject(new RetryableError(`rpc ${url} sent a body that is not JSON`, { cause: err }));
            }
          });
        },
      );
      req.on("timeout", () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
      req.on("error", (err) => reject(new RetryableError(`rpc ${url} unreachable: ${err.message}`, { cause: err })));
      req.end(payload);
    });
  }

  function unwrap<T>(method: string, r: RpcResponse | undefined): T {
    if (!r) throw new RetryableError(`rpc ${method}: no answer in the batch`);
    if (r.error) {
      const msg = `rpc ${method} failed (${r.error.code}): ${r.error.message}`;
      throw RETRYABLE_RPC.test(r.error.message) ? new RetryableError(msg) : new FatalError(msg);
    }
    return r.result as T;
  }

  async function batchChunk<T>(calls: { method: string; params: unknown[] }[]): Promise<T[]> {
    const body = calls.map((c) => ({ jsonrpc: "2.0", id: nextId++, method: c.method, params: c.params }));
    const answer = await post(body);
    if (!Array.isArray(answer)) {
      // Some nodes answer a whole batch with one error object.
      unwrap(calls[0]?.method ?? "batch", answer as RpcResponse);
      throw new FatalError(`rpc ${url} does not support batch requests`);
    }
    const byId = new Map((answer as RpcResponse[]).map((r) => [r.id, r]));
    return body.map((b, i) => unwrap<T>(calls[i].method, byId.get(b.id)));
  }

  return {
    url,
    async request<T>(method: string, params: unknown[]): Promise<T> {
      return unwrap<T>(method, (await post({ jsonrpc: "2.0", id: nextId++, method, params })) as RpcResponse);
    },
    /**
     * A long batch goes as chunks sent at once (one connection each, up to the agent's 8): the node answers them
     * back to back, where chunks sent one after the other left it idle whenever this thread was busy between them.
     */
    async batch<T>(calls: { method: string; params: unknown[] }[]): Promise<T[]> {
      const chunks: Promise<T[]>[] = [];
      for (let i = 0; i < calls.length; i += MAX_BATCH) chunks.push(batchChunk<T>(calls.slice(i, i + MAX_BATCH)));
      return (await Promise.all(chunks)).flat();
    },
  };
}

export const toHex = (n: number | bigint): string => `0x${n.toString(16)}`;
export const fromHex = (h: string): number => {
  const n = parseInt(h, 16);
  return Number.isSafeInteger(n) ? n : Number(BigInt(h));
};

// ---- helpers named after the RPC methods ----

export async function eth_chainId(rpc: Rpc): Promise<number> {
  return fromHex(await rpc.request<string>("eth_chainId", []));
}

export async function eth_blockNumber(rpc: Rpc): Promise<number> {
  return fromHex(await rpc.request<string>("eth_blockNumber", []));
}

/** With full transactions; null when the chain has no such block (yet, or any more). */
export async function eth_getBlockByNumber(rpc: Rpc, n: number | "latest"): Promise<RpcBlock | null> {
  return rpc.request<RpcBlock | null>("eth_getBlockByNumber", [n === "latest" ? n : toHex(n), true]);
}

/** Many blocks in one round trip (full transactions); nulls where the chain has none. */
export async function eth_getBlockByNumber_batch(rpc: Rpc, numbers: number[], fullTx = true): Promise<(RpcBlock | null)[]> {
  return rpc.batch<RpcBlock | null>(numbers.map((n) => ({ method: "eth_getBlockByNumber", params: [toHex(n), fullTx] })));
}

export async function eth_getLogs(rpc: Rpc, filter: { address: string; fromBlock: number; toBlock: number }): Promise<RpcLog[]> {
  return rpc.request<RpcLog[]>("eth_getLogs", [
    { address: filter.address, fromBlock: toHex(filter.fromBlock), toBlock: toHex(filter.toBlock) },
  ]);
}

export async function eth_getTransactionReceipt_batch(rpc: Rpc, hashes: string[]): Promise<(RpcReceipt | null)[]> {
  return rpc.batch<RpcReceipt | null>(hashes.map((h) => ({ method: "eth_getTransactionReceipt", params: [h] })));
}

/** Blocks (full transactions) and the logs of a filter in one batch: one round trip for a short range. */
export async function eth_getBlocksAndLogs(
  rpc: Rpc,
  numbers: number[],
  filter: { address: string; fromBlock: number; toBlock: number },
): Promise<[(RpcBlock | null)[], RpcLog[]]> {
  const answers = await rpc.batch<unknown>([
    ...numbers.map((n) => ({ method: "eth_getBlockByNumber", params: [toHex(n), true] })),
    { method: "eth_getLogs", params: [{ address: filter.address, fromBlock: toHex(filter.fromBlock), toBlock: toHex(filter.toBlock) }] },
  ]);
  return [answers.slice(0, numbers.length) as (RpcBlock | null)[], answers[numbers.length] as RpcLog[]];
}
