import { afterAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { migrate, openStore } from "../db/open";
import { pgTestUrl } from "../db/testing";
import { StaleHeadError } from "./errors";
import { createChainReader } from "./reader";
import { createStore } from "./store";
import { testStores } from "./test/stores";

const alice = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

describe("chain store", () => {
  const stores = testStores();
  afterAll(() => stores.cleanup());

  it("a reader opened before the indexer created the store reads an empty chain, then the indexed one", async () => {
    const loc = await stores.location();
    const view = createChainReader(await stores.open(loc, true));
    expect(await view.balanceAndHead(alice)).toEqual({ balance: 0n, head: null });
    expect(await view.holders()).toEqual({ items: [], total: 0, totalBalance: 0n });
    expect(await view.syncState()).toBeNull();

    const writer = createStore(await stores.open(loc));
    await writer.init({ chainId: 31337, genesisHash: `0x${"11".repeat(32)}`, token: alice, deployBlock: 1 });
    const block = { number: 1, hash: `0x${"aa".repeat(32)}`, parent_hash: `0x${"bb".repeat(32)}`, timestamp: 1_700_000_000 };
    // 2^200: far past a JS number, exact through the store on both dialects.
    const big = (2n ** 200n).toString();
    const zero = "0x0000000000000000000000000000000000000000";
    const mint = {
      tx_hash: "0x01",
      log_index: 0,
      block_number: 1,
      from: zero,
      to: alice,
      value: big,
      kind: "mint" as const,
      timestamp: block.timestamp,
      gas_fee: null,
    };
    const range = { blocks: [block], transactions: [], transfers: [mint], tokenEvents: [], authorizations: [], feeCollector: null };
    await writer.applyRange(range, block, null);
    // A range that does not extend the stored head (another writer moved it) writes nothing.
    const block2 = { number: 2, hash: `0x${"cc".repeat(32)}`, parent_hash: block.hash, timestamp: block.timestamp + 1 };
    const mint2 = { ...mint, tx_hash: "0x02", block_number: 2 };
    await expect(writer.applyRange({ ...range, blocks: [block2], transfers: [mint2] }, block2, null)).rejects.toThrow(StaleHeadError);
    expect(await view.balanceAndHead(alice)).toEqual({ balance: 2n ** 200n, head: 1 });
    // A transfer already stored (same tx and log index) is never counted twice.
    await writer.applyRange({ ...range, blocks: [block2], transfers: [mint, mint2] }, block2, block.hash);
    expect(await view.balanceAndHead(alice)).toEqual({ balance: 2n ** 201n, head: 2 });
    expect(await view.totalSupply()).toBe(2n ** 201n);
    await writer.rollbackTo(1, block2.hash);
    expect(await view.balanceAndHead(alice)).toEqual({ balance: 2n ** 200n, head: 1 });
    expect(await view.totalSupply()).toBe(2n ** 200n);
    expect((await view.holders()).items).toEqual([{ address: alice, balance: 2n ** 200n }]);
    await expect(writer.rollbackTo(0, block2.hash)).rejects.toThrow(StaleHeadError);
    const { removedTxHashes } = await writer.rollbackTo(0, block.hash);
    expect(removedTxHashes).toEqual([]);
    expect(await view.balanceAndHead(alice)).toEqual({ balance: 0n, head: null });
    expect(await view.totalSupply()).toBe(0n);
  });

  it.skipIf(!pgTestUrl())("migrates in a PostgreSQL database whose app schema already has Kysely's migration tables", async () => {
    const loc = await stores.location();
    const app = await openStore<any>({ kind: "postgres", url: loc.databaseUrl!, schema: "app" });
    try {
      await migrate(app.db, { "2026-01-01-meta": { up: (db) => db.schema.createTable("meta").addColumn("key", "text").execute() } });
    } finally {
      await app.close();
    }
    const chain = await stores.open(loc);
    expect(await chain.db.selectFrom("sync_state").selectAll().execute()).toEqual([]);
  });

  it.skipIf(!pgTestUrl())("compares hex keys bytewise on PostgreSQL (collation C), whatever the database's locale", async () => {
    const loc = await stores.location();
    const chain = await stores.open(loc);
    const { rows } = await sql<{ table_name: string; column_name: string; collation_name: string | null }>`
      SELECT table_name, column_name, collation_name FROM information_schema.columns
      WHERE table_schema = 'chain' AND column_name IN ('tx_hash', 'from', 'to', 'hash', 'address', 'account')`.execute(chain.db);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.filter((r) => r.collation_name !== "C")).toEqual([]);
  });
});
