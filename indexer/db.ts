import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { migrations } from "./migrations";

export type ChainDb = Database.Database;

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

export interface SyncState {
  chainId: number;
  genesisHash: string;
  token: string;
  deployBlock: number;
  lastBlock: number | null;
  lastHash: string | null;
}

/** Row shapes as stored (snake_case columns, TEXT amounts). */
export interface BlockRow {
  number: number;
  hash: string;
  parent_hash: string;
  timestamp: number;
}

export interface TransactionRow {
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

export interface TransferRow {
  tx_hash: string;
  log_index: number;
  block_number: number;
  from: string;
  to: string;
  value: string;
  kind: TransferKind;
  timestamp: number;
}

export interface TokenEventRow {
  block_number: number;
  tx_hash: string;
  log_index: number;
  kind: TokenEventKind;
  actor: string | null;
  account: string | null;
  nonce: string | null;
  amount: string | null;
  data: string | null;
  timestamp: number;
}

/** Opens (creating if needed) chain.db for writing, in WAL mode, with every migration applied. */
export function openChainDb(dbPath: string): ChainDb {
  fs.mkdirSync(path.dirname(path.resolve(dbPath)), { recursive: true });
  const db = new Database(dbPath);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("busy_timeout = 5000");
  migrate(db);
  return db;
}

export function migrate(db: ChainDb): void {
  db.exec("CREATE TABLE IF NOT EXISTS migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)");
  const applied = new Set((db.prepare("SELECT id FROM migrations").all() as { id: string }[]).map((r) => r.id));
  for (const m of migrations) {
    if (applied.has(m.id)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare("INSERT INTO migrations (id, applied_at) VALUES (?, ?)").run(m.id, new Date().toISOString());
    })();
  }
}

export function readSyncState(db: ChainDb): SyncState | null {
  const r = db.prepare("SELECT * FROM sync_state WHERE id = 1").get() as
    | { chain_id: number; genesis_hash: string; token: string; deploy_block: number; last_block: number | null; last_hash: string | null }
    | undefined;
  if (!r) return null;
  return {
    chainId: r.chain_id,
    genesisHash: r.genesis_hash,
    token: r.token,
    deployBlock: r.deploy_block,
    lastBlock: r.last_block,
    lastHash: r.last_hash,
  };
}

/** Empties the mirror (the file and its schema stay, so open readers keep working). */
export function wipeChainDb(db: ChainDb): void {
  db.transaction(() => {
    for (const t of ["transfers", "token_events", "transactions", "balances", "blocks", "sync_state"]) db.exec(`DELETE FROM ${t}`);
  })();
}
