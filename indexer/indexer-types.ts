import type { IndexerStore } from "./store";
import type { ChainStore } from "./db";
import type { IndexerEventName, Listener } from "./events";

export interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface IndexerOptions {
  rpcUrl: string;
  /** The chain store, opened for writing (openChainStore). It stays the caller's: stop() does not close it. */
  store: ChainStore;
  /** The KRWVoucher address. */
  token: string;
  /** The token's deploy block: indexing starts here. */
  fromBlock: number;
  /** Blocks per catch-up range (one eth_getLogs, one store transaction). */
  batchSize?: number;
  /** How often the live loop asks for a new head (new-head notifications over WebSocket wake it sooner). */
  pollMs?: number;
  /** The node's WebSocket for new-head notifications: default the RPC URL with ws(s)://; null polls only. */
  wsUrl?: string | null;
  logger?: Logger;
  /** Blocks kept below the head for reorg checks; older blocks without token activity are pruned. */
  keepBlocks?: number;
  /**
   * Blocks below the indexed head that count as final (default 64; a chain with a `finalized` tag is not
   * asked: the depth is the rule here). A reorg reaching below the finalized block stops the indexer
   * with a fatal error instead of silently rewriting history that the books treated as resolved.
   */
  finalityDepth?: number;
  /**
   * Where the ranges are written instead of `store` (default: `store` through indexer/store.ts). The bench's catch-up
   * without writes (scripts/bench/no-write-thread.ts) gives a writer that keeps only the head: the indexer's own limit.
   */
  writer?: IndexerStore;
  /** Called after every sync pass with the indexed head (the worker thread forwards head moves that came without a block event). */
  onSynced?: (head: IndexedHead | null) => void;
}

export interface IndexedHead {
  number: number;
  hash: string;
}

export interface Indexer {
  /** Starts the live loop in the background (catch-up first, then polling for new heads). */
  start(): void;
  /** Ends the loop after the range in progress is committed (the store stays open: it is the caller's). */
  stop(): Promise<void>;
  /** Indexes up to the chain's current head (rolling back a reorg first if needed). */
  syncOnce(): Promise<IndexedHead | null>;
  /** The last indexed block, or null before the first range. */
  head(): IndexedHead | null;
  /** Resolves true once block `n` is indexed, false after `timeoutMs`. */
  waitForBlock(n: number, timeoutMs?: number): Promise<boolean>;
  on<K extends IndexerEventName>(event: K, fn: Listener<K>): void;
  off<K extends IndexerEventName>(event: K, fn: Listener<K>): void;
}
