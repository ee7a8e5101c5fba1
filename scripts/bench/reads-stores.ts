/**
 * The reads bench's two dialects: filling a store with the generated data (scripts/bench/reads-data.ts) through the
 * project's migrations, and running plain SQL on it for the anchors.
 */
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { openChainStore } from "../../indexer/db";
import { openAppStore } from "../../server/db/app-db";
import { generate } from "./reads-data";
import { COLUMNS, type DataFacts, type Sink, type Table, type Value } from "./reads-shape";

export interface DataSize {
  transfers: number;
  holders: number;
}

export interface Target {
  dialect: "sqlite" | "postgres";
  /** Plain SQL on the chain store / the app store, `?` placeholders. */
  chainSql(text: string, params: unknown[]): Promise<unknown[]>;
  appSql(text: string, params: unknown[]): Promise<unknown[]>;
  chainOpts: { dataDir: string; databaseUrl: string | null };
  close(): Promise<void>;
}

const quoted = (c: string) => `"${c}"`;
/** The tables the generator fills in bulk. */
const BULK = ["blocks", "transactions", "transfers", "token_events", "balances", "address_stats", "outbox_transfers", "members", "wallets"];

export async function fillSqlite(dir: string, size: DataSize): Promise<DataFacts> {
  const chain = await openChainStore({ dataDir: dir, databaseUrl: null });
  await chain.close();
  const app = await openAppStore({ dataDir: dir, databaseUrl: null });
  await app.close();
  const chainDb = new Database(path.join(dir, "chain.db"));
  const appDb = new Database(path.join(dir, "app.db"));
  // A bulk load: the migrations' secondary indexes are set aside and made again, from their own SQL, once
  // the rows are in (what a restore does; the stores end up exactly as the migrations define them).
  const indexes: [Database.Database, string][] = [];
  for (const d of [chainDb, appDb]) {
    d.pragma("journal_mode = OFF");
    d.pragma("synchronous = OFF");
    d.pragma("cache_size = -400000");
    for (const r of d
      .prepare(
        `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${BULK.map(() => "?").join(", ")})`,
      )
      .all(...BULK) as { name: string; sql: string }[]) {
      indexes.push([d, r.sql]);
      d.exec(`DROP INDEX ${quoted(r.name)}`);
    }
    d.exec("BEGIN");
  }
  const dbOf = (t: Table) => (t === "outbox_transfers" || t === "members" || t === "wallets" ? appDb : chainDb);
  const statements = new Map<Table, Database.Statement>();
  const sink: Sink = {
    put(table, row) {
      let s = statements.get(table);
      if (!s) {
        const cols = COLUMNS[table].map(([c]) => c);
        s = dbOf(table).prepare(`INSERT INTO ${table} (${cols.map(quoted).join(", ")}) VALUES (${cols.map(() => "?").join(", ")})`);
        statements.set(table, s);
      }
      s.run(row);
    },
    async tick() {},
  };
  const facts = await generate(sink, size);
  const s = facts.syncState;
  chainDb
    .prepare(
      `INSERT INTO sync_state (id, chain_id, genesis_hash, token, deploy_block, last_block, last_hash, total_supply, holder_count, updated_at) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      s.chain_id,
      s.genesis_hash,
      s.token,
      s.deploy_block,
      s.last_block,
      s.last_hash,
      s.total_supply,
      s.holder_count,
      new Date().toISOString(),
    );
  for (const d of [chainDb, appDb]) d.exec("COMMIT");
  for (const [d, text] of indexes) d.exec(text);
  for (const d of [chainDb, appDb]) {
    d.pragma("journal_mode = WAL");
    d.close();
  }
  return facts;
}

export async function fillPostgres(url: string, size: DataSize): Promise<DataFacts> {
  const chain = await openChainStore({ dataDir: os.tmpdir(), databaseUrl: url });
  await chain.close();
  const app = await openAppStore({ dataDir: os.tmpdir(), databaseUrl: url });
  await app.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const schemaOf = (t: Table) => (t === "outbox_transfers" || t === "members" || t === "wallets" ? "app" : "chain");
  const buffers = new Map<Table, Value[][]>();
  const BATCH = 20_000;
  const write = async (table: Table) => {
    const rows = buffers.get(table);
    if (!rows?.length) return;
    buffers.set(table, []);
    const cols = COLUMNS[table];
    const arrays = cols.map((_, i) => rows.map((r) => r[i]));
    const text = `INSERT INTO ${schemaOf(table)}.${table} (${cols.map(([c]) => quoted(c)).join(", ")}) SELECT * FROM unnest(${cols.map(([, t], i) => `$${i + 1}::${t}[]`).join(", ")})`;
    await client.query(text, arrays);
  };
  const order: Table[] = [
    "members",
    "wallets",
    "blocks",
    "transactions",
    "transfers",
    "token_events",
    "outbox_transfers",
    "balances",
    "address_stats",
  ];
  const sink: Sink = {
    put(table, row) {
      let b = buffers.get(table);
      if (!b) buffers.set(table, (b = []));
      b.push(row);
    },
    async tick() {
      // All tables in order once one is full: a row never goes in before the row its foreign key names.
      if (order.some((t) => (buffers.get(t)?.length ?? 0) >= BATCH)) for (const t of order) await write(t);
    },
  };
  // Bulk load: the migrations' secondary indexes go, and come back from their own definitions after the rows.
  const { rows: indexes } = await client.query<{ schemaname: string; indexname: string; indexdef: string }>(
    `SELECT i.schemaname, i.indexname, i.indexdef FROM pg_indexes i
      WHERE i.schemaname IN ('chain', 'app') AND i.tablename = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`,
    [BULK],
  );
  for (const i of indexes) await client.query(`DROP INDEX ${i.schemaname}.${quoted(i.indexname)}`);
  await client.query("BEGIN");
  const facts = await generate(sink, size);
  for (const t of order) await write(t);
  const s = facts.syncState;
  await client.query(
    `INSERT INTO chain.sync_state (id, chain_id, genesis_hash, token, deploy_block, last_block, last_hash, total_supply, holder_count, updated_at) VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      s.chain_id,
      s.genesis_hash,
      s.token,
      s.deploy_block,
      s.last_block,
      s.last_hash,
      s.total_supply,
      s.holder_count,
      new Date().toISOString(),
    ],
  );
  await client.query("COMMIT");
  await client.query("SET maintenance_work_mem = '256MB'");
  for (const i of indexes) await client.query(i.indexdef);
  // What autovacuum does on a live server: statistics, and the visibility map index-only scans rely on. Then a
  // checkpoint, so that the writer does not flush the gigabytes just loaded while the reads are timed.
  await client.query("VACUUM ANALYZE");
  await client.query("CHECKPOINT");
  await client.end();
  return facts;
}

export function sqliteTarget(dir: string): Target {
  const chain = new Database(path.join(dir, "chain.db"), { readonly: true });
  const app = new Database(path.join(dir, "app.db"), { readonly: true });
  const cache = new Map<string, Database.Statement>();
  const run = (d: Database.Database, text: string, params: unknown[]) => {
    let s = cache.get(text);
    if (!s) cache.set(text, (s = d.prepare(text)));
    return Promise.resolve(s.all(...params));
  };
  return {
    dialect: "sqlite",
    chainSql: (t, p) => run(chain, t, p),
    appSql: (t, p) => run(app, t, p),
    chainOpts: { dataDir: dir, databaseUrl: null },
    close: async () => {
      chain.close();
      app.close();
    },
  };
}

export function pgTarget(url: string): Target {
  const pool = (schema: string) => new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema}` });
  const chain = pool("chain");
  const app = pool("app");
  const numbered = (t: string) => {
    let i = 0;
    return t.replace(/\?/g, () => `$${++i}`);
  };
  return {
    dialect: "postgres",
    chainSql: async (t, p) => (await chain.query(numbered(t), p)).rows,
    appSql: async (t, p) => (await app.query(numbered(t), p)).rows,
    chainOpts: { dataDir: os.tmpdir(), databaseUrl: url },
    close: async () => {
      await chain.end();
      await app.end();
    },
  };
}
