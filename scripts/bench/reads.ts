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
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openChainStore } from "../../indexer/db";
import { createChainReader, type ChainReader } from "../../indexer/reader";
import { openAppStore, type AppDb } from "../../server/db/app-db";
import type { AppContext } from "../../server/context";
import { dashboardTransfers, describeTransfers, transactionDetail } from "../../server/features/dashboard/dashboard.service";
import { marketAddresses } from "../../server/features/partner/partner.repo";
import { dashboardListRequest } from "../../domain/schemas/dashboard";
import type { DataFacts } from "./reads-shape";
import { fillPostgres, fillSqlite, pgTarget, sqliteTarget, type Target } from "./reads-stores";
import { startThrowawayPg } from "./pg";
import { maxRow, quantile, type BenchRow } from "./table";
import { measureAsOf } from "./reads-asof";
import { fillAppExtras, measureAppReads } from "./reads-app";

const TRANSFERS = Number(process.env.BENCH_READS_TRANSFERS ?? 2_000_000);
const HOLDERS = Number(process.env.BENCH_READS_HOLDERS ?? Math.max(1_000, Math.round(TRANSFERS / 40)));
const REPS = Number(process.env.BENCH_READS_REPS ?? 200);
const GOAL_MS = 2;
const WARM_MS = Number(process.env.BENCH_READS_WARM_MS ?? 1_000);
const log = (m: string) => console.error(`bench reads: ${m}`);

/**
 * p95 of `fn` over REPS runs, or over as many as fit in 4 s (at least 20), after a warm-up of WARM_MS (at most
 * 500 runs): the latency of a server that has been answering this read, its code compiled by the JIT and the
 * pages it touches cached, not of the first calls after start-up.
 */
async function p95(fn: () => Promise<unknown> | unknown): Promise<number> {
  const warmUntil = performance.now() + WARM_MS;
  for (let i = 0; i < 500 && (i < 5 || performance.now() < warmUntil); i++) await fn();
  const samples: number[] = [];
  const deadline = performance.now() + 4_000;
  while (samples.length < REPS && (samples.length < 20 || performance.now() < deadline)) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return quantile(samples, 0.95);
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
      replaying: () => false,
    },
  } as unknown as AppContext;
  const PAGE = 100;
  const day = (seconds: number) => new Date(seconds * 1000 + 9 * 3600_000).toISOString().slice(0, 10); // a Seoul date
  // Ranges end at the data's head, or today when the generated history runs past it (the server refuses a future date).
  const end = Math.min(facts.head.timestamp, Date.now() / 1000);
  const to = day(end);
  const daysBefore = (n: number) => day(end - n * 86_400);
  const dash = (q: Record<string, unknown>) => dashboardListRequest.parse({ to, perPage: PAGE, ...q });
  const deepBlock = Number(
    (
      (await target.chainSql(`SELECT block_number FROM transfers WHERE "to" = ? AND to_seq = ?`, [
        facts.feeCollector,
        Math.floor(facts.feeCollectorTransfers / 2),
      ])) as { block_number: number }[]
    )[0]?.block_number ?? 0,
  );
  const sample = async (label: string, fn: () => Promise<unknown>, anchor: { what: string; run: () => Promise<unknown> }) => {
    const value = await p95(fn);
    const a = await p95(anchor.run);
    rows.push(
      maxRow({
        section,
        figure: `${label} p95`,
        value,
        unit: "ms",
        anchor: { what: anchor.what, value: a, unit: "ms" },
        ratio: a / value,
        goal: `p95 ≤ ${GOAL_MS} ms`,
        max: GOAL_MS,
      }),
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
  await sample(
    `busiest address (fee collector, ${facts.feeCollectorTransfers.toLocaleString("en")} transfers): page 1 + total`,
    () => history(fc, 1),
    {
      what: "its newest 100 by index",
      run: () => target.chainSql(`SELECT * FROM transfers WHERE "to" = ? ORDER BY block_number DESC, log_index DESC LIMIT ${PAGE}`, [fc]),
    },
  );
  await sample(`busiest address: deep page ${deepPage.toLocaleString("en")}`, () => history(fc, deepPage), {
    what: "100 at that depth by index",
    run: () =>
      target.chainSql(
        `SELECT * FROM transfers WHERE "to" = ? AND block_number <= ? ORDER BY block_number DESC, log_index DESC LIMIT ${PAGE}`,
        [fc, deepBlock],
      ),
  });
  await sample(`busiest address: last page`, () => history(fc, Math.ceil(facts.feeCollectorTransfers / PAGE)), {
    what: "its oldest 100 by index",
    // By its place as recipient (to_seq, chain order): ordered by block, PostgreSQL walked the block index from the
    // start and filtered out the 50,000 opening mints (8.5–12.6 ms), which timed the planner, not an index.
    run: () => target.chainSql(`SELECT * FROM transfers WHERE "to" = ? ORDER BY to_seq LIMIT ${PAGE}`, [fc]),
  });
  await sample(`typical address (${facts.typical.transfers} transfers): page 1 + total`, () => history(facts.typical.address, 1), {
    what: "its transfers by index",
    run: () =>
      target.chainSql(`SELECT * FROM transfers WHERE "from" = ? ORDER BY block_number DESC, log_index DESC LIMIT ${PAGE}`, [
        facts.typical.address,
      ]),
  });
  await sample(`holders page 1 + count + total (${facts.holderCount.toLocaleString("en")} holders)`, () => view.holders({ limit: PAGE }), {
    what: "100 balances by primary key",
    run: () => target.chainSql(`SELECT address, balance FROM balances ORDER BY address LIMIT ${PAGE}`, []),
  });
  await sample("holders page 50", () => view.holders({ limit: PAGE, offset: 49 * PAGE }), {
    what: "100 balances by primary key",
    run: () => target.chainSql(`SELECT address, balance FROM balances ORDER BY address LIMIT ${PAGE}`, []),
  });

  // As of a past block (issue 37), each beside its head query (scripts/bench/reads-asof.ts).
  rows.push(...(await measureAsOf(section, facts, appDb, view, p95, (m) => log(`${target.dialect}: ${m}`))));

  // The dashboard list: the route's own query for the request (dashboardTransfers; naming is its own figure below).
  const dashboardQuery = (q: Record<string, unknown>) => dashboardTransfers(ctx, dash(q));
  const rangeAnchor = (days: number) => ({
    what: "100 transfers of the range by index",
    run: () =>
      target.chainSql(
        `SELECT * FROM transfers WHERE block_number >= ? AND block_number <= ? ORDER BY block_number DESC, log_index DESC LIMIT ${PAGE}`,
        [Math.round(facts.head.number - days * ((facts.head.number - facts.syncState.deploy_block) / 365)), facts.head.number],
      ),
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
    "dashboard 3 months, type gift (outbox rows and their legs)",
    () => dashboardQuery({ from: daysBefore(91), type: "gift" }),
    rangeAnchor(92),
  );
  await sample(
    "dashboard 3 months, search by phone",
    () => dashboardQuery({ from: daysBefore(91), filter: facts.typical.phone, filter_type: "phone" }),
    rangeAnchor(92),
  );
  await sample(
    "dashboard 3 months, search the fee collector's address",
    () => dashboardQuery({ from: daysBefore(91), filter: fc, filter_type: "address" }),
    rangeAnchor(92),
  );
  // Naming: the owners of both ends of each row, and for plain transfer legs the business move (gift, use, …). The
  // fee collector's page is fee legs (owners only), read and named as its screen does; a range's page is every kind.
  // A wallet's name never changes, so a warm server has these pages' names remembered (server/dashboard/names.ts):
  // what these figures time after the warm-up is the page and, for a range, the business moves.
  await sample(
    "dashboard: the busiest address's page 1, read and named (owners)",
    async () => describeTransfers(ctx, (await history(fc, 1)).items),
    {
      what: "its newest 100 by index",
      run: () => target.chainSql(`SELECT * FROM transfers WHERE "to" = ? ORDER BY block_number DESC, log_index DESC LIMIT ${PAGE}`, [fc]),
    },
  );
  const rangePage = (await dashboardQuery({ from: daysBefore(29) })).items;
  await sample(
    "dashboard: naming a 30-day page's rows (owners and business moves)",
    () => describeTransfers(ctx, rangePage),
    rangeAnchor(30),
  );

  // The partner API: the route's reads (market addresses, incoming payments of the last 24 h, the head).
  const markets = await marketAddresses(appDb);
  await sample(
    "partner payments (5 markets, last 24 h)",
    async () => {
      const m = await marketAddresses(appDb);
      const since = new Date((facts.head.timestamp - 86_400) * 1000);
      await Promise.all([view.receivedBy(m, { from: since, limit: PAGE }), view.indexedHead()]);
    },
    {
      what: "a market's newest 100 by index",
      run: () =>
        target.chainSql(`SELECT * FROM transfers WHERE "to" = ? ORDER BY block_number DESC, log_index DESC LIMIT ${PAGE}`, [markets[0]]),
    },
  );
  await sample(
    "partner payment by tx hash",
    async () => Promise.all([marketAddresses(appDb), view.transfersByTx(facts.sampleTxHash), view.indexedHead()]),
    {
      what: "transfers of a tx by primary key",
      run: () => target.chainSql(`SELECT * FROM transfers WHERE tx_hash = ?`, [facts.sampleTxHash]),
    },
  );

  // The app store's lists (scripts/bench/reads-app.ts).
  await measureAppReads(target, facts, appDb, view, sample);
  return rows;
}

async function onTarget(target: Target, facts: DataFacts): Promise<BenchRow[]> {
  const chain = await openChainStore({ ...target.chainOpts, readonly: true });
  const app =
    target.dialect === "sqlite"
      ? await openAppStore({ dataDir: target.chainOpts.dataDir, databaseUrl: null })
      : await openAppStore({ dataDir: os.tmpdir(), databaseUrl: target.chainOpts.databaseUrl });
  try {
    const m = process.memoryUsage();
    log(
      `${target.dialect}: this process holds ${(m.heapUsed / 2 ** 20).toFixed(0)} MB of JS heap, ${(m.rss / 2 ** 20).toFixed(0)} MB resident`,
    );
    await fillAppExtras(app.db, facts);
    const view = createChainReader(chain);
    return await measure(target, facts, app.db, view);
  } finally {
    await chain.close();
    await app.close();
    await target.close();
  }
}

/**
 * After a fill: the operating system writes the files just loaded (gigabytes, dirty in its cache) to the disk
 * now, not 30 s later in the background while the reads are timed (measured: 1–2 GB still dirty during the
 * PostgreSQL figures). What a server that loaded its data a while ago has long done.
 */
function synced<T>(facts: T): T {
  const t = performance.now();
  execFileSync("sync");
  log(`files written to disk in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return facts;
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  // BENCH_READS_DIR (development): keep the SQLite data set there and reuse it on the next run.
  const keep = process.env.BENCH_READS_DIR;
  const skipSqlite = process.env.BENCH_READS_SQLITE === "0";
  if (keep) fs.mkdirSync(keep, { recursive: true });
  const dir = keep ?? (skipSqlite ? "" : fs.mkdtempSync(path.join(os.tmpdir(), "krw-bench-reads-")));
  if (skipSqlite) log("SQLite skipped (BENCH_READS_SQLITE=0)");
  else
    try {
      const t = performance.now();
      const saved = path.join(dir, "facts.json");
      const facts: DataFacts =
        keep && fs.existsSync(saved)
          ? JSON.parse(fs.readFileSync(saved, "utf8"))
          : synced(await fillSqlite(dir, { transfers: TRANSFERS, holders: HOLDERS }));
      if (keep) fs.writeFileSync(saved, JSON.stringify(facts));
      log(
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(" ")} on ${os.cpus().length} cores`,
      );
      log(
        `sqlite: ${facts.transfers.toLocaleString("en")} transfers, ${facts.transactions.toLocaleString("en")} transactions, ${facts.outbox.toLocaleString("en")} outbox rows, ${facts.holderCount.toLocaleString("en")} holders in ${((performance.now() - t) / 1000).toFixed(0)} s`,
      );
      rows.push(
        maxRow({
          section: "reads (sqlite)",
          figure: "data set: transfers",
          value: facts.transfers,
          unit: "rows",
          goal: "≥ 2,000,000",
          max: Infinity,
        }),
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
    // With BENCH_READS_DIR and DATABASE_URL (development), a database filled by an earlier run is reused.
    const saved = keep && process.env.DATABASE_URL ? path.join(keep, "pg-facts.json") : undefined;
    const facts: DataFacts =
      saved && fs.existsSync(saved)
        ? JSON.parse(fs.readFileSync(saved, "utf8"))
        : synced(await fillPostgres(cluster.url, { transfers: TRANSFERS, holders: HOLDERS }));
    if (saved) fs.writeFileSync(saved, JSON.stringify(facts));
    log(
      `postgres: ${facts.transfers.toLocaleString("en")} transfers, ${facts.outbox.toLocaleString("en")} outbox rows in ${((performance.now() - t) / 1000).toFixed(0)} s`,
    );
    rows.push(
      maxRow({
        section: "reads (postgres)",
        figure: "data set: transfers",
        value: facts.transfers,
        unit: "rows",
        goal: "≥ 2,000,000",
        max: Infinity,
      }),
    );
    rows[rows.length - 1].met = facts.transfers >= 2_000_000;
    rows.push(...(await onTarget(pgTarget(cluster.url), facts)));
  } finally {
    cluster.stop();
  }
  return rows;
}
