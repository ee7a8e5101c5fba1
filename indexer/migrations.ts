import { sql, type Kysely, type Migration } from "kysely";
import { columnTypes, compareBytewise, dialectOf, tableExists } from "../db/open";

/** The chain tables, children first (the order to empty or drop them in). */
export const CHAIN_TABLES = ["transfers", "token_events", "transactions", "balances", "address_stats", "blocks", "sync_state"] as const;

/**
 * Chain store migrations (SQLite chain.db or PostgreSQL schema `chain`): date-named, applied in name
 * order by Kysely's Migrator, written once for both dialects, only ever appended to.
 *
 * The first one adopts a chain.db made by the earlier hand-rolled runner (it has a `migrations` table)
 * by dropping it: chain.db is a mirror of the chain, so the indexer rebuilds it from the deploy block.
 */
/** The condition of the partial index token_events_blocking, as its queries must repeat it (indexer/reader.ts). */
export const BLOCKING_KINDS = sql<boolean>`kind IN ('block', 'unblock')`;

export const chainMigrations: Record<string, Migration> = {
  "2026-11-21-chain": {
    async up(db: Kysely<any>) {
      const t = columnTypes(db);
      // A 64-bit integer: int8 on PostgreSQL; INTEGER on SQLite (64-bit there, and a rowid alias as a primary key).
      const int8 = (dialectOf(db) === "postgres" ? "bigint" : "integer") as "integer";
      if (dialectOf(db) === "sqlite" && (await tableExists(db, "migrations"))) {
        for (const table of [...CHAIN_TABLES, "migrations"]) await db.schema.dropTable(table).ifExists().execute();
      }
      await db.schema
        .createTable("sync_state")
        .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn("chain_id", int8, (c) => c.notNull())
        .addColumn("genesis_hash", "text", (c) => c.notNull())
        .addColumn("token", "text", (c) => c.notNull())
        .addColumn("deploy_block", int8, (c) => c.notNull())
        .addColumn("last_block", int8)
        .addColumn("last_hash", "text")
        .addColumn("total_supply", t.amount, (c) => c.notNull().defaultTo("0"))
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("blocks")
        .addColumn("number", int8, (c) => c.primaryKey())
        .addColumn("hash", "text", (c) => c.notNull().unique())
        .addColumn("parent_hash", "text", (c) => c.notNull())
        .addColumn("timestamp", int8, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("transactions")
        .addColumn("hash", "text", (c) => c.primaryKey())
        .addColumn("block_number", int8, (c) => c.notNull())
        .addColumn("tx_index", "integer", (c) => c.notNull())
        .addColumn("from", "text", (c) => c.notNull())
        .addColumn("to", "text")
        .addColumn("status", "integer", (c) => c.notNull())
        .addColumn("gas_used", t.amount, (c) => c.notNull())
        .addColumn("gas_price", t.amount, (c) => c.notNull())
        .addColumn("method", "text")
        .addColumn("value", t.amount, (c) => c.notNull())
        .addColumn("timestamp", int8, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("transactions_block").on("transactions").columns(["block_number", "tx_index"]).execute();
      await db.schema.createIndex("transactions_from").on("transactions").columns(["from", "block_number"]).execute();
      await db.schema.createIndex("transactions_to").on("transactions").columns(["to", "block_number"]).execute();
      await db.schema.createIndex("transactions_time").on("transactions").column("timestamp").execute();

      await db.schema
        .createTable("transfers")
        .addColumn("tx_hash", "text", (c) => c.notNull())
        .addColumn("log_index", "integer", (c) => c.notNull())
        .addColumn("block_number", int8, (c) => c.notNull())
        .addColumn("from", "text", (c) => c.notNull())
        .addColumn("to", "text", (c) => c.notNull())
        .addColumn("value", t.amount, (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull().check(sql`kind IN ('mint', 'transfer', 'fee', 'burn')`))
        .addColumn("timestamp", int8, (c) => c.notNull())
        .addPrimaryKeyConstraint("transfers_pk", ["tx_hash", "log_index"])
        .execute();
      await db.schema.createIndex("transfers_block").on("transfers").columns(["block_number", "log_index"]).execute();
      await db.schema.createIndex("transfers_from").on("transfers").columns(["from", "block_number"]).execute();
      await db.schema.createIndex("transfers_to").on("transfers").columns(["to", "block_number"]).execute();
      await db.schema.createIndex("transfers_time").on("transfers").column("timestamp").execute();

      await db.schema
        .createTable("balances")
        .addColumn("address", "text", (c) => c.primaryKey())
        .addColumn("balance", t.amount, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("token_events")
        .addColumn("block_number", int8, (c) => c.notNull())
        .addColumn("tx_hash", "text", (c) => c.notNull())
        .addColumn("log_index", "integer", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("actor", "text")
        .addColumn("account", "text")
        .addColumn("nonce", "text")
        .addColumn("amount", t.amount)
        .addColumn("data", "text")
        .addColumn("timestamp", int8, (c) => c.notNull())
        .addPrimaryKeyConstraint("token_events_pk", ["tx_hash", "log_index"])
        .execute();
      await db.schema.createIndex("token_events_block").on("token_events").columns(["block_number", "log_index"]).execute();
      await db.schema.createIndex("token_events_kind").on("token_events").columns(["kind", "block_number"]).execute();
      await db.schema.createIndex("token_events_account").on("token_events").columns(["account", "block_number"]).execute();
      await db.schema.createIndex("token_events_nonce").on("token_events").column("nonce").execute();
    },
  },

  /**
   * Issue 17 (reads that grew with history): each transfer carries its place in the history of each of its
   * two addresses (from_seq, to_seq: 1, 2, 3… per address, in block order; a self-transfer has one place),
   * and address_stats keeps each address's count, so the page N of an address seeks its seq window instead
   * of walking (and counting) the whole history. sync_state.holder_count keeps the number of non-zero
   * balances. Indexes give the date-range lists (by block, by kind, by party) and the holders' ranking an
   * index order. Existing stores are backfilled here.
   */
  "2026-11-23-reads-chain": {
    async up(db: Kysely<any>) {
      const pgsql = dialectOf(db) === "postgres";
      const int8 = (pgsql ? "bigint" : "integer") as "integer";
      await db.schema
        .alterTable("transfers")
        .addColumn("from_seq", int8, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable("transfers")
        .addColumn("to_seq", int8, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable("sync_state")
        .addColumn("holder_count", int8, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable("address_stats")
        .addColumn("address", "text", (c) => c.primaryKey())
        .addColumn("transfers", int8, (c) => c.notNull())
        .execute();

      // Backfill: every (address, transfer) pair once, numbered per address in block order.
      const sides = sql`(SELECT "from" AS a, tx_hash, log_index, block_number FROM transfers UNION SELECT "to" AS a, tx_hash, log_index, block_number FROM transfers)`;
      const numbered = sql`(SELECT a, tx_hash, log_index, row_number() OVER (PARTITION BY a ORDER BY block_number, log_index) AS seq FROM ${sides} s)`;
      for (const side of ["from", "to"] as const) {
        await sql`UPDATE transfers SET ${sql.ref(`${side}_seq`)} = n.seq FROM ${numbered} n
          WHERE n.a = transfers.${sql.ref(side)} AND n.tx_hash = transfers.tx_hash AND n.log_index = transfers.log_index`.execute(db);
      }
      await sql`INSERT INTO address_stats (address, transfers) SELECT a, COUNT(*) FROM ${sides} s GROUP BY a`.execute(db);
      await sql`UPDATE sync_state SET holder_count = (SELECT COUNT(*) FROM balances WHERE ${pgsql ? sql`balance <> 0` : sql`balance <> '0'`})`.execute(
        db,
      );

      await db.schema.createIndex("transfers_from_seq").on("transfers").columns(["from", "from_seq"]).execute();
      await db.schema.createIndex("transfers_to_seq").on("transfers").columns(["to", "to_seq"]).execute();
      // A party's transfers in a date range (the partner API's payments, the dashboard's search) in page order.
      await db.schema.dropIndex("transfers_from").execute();
      await db.schema.dropIndex("transfers_to").execute();
      await db.schema.createIndex("transfers_from").on("transfers").columns(["from", "block_number", "log_index"]).execute();
      await db.schema.createIndex("transfers_to").on("transfers").columns(["to", "block_number", "log_index"]).execute();
      await db.schema.createIndex("transfers_kind").on("transfers").columns(["kind", "block_number", "log_index"]).execute();
      // Holders largest first: numeric on PostgreSQL; on SQLite decimal text ranks by length, then text.
      if (pgsql) await sql`CREATE INDEX balances_rank ON balances (balance DESC, address) WHERE balance <> 0`.execute(db);
      else await sql`CREATE INDEX balances_rank ON balances (length(balance) DESC, balance DESC, address) WHERE balance <> '0'`.execute(db);
    },
  },

  /**
   * Whether an account is blocked is its latest block/unblock event; the account index alone made that a walk over
   * every event of the account, and a sender has one (auth_used) per gift it ever made: checked twice on every gift.
   * Partial: only block and unblock events are in it, so the indexer's inserts of every other event do not pay for
   * it (a full index on (account, kind, …) cost catch-up a fifth of its rate). Queries name the same condition.
   */
  "2026-11-24-account-kind": {
    async up(db: Kysely<any>) {
      await sql`CREATE INDEX token_events_blocking ON token_events (account, kind, block_number, log_index) WHERE ${BLOCKING_KINDS}`.execute(
        db,
      );
    },
  },

  /** Hex keys compared bytewise on PostgreSQL (db/open.ts compareBytewise): the same order as SQLite, and faster. */
  "2026-11-25-bytewise-keys": {
    async up(db: Kysely<any>) {
      await compareBytewise(db, "transfers", ["tx_hash", "from", "to", "kind"]);
      await compareBytewise(db, "transactions", ["hash", "from", "to"]);
      await compareBytewise(db, "token_events", ["tx_hash", "account", "kind"]);
      await compareBytewise(db, "balances", ["address"]);
      await compareBytewise(db, "address_stats", ["address"]);
      await compareBytewise(db, "blocks", ["hash"]);
    },
  },

  /**
   * Each transfer keeps its transaction's gas fee (gas used × price): a page of transfers (the dashboard's list,
   * a wallet's history) shows it without a read of 100 transactions by hash. Existing rows are backfilled from
   * their transaction; on SQLite, whose amounts are decimal text, a product past 64 bits stays null (the reader
   * then reads that transaction, as before).
   */
  "2026-11-26-transfer-gas-fee": {
    async up(db: Kysely<any>) {
      const pgsql = dialectOf(db) === "postgres";
      await db.schema.alterTable("transfers").addColumn("gas_fee", columnTypes(db).amount).execute();
      const product = pgsql ? sql`t.gas_used * t.gas_price` : sql`CAST(t.gas_used AS INTEGER) * CAST(t.gas_price AS INTEGER)`;
      const fee = pgsql ? product : sql`CASE WHEN typeof(${product}) = 'integer' THEN CAST(${product} AS TEXT) END`;
      await sql`UPDATE transfers SET gas_fee = (SELECT ${fee} FROM transactions t WHERE t.hash = transfers.tx_hash)`.execute(db);
    },
  },
};
