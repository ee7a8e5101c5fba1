/**
 * chain.db schema, as date-named migrations. Only ever append: a migration that shipped is never
 * edited, a change is a new entry. Hashes, addresses and uint256 amounts are TEXT (addresses
 * checksummed, amounts in decimal) so nothing passes through a JS number.
 */
export interface Migration {
  id: string;
  sql: string;
}

export const migrations: Migration[] = [
  {
    id: "2026-11-21-initial",
    sql: `
      CREATE TABLE sync_state (
        id            INTEGER PRIMARY KEY CHECK (id = 1),
        chain_id      INTEGER NOT NULL,
        genesis_hash  TEXT NOT NULL,
        token         TEXT NOT NULL,
        deploy_block  INTEGER NOT NULL,
        last_block    INTEGER,
        last_hash     TEXT,
        updated_at    TEXT NOT NULL
      );

      -- Every indexed block of the recent window (reorg detection) and every block holding token activity.
      CREATE TABLE blocks (
        number       INTEGER PRIMARY KEY,
        hash         TEXT NOT NULL UNIQUE,
        parent_hash  TEXT NOT NULL,
        timestamp    INTEGER NOT NULL
      );

      -- Transactions that touched the token: emitted a token log, or were sent to it (reverted ones too).
      CREATE TABLE transactions (
        hash          TEXT PRIMARY KEY,
        block_number  INTEGER NOT NULL,
        tx_index      INTEGER NOT NULL,
        "from"        TEXT NOT NULL,
        "to"          TEXT,
        status        INTEGER NOT NULL,
        gas_used      TEXT NOT NULL,
        gas_price     TEXT NOT NULL,
        method        TEXT,
        value         TEXT NOT NULL,
        timestamp     INTEGER NOT NULL
      );
      CREATE INDEX transactions_block ON transactions (block_number, tx_index);
      CREATE INDEX transactions_from ON transactions ("from", block_number);
      CREATE INDEX transactions_to ON transactions ("to", block_number);
      CREATE INDEX transactions_time ON transactions (timestamp);

      CREATE TABLE transfers (
        tx_hash       TEXT NOT NULL,
        log_index     INTEGER NOT NULL,
        block_number  INTEGER NOT NULL,
        "from"        TEXT NOT NULL,
        "to"          TEXT NOT NULL,
        value         TEXT NOT NULL,
        kind          TEXT NOT NULL CHECK (kind IN ('mint', 'transfer', 'fee', 'burn')),
        timestamp     INTEGER NOT NULL,
        PRIMARY KEY (tx_hash, log_index)
      );
      CREATE INDEX transfers_block ON transfers (block_number, log_index);
      CREATE INDEX transfers_from ON transfers ("from", block_number);
      CREATE INDEX transfers_to ON transfers ("to", block_number);
      CREATE INDEX transfers_time ON transfers (timestamp);

      -- Zero balances stay as '0' rows; the zero address has none.
      CREATE TABLE balances (
        address  TEXT PRIMARY KEY,
        balance  TEXT NOT NULL
      );

      CREATE TABLE token_events (
        block_number  INTEGER NOT NULL,
        tx_hash       TEXT NOT NULL,
        log_index     INTEGER NOT NULL,
        kind          TEXT NOT NULL,
        actor         TEXT,
        account       TEXT,
        nonce         TEXT,
        amount        TEXT,
        data          TEXT,
        timestamp     INTEGER NOT NULL,
        PRIMARY KEY (tx_hash, log_index)
      );
      CREATE INDEX token_events_block ON token_events (block_number, log_index);
      CREATE INDEX token_events_kind ON token_events (kind, block_number);
      CREATE INDEX token_events_account ON token_events (account, block_number);
      CREATE INDEX token_events_nonce ON token_events (nonce);
    `,
  },
];
