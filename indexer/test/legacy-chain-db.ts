import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

/**
 * A chain.db as the previous version left it: the hand-rolled runner's `migrations` table and its
 * first schema (sync_state without total_supply), with a stale mirrored row.
 */
export function writeLegacyChainDb(dataDir: string, holder: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, "chain.db"));
  db.pragma("journal_mode = WAL");
  db.exec(`
    CREATE TABLE migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL);
    INSERT INTO migrations VALUES ('2026-11-21-initial', '2026-11-21T00:00:00.000Z');
    CREATE TABLE sync_state (id INTEGER PRIMARY KEY CHECK (id = 1), chain_id INTEGER NOT NULL, genesis_hash TEXT NOT NULL,
      token TEXT NOT NULL, deploy_block INTEGER NOT NULL, last_block INTEGER, last_hash TEXT, updated_at TEXT NOT NULL);
    CREATE TABLE blocks (number INTEGER PRIMARY KEY, hash TEXT NOT NULL UNIQUE, parent_hash TEXT NOT NULL, timestamp INTEGER NOT NULL);
    CREATE TABLE transactions (hash TEXT PRIMARY KEY, block_number INTEGER NOT NULL, tx_index INTEGER NOT NULL, "from" TEXT NOT NULL,
      "to" TEXT, status INTEGER NOT NULL, gas_used TEXT NOT NULL, gas_price TEXT NOT NULL, method TEXT, value TEXT NOT NULL, timestamp INTEGER NOT NULL);
    CREATE INDEX transactions_block ON transactions (block_number, tx_index);
    CREATE TABLE transfers (tx_hash TEXT NOT NULL, log_index INTEGER NOT NULL, block_number INTEGER NOT NULL, "from" TEXT NOT NULL,
      "to" TEXT NOT NULL, value TEXT NOT NULL, kind TEXT NOT NULL, timestamp INTEGER NOT NULL, PRIMARY KEY (tx_hash, log_index));
    CREATE INDEX transfers_block ON transfers (block_number, log_index);
    CREATE TABLE balances (address TEXT PRIMARY KEY, balance TEXT NOT NULL);
    CREATE TABLE token_events (block_number INTEGER NOT NULL, tx_hash TEXT NOT NULL, log_index INTEGER NOT NULL, kind TEXT NOT NULL,
      actor TEXT, account TEXT, nonce TEXT, amount TEXT, data TEXT, timestamp INTEGER NOT NULL, PRIMARY KEY (tx_hash, log_index));
    CREATE INDEX token_events_block ON token_events (block_number, log_index);
  `);
  db.prepare("INSERT INTO sync_state VALUES (1, 31337, ?, ?, 1, 1, ?, '2026-11-21T00:00:00.000Z')").run(
    `0x${"11".repeat(32)}`,
    holder,
    `0x${"22".repeat(32)}`,
  );
  db.prepare("INSERT INTO balances VALUES (?, '123456789')").run(holder);
  db.close();
}
