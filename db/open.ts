import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { kyselyPool, PlannableLimitsDialect } from "./pg-statements";
import { Kysely, Migrator, PostgresAdapter, SqliteDialect, sql, type Expression, type Migration, type SqlBool } from "kysely";

export type Dialect = "sqlite" | "postgres";

/** Where a store lives: a SQLite file (the embedded default) or a schema of a PostgreSQL database. */
export type StoreLocation =
  | { kind: "sqlite"; file: string; readonly?: boolean; synchronous?: "NORMAL" | "FULL" }
  | { kind: "postgres"; url: string; schema: string; max?: number };

export interface Store<DB> {
  db: Kysely<DB>;
  dialect: Dialect;
  /**
   * PostgreSQL: the pool under `db` (search_path = the store's schema), for the few users that speak pg themselves
   * (the rate limiter's store, NOTIFY of the fan-out bus). Closed with the store. Absent on SQLite.
   */
  pool?: pg.Pool;
  close(): Promise<void>;
}

// int8 (COUNT, bigint columns) as a JS number: every integer this project keeps in an int8 is won or an
// id, far below 2^53; a larger one is refused rather than rounded. numeric (token amounts) stays a string.
pg.types.setTypeParser(20, (v: string) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new Error(`int8 ${v} exceeds the safe integer range`);
  return n;
});

/** Opens a store. SQLite: WAL, foreign keys, busy timeout. PostgreSQL: a pool whose search_path is the schema. */
export async function openStore<DB>(loc: StoreLocation): Promise<Store<DB>> {
  if (loc.kind === "sqlite") {
    fs.mkdirSync(path.dirname(path.resolve(loc.file)), { recursive: true });
    const database = new Database(loc.file, { readonly: loc.readonly ?? false });
    if (!loc.readonly) {
      database.pragma("journal_mode = WAL");
      database.pragma(`synchronous = ${loc.synchronous ?? "NORMAL"}`);
    }
    database.pragma("foreign_keys = ON");
    database.pragma("busy_timeout = 5000");
    // A 64 MB page cache of its own (SQLite's default is 2 MB): the reads at size touch more than that, and the OS
    // may drop its file cache within a minute (db/README.md, docs/bench.md).
    database.pragma("cache_size = -65536");
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
    return { db, dialect: "sqlite", close: () => db.destroy() };
  }
  if (!/^[a-z_][a-z0-9_]*$/.test(loc.schema)) throw new Error(`bad schema name ${loc.schema}`);
  const setup = new pg.Client({ connectionString: loc.url });
  await setup.connect();
  try {
    await setup.query(`CREATE SCHEMA IF NOT EXISTS ${loc.schema}`);
  } catch (err) {
    // Two processes creating the schema at once: the loser sees a unique violation; the schema exists.
    if ((err as { code?: string }).code !== "23505") throw err;
  } finally {
    await setup.end();
  }
  // enable_memoize=off: every read here is a page (LIMIT ≤ 1,000) joined on primary keys, and Memoize sizes its
  // cache by the join's un-limited row estimate; building and freeing that table cost ~10 ms per page at 1 M
  // outbox rows, where the plain index lookups take 0.3 ms (db/README.md).
  // Idle connections stay open (pg's default closes them after 10 s): a new backend's first statements run
  // with cold catalog caches, 10 ms where a warm one takes 0.3 ms, and a page's parallel reads reach them.
  const pool = new pg.Pool({
    connectionString: loc.url,
    max: loc.max ?? 10,
    idleTimeoutMillis: 0,
    options: `-c search_path=${loc.schema} -c enable_memoize=off`,
  });
  // An idle client losing its server (a restart) must not crash the process; the pool replaces it.
  pool.on("error", () => undefined);
  // Nor one a task holds: the pool stops listening while a client is checked out, and a cut between two statements
  // of a transaction would be an unheard 'error' event. The next statement fails instead, and the pool drops the
  // client when it comes back (no longer queryable).
  pool.on("connect", (client) => client.on("error", () => undefined));
  const db = new Kysely<DB>({ dialect: new PlannableLimitsDialect({ pool: kyselyPool(pool) }) });
  return { db, dialect: "postgres", pool, close: () => db.destroy() };
}

/**
 * A better-sqlite3 connection as Kysely's SQLite dialect uses it, whose `prepare` keeps each SQL text's compiled
 * statement: Kysely prepares every query it runs, and compiling took a third of a gift request's SQLite time.
 * Queries are a few hundred shapes (values are bound parameters); past `max` texts the cache starts over. A
 * statement still iterating (a streamed query) is busy: the same text then gets a fresh statement.
 */
export function withStatementCache(database: Database.Database, max = 1_000) {
  const statements = new Map<string, Database.Statement>();
  return {
    close: () => database.close(),
    prepare(sqlText: string): Database.Statement {
      const cached = statements.get(sqlText);
      if (cached && !cached.busy) return cached;
      if (statements.size >= max) statements.clear();
      const fresh = database.prepare(sqlText);
      if (!cached) statements.set(sqlText, fresh);
      return fresh;
    },
  };
}

export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/**
 * Runs `fn` so that what it commits is on disk when it resolves, and with it everything the store committed
 * before. For a record that must outlive a power cut because something irreversible follows it (a transaction
 * about to be sent names its rows). SQLite: the store runs `synchronous=NORMAL` (a commit reaches the
 * write-ahead log but is not synced until a checkpoint); here the connection runs FULL, so the commit syncs the
 * log, earlier commits' frames included. `fn` gets the connection and must use it (the store's single
 * connection is held meanwhile). PostgreSQL: every commit is durable already (`synchronous_commit` on).
 */
export async function durably<DB, T>(db: Kysely<DB>, fn: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  if (dialectOf(db) === "postgres") return fn(db);
  return db.connection().execute(async (conn) => {
    await sql`pragma synchronous = FULL`.execute(conn);
    try {
      return await fn(conn);
    } finally {
      await sql`pragma synchronous = NORMAL`.execute(conn);
    }
  });
}

/** Applies date-named migrations in name order with Kysely's Migrator (its lock makes concurrent starts safe). */
export async function migrate(db: Kysely<any>, migrations: Record<string, Migration>): Promise<void> {
  // On PostgreSQL the bookkeeping tables live in the store's own schema: Kysely looks for them in every
  // schema otherwise, and the second store of a database would take the first one's for its own.
  let migrationTableSchema: string | undefined;
  if (dialectOf(db) === "postgres") {
    migrationTableSchema = (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(db)).rows[0].s;
  }
  const migrator = new Migrator({ db, migrationTableSchema, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName;
    throw new Error(`migration ${failed ?? "?"} failed: ${(error as Error).message ?? error}`);
  }
}

/** Column types that differ between the dialects, for migrations written once for both. */
export function columnTypes(db: Kysely<any>) {
  const pgsql = dialectOf(db) === "postgres";
  return {
    /** Auto-increment primary key. */
    id: (pgsql ? "bigserial" : "integer") as "integer",
    idOptions: (c: any) => (pgsql ? c.primaryKey() : c.primaryKey().autoIncrement()),
    /** A uint256 token amount or balance: exact decimal, never a float. */
    amount: (pgsql ? sql`numeric(78,0)` : "text") as "text",
  };
}

/** Whether a table exists in the store (for migrations that adopt a database made by an earlier version). */
export async function tableExists(db: Kysely<any>, name: string): Promise<boolean> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: false });
  return tables.some((t) => t.name === name);
}

/**
 * PostgreSQL: compare `columns` of `table` byte by byte (collation "C"), as SQLite compares all text. Keys that are
 * machine strings (hex addresses and hashes, ISO times, status words) gain nothing from the database's locale, and
 * under one like C.UTF-8 every index comparison goes through strcoll: a 100-key lookup by hash was ~40% slower.
 * The indexes on them are rebuilt, and the table analyzed again (a column's new type drops its statistics: the
 * planner then guessed thousands of rows for one hash and hashed whole tables). Nothing to do on SQLite.
 */
export async function compareBytewise(db: Kysely<any>, table: string, columns: string[]): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  const alter = columns.map((c) => sql`ALTER COLUMN ${sql.ref(c)} TYPE text COLLATE "C"`);
  await sql`ALTER TABLE ${sql.table(table)} ${sql.join(alter)}`.execute(db);
  await sql`ANALYZE ${sql.table(table)}`.execute(db);
}

/**
 * `column IN (values)` for a list of keys (a page's hashes or addresses). On PostgreSQL one array parameter,
 * `= ANY($1)`: one statement text whatever the list's length, so one prepared statement whose plan PostgreSQL can
 * keep (an IN list of n parameters is a text, and a statement to plan, per length), and one value to bind
 * instead of a hundred. SQLite has no arrays: the IN list.
 */
export function anyOf(db: Kysely<any>, column: string, values: readonly string[]): Expression<SqlBool> {
  return dialectOf(db) === "postgres"
    ? sql<SqlBool>`${sql.ref(column)} = ANY(${[...values]})`
    : sql<SqlBool>`${sql.ref(column)} IN (${sql.join(values)})`;
}

/**
 * A bound text value the planner may not look at (PostgreSQL: a one-value subquery, `(SELECT $1::text)`; SQLite: the
 * plain parameter). For a paged read whose plan must not depend on the value (an index walked in order and cut by
 * LIMIT, the same for every value): PostgreSQL plans a prepared statement afresh on each run while its custom plans
 * look cheaper than the generic one, and with a date range's or an address's value in view they always did (the
 * planner saw a range of 165,000 rows where the generic plan guessed 500), so a read costing 0.3–0.5 ms to run
 * spent about as long again being planned. Hidden, both plans cost the same and the generic one is kept after five
 * runs. Not for values whose rows are few or many by kind (a status, a permission): those are literals.
 */
export function opaque(db: Kysely<any>, value: string): Expression<string> {
  return dialectOf(db) === "postgres" ? sql<string>`(select ${value}::text)` : sql<string>`${value}`;
}

/** Store location from the configuration: PostgreSQL schema when a URL is given, else a SQLite file. */
export function storeLocation(databaseUrl: string | null, file: string, schema: string, extra: { readonly?: boolean } = {}): StoreLocation {
  return databaseUrl ? { kind: "postgres", url: databaseUrl, schema } : { kind: "sqlite", file, ...extra };
}
