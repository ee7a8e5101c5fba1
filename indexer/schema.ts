import type { Generated, Kysely, Selectable, Transaction } from "kysely";

/**
 * The chain store (SQLite `DATA_DIR/chain.db`, or schema `chain` of `DATABASE_URL`): the indexer's
 * mirror of the token. Hashes and addresses are text (addresses checksummed, hashes lower-case);
 * uint256 amounts are decimal strings in TypeScript, `numeric(78,0)` on PostgreSQL and text on SQLite,
 * so nothing passes through a JS number. Block numbers and timestamps are int8 (a JS number).
 */
export type TransferKind = "mint" | "transfer" | "fee" | "burn";
export const TRANSFER_KINDS: readonly TransferKind[] = ["mint", "transfer", "fee", "burn"];

export type TokenEventKind =
  | "block"
  | "unblock"
  | "mint"
  | "burn"
  | "auth_used"
  | "auth_canceled"
  | "auth_failed"
  | "fee_collector"
  | "paused"
  | "unpaused"
  | "role_granted"
  | "role_revoked";

/** One row (id = 1): which chain and token the mirror follows, and how far it got. */
export interface SyncStateTable {
  id: number;
  chain_id: number;
  genesis_hash: string;
  token: string;
  deploy_block: number;
  last_block: number | null;
  last_hash: string | null;
  /** Minted minus burned over the indexed blocks (= the sum of all balances), kept with every range. */
  total_supply: string;
  /** Balances that are not zero (the holders), kept with every range like the supply. */
  holder_count: Generated<number>;
  updated_at: string;
}

/** Every indexed block of the recent window (reorg detection) and every block holding token activity. */
export interface BlocksTable {
  number: number;
  hash: string;
  parent_hash: string;
  timestamp: number;
}

/** Transactions that touched the token: emitted a token log, or were sent to it (reverted ones too). */
export interface TransactionsTable {
  hash: string;
  block_number: number;
  tx_index: number;
  from: string;
  to: string | null;
  status: number;
  gas_used: string;
  gas_price: string;
  method: string | null;
  value: string;
  timestamp: number;
}

export interface TransfersTable {
  tx_hash: string;
  log_index: number;
  block_number: number;
  from: string;
  to: string;
  value: string;
  kind: TransferKind;
  timestamp: number;
  /**
   * Its transaction's gas fee (gas used × effective price, wei), kept with each of the transaction's transfers so
   * that a page of transfers shows its fees without a read of their transactions. Null where it could not be
   * derived (a store backfilled on SQLite with a product past 64 bits; the reader then looks the transaction up).
   */
  gas_fee: string | null;
  /** This transfer's place (1, 2, 3… in block order) in the history of `from`, and of `to` (the same for a self-transfer). */
  from_seq: Generated<number>;
  to_seq: Generated<number>;
}

/** How many transfers each address (the zero address too) took part in: the last seq of its history. */
export interface AddressStatsTable {
  address: string;
  transfers: number;
}

/** Zero balances stay as '0' rows; the zero address has none. */
export interface BalancesTable {
  address: string;
  balance: string;
}

export interface TokenEventsTable {
  block_number: number;
  tx_hash: string;
  log_index: number;
  kind: TokenEventKind;
  actor: string | null;
  account: string | null;
  nonce: string | null;
  amount: string | null;
  /** JSON text. */
  data: string | null;
  timestamp: number;
}

export interface ChainDatabase {
  sync_state: SyncStateTable;
  blocks: BlocksTable;
  transactions: TransactionsTable;
  transfers: TransfersTable;
  balances: BalancesTable;
  address_stats: AddressStatsTable;
  token_events: TokenEventsTable;
}

export type ChainDb = Kysely<ChainDatabase>;
export type ChainTx = Transaction<ChainDatabase>;

/** Row shapes as stored (snake_case columns, decimal-string amounts). */
export type BlockRow = Selectable<BlocksTable>;
export type TransactionRow = Selectable<TransactionsTable>;
/** A transaction's gas fee in wei: gas used × effective price (what the dashboard shows, and transfers keep). */
export const gasFeeOf = (t: Pick<TransactionRow, "gas_used" | "gas_price">): bigint => BigInt(t.gas_used) * BigInt(t.gas_price);
/** A transfer as decoded (its seqs are given by the store when it is written). */
export type TransferRow = Omit<Selectable<TransfersTable>, "from_seq" | "to_seq">;
/** The columns of a TransferRow (what a read of transfers selects). */
export const TRANSFER_COLUMNS = [
  "tx_hash",
  "log_index",
  "block_number",
  "from",
  "to",
  "value",
  "kind",
  "timestamp",
  "gas_fee",
] as const satisfies readonly (keyof TransferRow)[];
/** The columns a transfer is read with (the history seqs are the index's, not the reader's). */
export type TransferColumn = (typeof TRANSFER_COLUMNS)[number];
export type TokenEventRow = Selectable<TokenEventsTable>;
