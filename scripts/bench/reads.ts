/**
 * Reads at size (issue 17): the list and detail queries of both apps and the partner API on a chain store of
 * 2,000,000 transfers over 50,000 holders (the fee collector in about half of them) and an app store of
 * 1,000,000 outbox rows, made by the project's own migrations and filled by scripts/bench/reads-data.ts. Each
 * figure is the p95 of the real query function the route calls (the chain reader's, a repository's, with the
 * arguments the route builds; the largest page size the screens offer, 100) against a plain-SQL anchor on the same file in the same run (the simplest indexed SQL returning a
 * page of the same size). On SQLite, then on a throw-away PostgreSQL cluster (skipped with a printed reason
 * when PostgreSQL cannot be had).
 *
 * BENCH_READS_TRANSFERS (default 2,000,000) and BENCH_READS_HOLDERS (default transfers / 40) size the data;
 * BENCH_READS_PG=0 skips PostgreSQL.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { openChainStore } from "../../indexer/db";
import { createChainReader, type ChainReader } from "../../indexer/reader";
import { openAppStore, type AppDb } from "../../server/db/app-db";
import type { AppContext } from "../../server/context";
import { transactionDetail } from "../../server/dashboard/dashboard";
import { confirmedMovesPage, movesOfTransactions, ownersOf, walletsOfMembersMatching } from "../../server/dashboard/dashboard.repo";
import { movesPage } from "../../server/history/history.repo";
import { HISTORY_PAGE_SIZE } from "../../domain/constants";
import { pendingOutgoing } from "../../server/relayer/outbox.repo";
import { marketAddresses } from "../../server/partner/partner.repo";
import { listMoves } from "../../server/sale/sale.repo";
import { listFees } from "../../server/token/token.repo";
import { listMembers } from "../../server/members/member-admin.repo";
import { dashboardListRequest } from "../../domain/schemas/dashboard";
import { memberListRequest } from "../../domain/schemas/operation";
import { COLUMNS, generate, type DataFacts, type Sink, type Table, type Value } from "./reads-data";
import { startThrowawayPg } from "./pg";
import { maxRow, quantile, type BenchRow } from "./table";

const TRANSFERS = Number(process.env.BENCH_READS_TRANSFERS ?? 2_000_000);
const HOLDERS = Number(process.env.BENCH_READS_HOLDERS ?? Math.max(1_000, Math.round(TRANSFERS / 40)));
const REPS = Number(process.env.BENCH_READS_REPS ?? 200);
const GOAL_MS = 2;
const log = (m: string) => console.error(`bench reads: ${m}`);

/** p95 of `fn` over REPS runs (after a warm-up), or over as many as fit in 4 s (at least 20). */
async function p95(fn: () => Promise<unknown> | unknown): Promise<number> {
  for (let i = 0; i < 5; i++) await fn();
  const samples: number[] = [];
  const deadline = performance.now() + 4_000;
  while (samples.length < REPS && (samples.length < 20 || performance.now() < deadline)) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return quantile(samples, 0.95);
}

// ——— the two dialects' fillers and plain-SQL runners ———

interface Target {
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

async function fillSqlite(dir: string): Promise<DataFacts> {
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
    for (const r of d.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${BULK.map(() => "?").join(", ")})`).all(...BULK) as { name: string; sql: string }[]) {
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
  const facts = await generate(sink, { transfers: TRANSFERS, holders: HOLDERS });
  const s = facts.syncState;
  chainDb
    .prepare(`INSERT INTO sync_state (id, chain_id, genesis_hash, token, deploy_block, last_block, last_hash, total_supply, holder_count, updated_at) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    .run(s.chain_id, s.genesis_hash, s.token, s.deploy_block, s.last_block, s.last_hash, s.total_supply, s.holder_count, new Date().toISOString());
  for (const d of [chainDb, appDb]) d.exec("COMMIT");
  for (const [d, text] of indexes) d.exec(text);
  for (const d of [chainDb, appDb]) {
    d.pragma("journal_mode = WAL");
    d.close();
  }
  return facts;
}

export async function fillPostgres(url: string): Promise<DataFacts> {
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
  const order: Table[] = ["members", "wallets", "blocks", "transactions", "transfers", "token_events", "outbox_transfers", "balances", "address_stats"];
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
  const facts = await generate(sink, { transfers: TRANSFERS, holders: HOLDERS });
  for (const t of order) await write(t);
  const s = facts.syncState;
  await client.query(
    `INSERT INTO chain.sync_state (id, chain_id, genesis_hash, token, deploy_block, last_block, last_hash, total_supply, holder_count, updated_at) VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [s.chain_id, s.genesis_hash, s.token, s.deploy_block, s.last_block, s.last_hash, s.total_supply, s.holder_count, new Date().toISOString()],
  );
  await client.query("COMMIT");
  await client.query("SET maintenance_work_mem = '256MB'");
  for (const i of indexes) await client.query(i.indexdef);
  // What autovacuum does on a live server: statistics, and the visibility map index-only scans rely on.
  await client.query("VACUUM ANALYZE");
  await client.end();
  return facts;
}

function sqliteTarget(dir: string): Target {
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

function pgTarget(url: string): Target {
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

// ——— the figures ———

async function measure(target: Target, facts: DataFacts, appDb: AppDb, view: ChainReader): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const section = `reads (${target.dialect})`;
  const ctx = {
    db: appDb,
    view,
    chain: {
      token: { totalSupply: async () => BigInt(facts.supply), balanceOf: async () => 0n },
      provider: { getBlockNumber: async () => facts.head.number },
    },
  } as unknown as AppContext;
  const PAGE = 100;
  const day = (seconds: number) => new Date(seconds * 1000 + 9 * 3600_000).toISOString().slice(0, 10); // a Seoul date
  const to = day(Math.min(facts.head.timestamp, Date.now() / 1000));
  const daysBefore = (n: number) => day(facts.head.timestamp - n * 86_400);
  const dash = (q: Record<string, unknown>) => dashboardListRequest.parse({ to, perPage: PAGE, ...q });
  const anchorPage = (what = "ordered index range, 100 transfers") => ({
    what,
    run: () => target.chainSql(`SELECT * FROM transfers WHERE block_number <= ? ORDER BY block_number DESC, log_index DESC LIMIT ${PAGE}`, [facts.head.number - 1000]),
  });
  const deepBlock = Number(((await target.chainSql(`SELECT block_number FROM transfers WHERE "to" = ? AND to_seq = ?`, [facts.feeCollector, Math.floor(facts.feeCollectorTransfers / 2)])) as { block_number: number }[])[0]?.block_number ?? 0);
  const sample = async (label: string, fn: () => Promise<unknown>, anchor: { what: string; run: () => Promise<unknown> }) => {
    const value = await p95(fn);
    const a = await p95(anchor.run);
    rows.push(
      maxRow({ section, figure: `${label} p95`, value, unit: "ms", anchor: { what: anchor.what, value: a, unit: "ms" }, ratio: a / value, goal: `p95 ≤ ${GOAL_MS} ms`, max: GOAL_MS }),
    );
    log(`${target.dialect}: ${label}: ${value.toFixed(3)} ms (anchor ${a.toFixed(3)} ms)`);
  };

  const fc = facts.feeCollector;
  const deepPage = Math.max(1, Math.floor(facts.feeCollectorTransfers / PAGE / 2));
  const history = (a: string, page: number) => view.transfersOf(a, { limit: PAGE, offset: (page - 1) * PAGE });
  await sample("tx detail by hash (dashboard dialog)", () => transactionDetail(ctx, facts.sampleTxHash), {
    what: "transaction by primary key",
    run: () => target.chainSql(`SELECT * FROM transactions WHERE hash = ?`, [facts.sampleTxHash]),
  });
  await sample(`busiest address (fee collector, ${facts.feeCollectorTransfers.toLocaleString("en")} transfers): page 1 + total`, () => history(fc, 1), {
    what: "its newest 100 by index",
    run: () => target.chainSql(`SELECT * FROM transfers WHERE "to" = ? ORDER BY block_number DESC, log_index DESC LIMIT ${PAGE}`, [fc]),
  });
  await sample(`busiest address: deep page ${deepPage.toLocaleString("en")}`, () => history(fc, deepPage), {
    what: "100 at that depth by index",
    run: () => target.chainSql(`SELECT * FROM transfers WHERE "to" = ? AND block_number <= ? ORDER BY block_number DESC, log_index DESC LIMIT ${PAGE}`, [fc, deepBlock]),
  });
  await sample(`busiest address: last page`, () => history(fc, Math.ceil(facts.feeCollectorTransfers / PAGE)), {
    what: "its oldest 100 by index",
    run: () => target.chainSql(`SELECT * FROM transfers WHERE "to" = ? ORDER BY block_number, log_index LIMIT ${PAGE}`, [fc]),
  });
  await sample(`typical address (${facts.typical.transfers} transfers): page 1 + total`, () => history(facts.typical.address, 1), {
    what: "its transfers by index",
    run: () => target.chainSql(`SELECT * FROM transfers WHERE "from" = ? ORDER BY block_number DESC, log_index DESC LIMIT ${PAGE}`, [facts.typical.address]),
  });
  await sample(`holders page 1 + count + total (${facts.holderCount.toLocaleString("en")} holders)`, () => view.holders({ limit: PAGE }), {
    what: "100 balances by primary key",
    run: () => target.chainSql(`SELECT address, balance FROM balances ORDER BY address LIMIT ${PAGE}`, []),
  });
  await sample("holders page 50", () => view.holders({ limit: PAGE, offset: 49 * PAGE }), {
    what: "100 balances by primary key",
    run: () => target.chainSql(`SELECT address, balance FROM balances ORDER BY address LIMIT ${PAGE}`, []),
  });

  // The dashboard list: the chain reader's query for the request as dashboardPage builds it.
  const seconds = (d: string | undefined) => (d ? new Date(d) : undefined);
  const dashboardQuery = async (q: Record<string, unknown>) => {
    const r = dash(q);
    const range = { from: seconds(r.start), to: r.end ? new Date(Date.parse(r.end) + 1) : undefined };
    let addresses: string[] | undefined;
    if (r.filter_type === "address") addresses = [r.filter!];
    else if (r.filter_type) addresses = await walletsOfMembersMatching(appDb, r.filter_type as "name" | "phone", r.filter!);
    return view.transfers({ ...range, kinds: r.type ? [r.type as "fee"] : undefined, addresses, limit: r.perPage, offset: (r.page - 1) * r.perPage });
  };
  const rangeAnchor = (days: number) => ({
    what: "100 transfers of the range by index",
    run: () =>
      target.chainSql(`SELECT * FROM transfers WHERE block_number >= ? AND block_number <= ? ORDER BY block_number DESC, log_index DESC LIMIT ${PAGE}`, [
        Math.round(facts.head.number - days * ((facts.head.number - facts.syncState.deploy_block) / 365)),
        facts.head.number,
      ]),
  });
  for (const [label, days] of [
    ["1 day", 0],
    ["30 days", 29],
    ["3 months", 91],
  ] as const) {
    await sample(`dashboard ${label}, all types: page 1 + count`, () => dashboardQuery({ from: daysBefore(days) }), rangeAnchor(days + 1));
  }
  await sample("dashboard 30 days: page 10", () => dashboardQuery({ from: daysBefore(29), page: 10 }), rangeAnchor(30));
  await sample("dashboard 3 months, type fee", () => dashboardQuery({ from: daysBefore(91), type: "fee" }), rangeAnchor(92));
  await sample("dashboard 3 months, type burn", () => dashboardQuery({ from: daysBefore(91), type: "burn" }), rangeAnchor(92));
  await sample(
    "dashboard 3 months, type gift (outbox)",
    () => {
      const r = dash({ from: daysBefore(91), type: "gift" });
      return confirmedMovesPage(appDb, { kinds: ["gift"], start: r.start, end: r.end, limit: PAGE, offset: 0 });
    },
    rangeAnchor(92),
  );
  await sample("dashboard 3 months, search by phone", () => dashboardQuery({ from: daysBefore(91), filter: facts.typical.phone, filter_type: "phone" }), rangeAnchor(92));
  await sample("dashboard 3 months, search the fee collector's address", () => dashboardQuery({ from: daysBefore(91), filter: fc, filter_type: "address" }), rangeAnchor(92));
  await sample("dashboard: naming a page's rows (outbox moves + owners of 100 transfers)", async () => {
    const p = await history(fc, 1);
    const hashes = [...new Set(p.items.map((t) => t.txHash))];
    await Promise.all([view.transactionsByHash(hashes), movesOfTransactions(appDb, hashes), ownersOf(appDb, [...new Set(p.items.flatMap((t) => [t.from, t.to]))])]);
  }, {
    what: "its newest 100 by index",
    run: () => target.chainSql(`SELECT * FROM transfers WHERE "to" = ? ORDER BY block_number DESC, log_index DESC LIMIT ${PAGE}`, [fc]),
  });

  // The partner API: the route's reads (market addresses, incoming payments of the last 24 h, the head).
  const markets = await marketAddresses(appDb);
  await sample(
    "partner payments (5 markets, last 24 h)",
    async () => {
      const m = await marketAddresses(appDb);
      const since = new Date((facts.head.timestamp - 86_400) * 1000);
      await Promise.all([Promise.all(m.map((a) => view.transfersOf(a, { direction: "in", from: since, limit: PAGE }))), view.indexedHead()]);
    },
    {
      what: "a market's newest 100 by index",
      run: () => target.chainSql(`SELECT * FROM transfers WHERE "to" = ? ORDER BY block_number DESC, log_index DESC LIMIT ${PAGE}`, [markets[0]]),
    },
  );
  await sample("partner payment by tx hash", async () => Promise.all([marketAddresses(appDb), view.transfersByTx(facts.sampleTxHash), view.indexedHead()]), {
    what: "transfers of a tx by primary key",
    run: () => target.chainSql(`SELECT * FROM transfers WHERE tx_hash = ?`, [facts.sampleTxHash]),
  });

  // The member app and the back-office lists over the outbox.
  const outboxAnchor = {
    what: "100 outbox rows by primary key",
    run: () => target.appSql(`SELECT * FROM outbox_transfers WHERE id <= ? ORDER BY id DESC LIMIT ${PAGE}`, [facts.outbox - 500]),
  };
  await sample("member gift history (web): page 1 + count", () => movesPage(appDb, facts.typical.memberId, "gift", { limit: HISTORY_PAGE_SIZE, offset: 0, sortBy: "created_at", desc: true }), {
    what: "the member's rows by index",
    run: () => target.appSql(`SELECT * FROM outbox_transfers WHERE member_id = ? AND kind = 'gift' ORDER BY id DESC LIMIT 10`, [facts.typical.memberId]),
  });
  const head = facts.head.number;
  await sample(
    "spendable check of the treasury",
    async () => {
      const { balance, head: h } = await view.balanceAndHead(facts.treasury);
      return Number(balance) - (await pendingOutgoing(appDb, facts.treasury, h ?? head));
    },
    {
      what: "its pending rows by index",
      run: () => target.appSql(`SELECT COALESCE(SUM(value + fee), 0) AS n FROM outbox_transfers WHERE from_address = ? AND status = 'pending'`, [facts.treasury]),
    },
  );
  const range30 = { start: new Date((facts.head.timestamp - 30 * 86_400) * 1000).toISOString(), end: new Date(facts.head.timestamp * 1000).toISOString() };
  await sample("back-office gift sales, 30 days: page 1 + count", () => listMoves(appDb, "gift", { ...range30, page: 1, perPage: PAGE, sortBy: "createdAt", sortDesc: true }), outboxAnchor);
  await sample("back-office fees, 30 days: page 1 + count", () => listFees(appDb, { ...range30, page: 1, perPage: PAGE, sortBy: "createdAt", sortDesc: true }), outboxAnchor);
  await sample("back-office members: page 1 + count", () => listMembers(appDb, memberListRequest.parse({ perPage: PAGE })), outboxAnchor);
  return rows;
}

async function onTarget(target: Target, facts: DataFacts): Promise<BenchRow[]> {
  const chain = await openChainStore({ ...target.chainOpts, readonly: true });
  const app =
    target.dialect === "sqlite"
      ? await openAppStore({ dataDir: target.chainOpts.dataDir, databaseUrl: null })
      : await openAppStore({ dataDir: os.tmpdir(), databaseUrl: target.chainOpts.databaseUrl });
  try {
    const view = createChainReader(chain);
    return await measure(target, facts, app.db, view);
  } finally {
    await chain.close();
    await app.close();
    await target.close();
  }
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  // BENCH_READS_DIR (development): keep the SQLite data set there and reuse it on the next run.
  const keep = process.env.BENCH_READS_DIR;
  const dir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), "krw-bench-reads-"));
  try {
    const t = performance.now();
    const saved = path.join(dir, "facts.json");
    const facts: DataFacts = keep && fs.existsSync(saved) ? JSON.parse(fs.readFileSync(saved, "utf8")) : await fillSqlite(dir);
    if (keep) fs.writeFileSync(saved, JSON.stringify(facts));
    log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} on ${os.cpus().length} cores`);
    log(`sqlite: ${facts.transfers.toLocaleString("en")} transfers, ${facts.transactions.toLocaleString("en")} transactions, ${facts.outbox.toLocaleString("en")} outbox rows, ${facts.holderCount.toLocaleString("en")} holders in ${((performance.now() - t) / 1000).toFixed(0)} s`);
    rows.push(
      maxRow({ section: "reads (sqlite)", figure: "data set: transfers", value: facts.transfers, unit: "rows", goal: "≥ 2,000,000", max: Infinity }),
    );
    rows[rows.length - 1].met = facts.transfers >= 2_000_000;
    rows.push(...(await onTarget(sqliteTarget(dir), facts)));
  } finally {
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  }

  if (process.env.BENCH_READS_PG === "0") {
    log("PostgreSQL skipped (BENCH_READS_PG=0)");
    return rows;
  }
  const cluster = await startThrowawayPg();
  if (typeof cluster === "string") {
    console.error(`bench reads: PostgreSQL rows skipped: ${cluster}`);
    return rows;
  }
  try {
    const t = performance.now();
    const facts = await fillPostgres(cluster.url);
    log(`postgres: ${facts.transfers.toLocaleString("en")} transfers, ${facts.outbox.toLocaleString("en")} outbox rows in ${((performance.now() - t) / 1000).toFixed(0)} s`);
    rows.push(maxRow({ section: "reads (postgres)", figure: "data set: transfers", value: facts.transfers, unit: "rows", goal: "≥ 2,000,000", max: Infinity }));
    rows[rows.length - 1].met = facts.transfers >= 2_000_000;
    rows.push(...(await onTarget(pgTarget(cluster.url), facts)));
  } finally {
    cluster.stop();
  }
  return rows;
}
