/**
 * The reads bench's data set, its shape: the tables the generator (reads-data.ts) fills and their columns in the order
 * it emits them, the sink it writes to, and what the measurements learn about the data.
 */
export type Table =
  | "blocks"
  | "transactions"
  | "transfers"
  | "token_events"
  | "outbox_transfers"
  | "members"
  | "wallets"
  | "balances"
  | "address_stats";
export type Value = string | number | null;

/** Column order of each table as the generator emits it (and the PostgreSQL array type of each column). */
export const COLUMNS: Record<Table, [string, string][]> = {
  blocks: [
    ["number", "int8"],
    ["hash", "text"],
    ["parent_hash", "text"],
    ["timestamp", "int8"],
  ],
  transactions: [
    ["hash", "text"],
    ["block_number", "int8"],
    ["tx_index", "int4"],
    ["from", "text"],
    ["to", "text"],
    ["status", "int4"],
    ["gas_used", "numeric"],
    ["gas_price", "numeric"],
    ["method", "text"],
    ["value", "numeric"],
    ["timestamp", "int8"],
  ],
  transfers: [
    ["tx_hash", "text"],
    ["log_index", "int4"],
    ["block_number", "int8"],
    ["from", "text"],
    ["to", "text"],
    ["value", "numeric"],
    ["kind", "text"],
    ["timestamp", "int8"],
    ["gas_fee", "numeric"],
    ["from_seq", "int8"],
    ["to_seq", "int8"],
  ],
  token_events: [
    ["block_number", "int8"],
    ["tx_hash", "text"],
    ["log_index", "int4"],
    ["kind", "text"],
    ["actor", "text"],
    ["account", "text"],
    ["nonce", "text"],
    ["amount", "numeric"],
    ["data", "text"],
    ["timestamp", "int8"],
  ],
  outbox_transfers: [
    ["kind", "text"],
    ["from_address", "text"],
    ["to_address", "text"],
    ["value", "int8"],
    ["fee", "int8"],
    ["nonce", "text"],
    ["valid_before", "int8"],
    ["status", "text"],
    ["tx_hash", "text"],
    ["block_number", "int8"],
    ["member_id", "int8"],
    ["counterparty_member_id", "int8"],
    ["created_at", "text"],
    ["updated_at", "text"],
  ],
  members: [
    ["id", "int8"],
    ["phonenumber", "text"],
    ["username", "text"],
    ["password_hash", "text"],
    ["permission", "text"],
    ["created_at", "text"],
    ["updated_at", "text"],
  ],
  wallets: [
    ["address", "text"],
    ["encrypted_key", "text"],
    ["kind", "text"],
    ["member_id", "int8"],
    ["created_at", "text"],
  ],
  balances: [
    ["address", "text"],
    ["balance", "numeric"],
  ],
  address_stats: [
    ["address", "text"],
    ["transfers", "int8"],
  ],
};

export interface Sink {
  put(table: Table, row: Value[]): void;
  /** Called between transactions: a sink may write what it buffered. */
  tick(): Promise<void>;
}

/** What the measurements need to know about the generated data. */
export interface DataFacts {
  transfers: number;
  transactions: number;
  outbox: number;
  holders: number;
  token: string;
  treasury: string;
  feeCollector: string;
  feeCollectorTransfers: number;
  markets: string[];
  /** A member with a typical history: its id, phone, address and transfer count. */
  typical: { memberId: number; phone: string; address: string; transfers: number };
  head: { number: number; hash: string; timestamp: number };
  firstTimestamp: number;
  sampleTxHash: string;
  supply: string;
  holderCount: number;
  /** The state row the indexer would have written. */
  syncState: {
    chain_id: number;
    genesis_hash: string;
    token: string;
    deploy_block: number;
    last_block: number;
    last_hash: string;
    total_supply: string;
    holder_count: number;
  };
}
