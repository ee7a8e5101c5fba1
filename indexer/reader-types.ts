import type { Move } from "./reader-asof";
import type { SyncState } from "./db";
import type { TokenEventKind, TokenEventRow, TransactionRow, TransferColumn, TransferKind, TransferRow } from "./schema";

/** What the chain reader answers: records (typed, amounts as bigint), queries, the reader's interface, and the row mappers. */
export interface TransferRecord {
  txHash: string;
  logIndex: number;
  blockNumber: number;
  from: string;
  to: string;
  value: bigint;
  kind: TransferKind;
  timestamp: Date;
  /** Its transaction's gas fee in wei, as the index keeps it with the transfer (null: not kept; read the transaction). */
  gasFee: bigint | null;
}

export interface TransactionRecord {
  hash: string;
  blockNumber: number;
  txIndex: number;
  from: string;
  to: string | null;
  /** 1 success, 0 reverted. */
  status: number;
  gasUsed: bigint;
  gasPrice: bigint;
  /** The token function called (`transferWithAuthorization`, `mint`, …), `constructor`, or null. */
  method: string | null;
  value: bigint;
  timestamp: Date;
}

export interface TokenEventRecord {
  blockNumber: number;
  txHash: string;
  logIndex: number;
  kind: TokenEventKind;
  actor: string | null;
  account: string | null;
  nonce: string | null;
  amount: bigint | null;
  data: Record<string, unknown> | null;
  timestamp: Date;
}

export interface TransactionDetail extends TransactionRecord {
  /** The hash of its block as indexed (null only if the block row is missing). */
  blockHash: string | null;
  transfers: TransferRecord[];
  events: TokenEventRecord[];
}

/**
 * Lists over the whole history (date ranges, searches, kinds) count at most this many rows: past it the total
 * reads "1,000+" (domain LIST_COUNT_CAP, the same number). Counting is an index walk as long as the count,
 * so the cap is what keeps a page and its count within a couple of milliseconds at any history size.
 */
export const COUNT_CAP = 1_000;

export interface Page<T> {
  items: T[];
  /** The number of matching rows, or COUNT_CAP when `capped`. */
  total: number;
  /** More than COUNT_CAP rows match: `total` is COUNT_CAP, "at least" (the list shows "1,000+건"). */
  capped?: boolean;
}

/** Date ranges are half-open: `from` inclusive, `to` exclusive. */
export interface TimeRange {
  from?: Date;
  to?: Date;
}

export interface TransferQuery extends TimeRange {
  kinds?: TransferKind[];
  /** Only incoming or only outgoing (default both). */
  direction?: "in" | "out";
  limit?: number;
  offset?: number;
}

export interface AllTransfersQuery extends TimeRange {
  kinds?: TransferKind[];
  addresses?: string[];
  txHash?: string;
  limit?: number;
  offset?: number;
}

export interface TransactionQuery extends TimeRange {
  /** Sender, recipient, a party of one of its transfers, or the account of one of its token events. */
  address?: string;
  status?: 0 | 1;
  method?: string;
  limit?: number;
  offset?: number;
}

export interface TokenEventQuery extends TimeRange {
  kind?: TokenEventKind | TokenEventKind[];
  account?: string;
  limit?: number;
  offset?: number;
}

export interface Holder {
  address: string;
  balance: bigint;
}

/**
 * The server's read-only view of the chain store. Every method is async and reads one snapshot per
 * statement; newest first everywhere. Until the indexer has created the store, every read answers as
 * an empty chain.
 */
export interface ChainReader {
  balanceOf(address: string): Promise<bigint>;
  /** The indexed balance of `address` and the indexed head, read in one statement (one snapshot). */
  balanceAndHead(address: string): Promise<{ balance: bigint; head: number | null }>;
  /** The indexed balances of many addresses in one read (absent: zero), keyed by checksummed address. */
  balancesOf(addresses: string[]): Promise<Map<string, bigint>>;
  indexedHead(): Promise<{ number: number; hash: string } | null>;
  syncState(): Promise<SyncState | null>;
  transaction(hash: string): Promise<TransactionDetail | null>;
  /**
   * An address's transfers, newest first. Without kinds or direction the page is read by each transfer's
   * place in the address's history (any page costs the same; the total is exact); with them, the total is
   * capped at COUNT_CAP.
   */
  transfersOf(address: string, q?: TransferQuery): Promise<Page<TransferRecord>>;
  countTransfersOf(address: string, q?: Omit<TransferQuery, "limit" | "offset">): Promise<number>;
  transfersByTx(hash: string): Promise<TransferRecord[]>;
  /** The transfers of these transactions (a page's worth), in chain order; with `kind`, only those of that kind. */
  transfersOfTransactions(hashes: string[], kind?: TransferKind): Promise<TransferRecord[]>;
  /**
   * The newest transfers received by any of `addresses` (a partner's markets) since `from`, newest first, at most
   * `limit`: one statement, each address read along its own index, no count.
   */
  receivedBy(addresses: string[], q: { from?: Date; limit: number }): Promise<TransferRecord[]>;
  /**
   * Every token transfer, newest first: by kind, time, transaction, or touching any of `addresses`. The total
   * is capped at COUNT_CAP (exact for one address without kinds: its history's seq window).
   */
  transfers(q?: AllTransfersQuery): Promise<Page<TransferRecord>>;
  /** What the indexed transactions of these hashes paid for gas (gas used × price, wei), for a page of transfers. */
  gasFeesOf(hashes: string[]): Promise<Map<string, bigint>>;
  /** The transfers of blocks (afterBlock, toBlock] in chain order, after the keyset `after` (as-of state, reader-asof.ts). */
  movesBetween(afterBlock: number, toBlock: number, after: { block: number; logIndex: number } | null, limit: number): Promise<Move[]>;
  /** `address`'s balance after `block`, from the indexed transfers (reader-asof.ts). */
  balanceAt(address: string, block: number): Promise<bigint>;
  /** Non-zero balances in address order after `after` (for walking every holder in batches). */
  balancesAfter(after: string | null, limit: number): Promise<Holder[]>;
  /** Holders with a non-zero balance, largest first, their number and the sum of all balances (both kept by the indexer). */
  holders(q?: { limit?: number; offset?: number }): Promise<Page<Holder> & { totalBalance: bigint }>;
  /** Minted minus burned over the indexed blocks (kept by the indexer, not summed on read). */
  totalSupply(): Promise<bigint>;
  /** Won issued (mints) and redeemed (burns) in blocks at or after `since` (the transparency page's windows). */
  supplyFlows(since: Date): Promise<{ minted: bigint; burned: bigint }>;
  isBlocked(address: string): Promise<boolean>;
  blockedAccounts(): Promise<string[]>;
  isPaused(): Promise<boolean>;
  feeCollector(): Promise<string | null>;
  transactions(q?: TransactionQuery): Promise<Page<TransactionRecord>>;
  tokenEvents(q?: TokenEventQuery): Promise<Page<TokenEventRecord>>;
  /** What became of one authorization nonce: auth_used / auth_canceled / auth_failed events, oldest first. */
  authorizationEvents(authorizer: string, nonce: string): Promise<TokenEventRecord[]>;
  /** Which of `authorizer`'s nonces the index shows used in a block at or below `head` (lowercase). */
  usedAuthorizations(authorizer: string, nonces: string[], head: number): Promise<Set<string>>;
}

export const toTransfer = (r: Pick<TransferRow, TransferColumn>): TransferRecord => ({
  txHash: r.tx_hash,
  logIndex: r.log_index,
  blockNumber: r.block_number,
  from: r.from,
  to: r.to,
  value: BigInt(r.value),
  kind: r.kind,
  timestamp: new Date(r.timestamp * 1000),
  gasFee: r.gas_fee == null ? null : BigInt(r.gas_fee),
});

export const toTransaction = (r: TransactionRow): TransactionRecord => ({
  hash: r.hash,
  blockNumber: r.block_number,
  txIndex: r.tx_index,
  from: r.from,
  to: r.to,
  status: r.status,
  gasUsed: BigInt(r.gas_used),
  gasPrice: BigInt(r.gas_price),
  method: r.method,
  value: BigInt(r.value),
  timestamp: new Date(r.timestamp * 1000),
});

export const toEvent = (r: TokenEventRow): TokenEventRecord => ({
  blockNumber: r.block_number,
  txHash: r.tx_hash,
  logIndex: r.log_index,
  kind: r.kind,
  actor: r.actor,
  account: r.account,
  nonce: r.nonce,
  amount: r.amount === null ? null : BigInt(r.amount),
  data: r.data ? JSON.parse(r.data) : null,
  timestamp: new Date(r.timestamp * 1000),
});
