import { ethers } from "ethers";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { migrate } from "../db/open";
import type { DecodedRange } from "./decode";
import { chainMigrations } from "./migrations";
import { COUNT_CAP, createChainReader, type ChainReader } from "./reader";
import type { TransferKind, TransferRow } from "./schema";
import { createStore, type IndexerStore } from "./store";
import { testStores } from "./test/stores";

/**
 * Issue 17: the reads that must not grow with history, on a real store (SQLite, or PostgreSQL under
 * test:pg) written by the indexer's own store functions. Every answer is compared with the same question
 * answered by brute force over the rows the test wrote.
 */
const Z = ethers.ZeroAddress;
const people = ["alice", "bob", "carol", "dave", "fees"].map((n) =>
  ethers.getAddress(`0x${Buffer.from(n.padEnd(20, "_")).toString("hex")}`),
);
const [alice, bob, carol, dave, fees] = people;
const T0 = 1_700_000_000;
const hash = (b: number, i: number) => `0x${(b * 1000 + i).toString(16).padStart(64, "0")}`;
const blockHash = (b: number, branch = 0) => `0xb${(b * 10 + branch).toString(16).padStart(63, "0")}`;

/** A deterministic mix of mints, gifts with a fee, self-transfers and burns, a few per block. */
function history(
  fromBlock: number,
  toBlock: number,
  seed: number,
  branch = 0,
): { blocks: DecodedRange["blocks"]; transfers: TransferRow[] } {
  let s = seed;
  const rand = (n: number) => ((s = (s * 1103515245 + 12345) % 2 ** 31), s % n);
  const blocks = [];
  const transfers: TransferRow[] = [];
  for (let b = fromBlock; b <= toBlock; b++) {
    const timestamp = T0 + b * 60;
    blocks.push({ number: b, hash: blockHash(b, branch), parent_hash: blockHash(b - 1, b - 1 === fromBlock - 1 ? 0 : branch), timestamp });
    const count = 1 + rand(3);
    // Everyone starts with a million (no balance ever goes below zero).
    if (b === 1)
      people.slice(0, 4).forEach((p, j) =>
        transfers.push({
          tx_hash: hash(b, 10 + j),
          log_index: 20 + j,
          block_number: b,
          from: Z,
          to: p,
          value: "1000000",
          kind: "mint",
          timestamp,
          gas_fee: null,
        }),
      );
    for (let i = 0; i < count; i++) {
      const k = rand(10);
      const from = people[rand(4)];
      const to = people[rand(4)];
      const leg = (log: number, f: string, t: string, value: number, kind: TransferKind): TransferRow => ({
        tx_hash: hash(b, i),
        log_index: log,
        block_number: b,
        from: f,
        to: t,
        value: String(value),
        kind,
        timestamp,
        gas_fee: null,
      });
      if (k === 0) transfers.push(leg(i * 2, Z, from, 1_000_000, "mint"));
      else if (k === 1) transfers.push(leg(i * 2, from, Z, 1 + rand(5), "burn"));
      else if (k === 2) transfers.push(leg(i * 2, from, from, 1 + rand(5), "transfer"));
      else transfers.push(leg(i * 2, from, to, 1 + rand(50), "transfer"), leg(i * 2 + 1, from, fees, 1, "fee"));
    }
  }
  return { blocks, transfers };
}

const range = (h: { blocks: DecodedRange["blocks"]; transfers: TransferRow[] }): DecodedRange => ({
  ...h,
  transactions: [],
  tokenEvents: [],
  authorizations: [],
  feeCollector: null,
});
const newestFirst = (a: TransferRow, b: TransferRow) => b.block_number - a.block_number || b.log_index - a.log_index;
const key = (t: { txHash?: string; tx_hash?: string; logIndex?: number; log_index?: number }) =>
  `${t.txHash ?? t.tx_hash}:${t.logIndex ?? t.log_index}`;

/** What the reader must answer, summed from the rows themselves. */
async function expectReadsMatch(view: ChainReader, rows: TransferRow[]) {
  const balances = new Map<string, bigint>();
  for (const t of rows) {
    if (t.from !== Z) balances.set(t.from, (balances.get(t.from) ?? 0n) - BigInt(t.value));
    if (t.to !== Z) balances.set(t.to, (balances.get(t.to) ?? 0n) + BigInt(t.value));
  }
  const holders = await view.holders({ limit: 100 });
  const nonZero = [...balances].filter(([, b]) => b !== 0n);
  expect(holders.total).toBe(nonZero.length);
  expect(holders.totalBalance).toBe(nonZero.reduce((n, [, b]) => n + b, 0n));
  expect(holders.items.map((h) => h.address)).toEqual(
    nonZero.sort((a, b) => (a[1] === b[1] ? (a[0] < b[0] ? -1 : 1) : a[1] > b[1] ? -1 : 1)).map(([a]) => a),
  );

  for (const a of [...people, Z]) {
    const mine = rows.filter((t) => t.from === a || t.to === a).sort(newestFirst);
    expect(await view.countTransfersOf(a)).toBe(mine.length);
    // Every page of 7, walked to the end, is the history in order with no gap and no repeat.
    const walked: string[] = [];
    for (let offset = 0; offset < mine.length + 7; offset += 7) {
      const p = await view.transfersOf(a, { limit: 7, offset });
      expect(p.total).toBe(mine.length);
      expect(p.capped).toBeUndefined();
      walked.push(...p.items.map(key));
    }
    expect(walked).toEqual(mine.map(key));
    // A deep page on its own, and a date range (from inclusive, to exclusive) with its exact total.
    const deep = await view.transfersOf(a, { limit: 5, offset: 11 });
    expect(deep.items.map(key)).toEqual(mine.slice(11, 16).map(key));
    const from = new Date((T0 + 20 * 60) * 1000);
    const to = new Date((T0 + 45 * 60) * 1000);
    const inRange = mine.filter((t) => t.timestamp >= T0 + 20 * 60 && t.timestamp < T0 + 45 * 60);
    const ranged = await view.transfersOf(a, { from, to, limit: 4, offset: 2 });
    expect(ranged.total).toBe(inRange.length);
    expect(ranged.items.map(key)).toEqual(inRange.slice(2, 6).map(key));
    // The dashboard's search by one address reads the same window.
    expect((await view.transfers({ addresses: [a], from, to, limit: 4, offset: 2 })).items.map(key)).toEqual(inRange.slice(2, 6).map(key));
    expect(await view.countTransfersOf(a, { from: new Date(0) })).toBe(mine.length);
    // Ranges holding no transfer at all (a bound finds no block): empty, for the address and the dashboard.
    const after = new Date((Math.max(...rows.map((t) => t.timestamp)) + 1) * 1000);
    const before = new Date((Math.min(...rows.map((t) => t.timestamp)) - 1) * 1000);
    for (const r of [{ from: after }, { to: before }, { from: after, to: new Date(after.getTime() + 60_000) }]) {
      expect(await view.transfersOf(a, { ...r, limit: 4 })).toEqual({ items: [], total: 0 });
      expect(await view.transfers({ addresses: [a], ...r, limit: 4 })).toEqual({ items: [], total: 0 });
      expect(await view.transfers({ ...r, limit: 4 })).toEqual({ items: [], total: 0 });
    }
  }
  // The partner's payments: what a set of addresses received since a time, newest first, merged and limited.
  const markets = [bob, fees, carol];
  for (const [since, limit] of [
    [undefined, 5],
    [new Date((T0 + 20 * 60) * 1000), 1_000],
    [new Date((T0 + 30 * 60) * 1000), 7],
  ] as const) {
    const want = rows
      .filter((t) => markets.includes(t.to) && (!since || t.timestamp * 1000 >= since.getTime()))
      .sort(newestFirst)
      .slice(0, limit);
    expect(
      (
        await view.receivedBy(
          markets.map((m) => m.toLowerCase()),
          { from: since, limit },
        )
      ).map(key),
    ).toEqual(want.map(key));
  }
  expect(await view.receivedBy([], { limit: 5 })).toEqual([]);
  // The legs of a page's transactions (the dashboard's gift page on SQLite asks for the plain transfers only), in chain order.
  const txs = [...new Set(rows.filter((_, i) => i % 3 === 0).map((t) => t.tx_hash))];
  const chainOrder = (list: TransferRow[]) => [...list].sort(newestFirst).reverse().map(key);
  expect((await view.transfersOfTransactions(txs)).map(key)).toEqual(chainOrder(rows.filter((t) => txs.includes(t.tx_hash))));
  const plain = await view.transfersOfTransactions(txs, "transfer");
  expect(plain.map(key)).toEqual(chainOrder(rows.filter((t) => txs.includes(t.tx_hash) && t.kind === "transfer")));
  expect(plain.length).toBeGreaterThan(0);
}

describe("reads at size: address places, counters, capped counts", () => {
  const stores = testStores();
  afterAll(() => stores.cleanup());

  async function fresh(): Promise<{ writer: IndexerStore; view: ChainReader }> {
    const loc = await stores.location();
    const writer = createStore(await stores.open(loc));
    await writer.init({ chainId: 31337, genesisHash: blockHash(0), token: alice, deployBlock: 0 });
    return { writer, view: createChainReader(await stores.open(loc, true)) };
  }

  it("pages of an address (first, deep, last, in a date range) and the counters equal the re-summed rows, after transfers, burns and a reorg", async () => {
    const { writer, view } = await fresh();
    const first = history(1, 30, 7);
    let s = await writer.applyRange(range(first), { number: 30, hash: blockHash(30) }, null);
    const second = history(31, 60, 11);
    s = await writer.applyRange(range(second), { number: 60, hash: blockHash(60) }, s.lastHash);
    await expectReadsMatch(view, [...first.transfers, ...second.transfers]);

    // A reorg back to block 40: its transfers leave the places, the counts and the holders.
    const { state } = await writer.rollbackTo(40, s.lastHash);
    const kept = [...first.transfers, ...second.transfers].filter((t) => t.block_number <= 40);
    await expectReadsMatch(view, kept);
    // The other branch: the places continue from the kept history.
    const other = history(41, 70, 23, 1);
    await writer.applyRange(range(other), { number: 70, hash: blockHash(70, 1) }, state.lastHash);
    await expectReadsMatch(view, [...kept, ...other.transfers]);
  });

  it("a range already indexed is not counted twice", async () => {
    const { writer, view } = await fresh();
    const h = history(1, 10, 3);
    const s = await writer.applyRange(range(h), { number: 10, hash: blockHash(10) }, null);
    // The same rows again under a new head (a crash between write and head move would look like this).
    await writer.applyRange(range({ blocks: [], transfers: h.transfers }), { number: 10, hash: blockHash(10) }, s.lastHash);
    await expectReadsMatch(view, h.transfers);
  });

  it("counts of long lists stop at COUNT_CAP and say so; short ones stay exact", async () => {
    const { writer, view } = await fresh();
    const transfers: TransferRow[] = [];
    const blocks = [];
    for (let b = 1; b <= 101; b++) {
      blocks.push({ number: b, hash: blockHash(b), parent_hash: blockHash(b - 1), timestamp: T0 + b * 60 });
      for (let i = 0; i < 100; i++) {
        const from = b === 1 && i === 0 ? Z : alice;
        transfers.push({
          tx_hash: hash(b, i),
          log_index: i,
          block_number: b,
          from,
          to: from === Z ? alice : people[1 + (i % 3)],
          value: from === Z ? "100000000" : "1",
          kind: from === Z ? "mint" : "transfer",
          timestamp: T0 + b * 60,
          gas_fee: null,
        });
      }
    }
    await writer.applyRange(range({ blocks, transfers }), { number: 101, hash: blockHash(101) }, null);
    expect(transfers.length).toBeGreaterThan(COUNT_CAP);
    const all = await view.transfers({ limit: 10 });
    expect(all).toMatchObject({ total: COUNT_CAP, capped: true });
    expect(all.items.map(key)).toEqual([...transfers].sort(newestFirst).slice(0, 10).map(key));
    // One address without kinds: its exact total, from its counter.
    expect(await view.transfersOf(alice, { limit: 1 })).toMatchObject({ total: transfers.length });
    // A date range of 7 blocks and a kind: exact, below the cap.
    const since = await view.transfers({ from: new Date((T0 + 95 * 60) * 1000), limit: 1 });
    expect(since).toEqual({ items: [expect.objectContaining({ blockNumber: 101 })], total: 700 });
    expect(await view.transfers({ kinds: ["mint"], limit: 5 })).toMatchObject({ total: 1 });
    expect(await view.transfersOf(bob, { direction: "in", limit: 1 })).toMatchObject({ total: COUNT_CAP, capped: true });
    expect(await view.transfersOf(bob, { direction: "in", from: new Date((T0 + 95 * 60) * 1000), limit: 1 })).toMatchObject({
      total: 7 * 34,
    });
  });

  it("a store of the previous version gets its places, counts and holder count in the migration", async () => {
    const loc = await stores.location();
    const store = await stores.open(loc);
    // Undo the migration's additions by building a store at the first version only.
    for (const t of [
      "transfers",
      "token_events",
      "transactions",
      "balances",
      "address_stats",
      "blocks",
      "sync_state",
      "kysely_migration",
      "kysely_migration_lock",
    ]) {
      await sql`DROP TABLE IF EXISTS ${sql.table(t)}`.execute(store.db);
    }
    await migrate(store.db, { "2026-11-21-chain": chainMigrations["2026-11-21-chain"] });
    const h = history(1, 25, 5);
    const db = store.db as unknown as import("kysely").Kysely<any>;
    await db
      .insertInto("sync_state")
      .values({
        id: 1,
        chain_id: 1,
        genesis_hash: blockHash(0),
        token: alice,
        deploy_block: 0,
        last_block: 25,
        last_hash: blockHash(25),
        total_supply: "0",
        updated_at: "x",
      })
      .execute();
    await db
      .insertInto("transfers")
      .values(h.transfers.map(({ gas_fee: _, ...t }) => t))
      .execute();
    // One transaction is stored: its transfers get its gas fee in the migration, the others none (not stored).
    const paid = h.transfers[1].tx_hash;
    await db
      .insertInto("transactions")
      .values({
        hash: paid,
        block_number: h.transfers[1].block_number,
        tx_index: 0,
        from: alice,
        to: alice,
        status: 1,
        gas_used: "52000",
        gas_price: "1000000007",
        method: null,
        value: "0",
        timestamp: T0,
      })
      .execute();
    const balances = new Map<string, bigint>();
    for (const t of h.transfers) {
      if (t.from !== Z) balances.set(t.from, (balances.get(t.from) ?? 0n) - BigInt(t.value));
      if (t.to !== Z) balances.set(t.to, (balances.get(t.to) ?? 0n) + BigInt(t.value));
    }
    await db
      .insertInto("balances")
      .values([...balances].map(([address, b]) => ({ address, balance: b.toString() })))
      .execute();
    await db
      .updateTable("sync_state")
      .set({ total_supply: [...balances.values()].reduce((n, b) => n + b, 0n).toString() })
      .execute();

    await migrate(store.db, chainMigrations);
    const view = createChainReader(store);
    await expectReadsMatch(view, h.transfers);
    const all = (await view.transfers({ limit: 1000 })).items;
    expect(all.length).toBe(h.transfers.length);
    expect(all.map((t) => t.gasFee)).toEqual(all.map((t) => (t.txHash === paid ? 52_000n * 1_000_000_007n : null)));
  });
});
