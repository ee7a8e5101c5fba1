import path from "node:path";
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChainStoreOptions } from "./db";
import type { IndexerEvents } from "./events";
import { createIndexer, type Indexer } from "./indexer";
import { createChainReader, type ChainReader } from "./reader";
import { mineHistory, mineMore, type History } from "./test/history";
import { startRpcProxy } from "./test/rpc-proxy";
import { expectMirrorMatchesChain } from "./test/expect-mirror";
import { pgTestUrl } from "../db/testing";
import { writeLegacyChainDb } from "./test/legacy-chain-db";
import { testStores } from "./test/stores";
import { startVoucherChain, type VoucherChain } from "./test/voucher";

const quiet = { info: () => undefined, warn: () => undefined, error: (m: string) => console.error(m) };

describe("indexer against a real Hardhat node", () => {
  const stores = testStores();
  let chain: VoucherChain;
  let history: History;
  const open: { stop(): Promise<void> }[] = [];
  type Loc = Omit<ChainStoreOptions, "readonly">;

  const indexer = async (loc: Loc, opts: { batchSize?: number; pollMs?: number; rpcUrl?: string } = {}): Promise<Indexer> => {
    const store = await stores.open(loc);
    const ix = createIndexer({
      rpcUrl: chain.node.rpcUrl,
      store,
      token: chain.address,
      fromBlock: chain.deployBlock,
      logger: quiet,
      ...opts,
    });
    open.push(ix);
    return ix;
  };
  const reader = async (loc: Loc): Promise<ChainReader> => createChainReader(await stores.open(loc, true));
  /** An indexer in a child process (test/run-indexer.ts) on `loc`; resolves, once it indexed past `minBlock`, with its SIGKILL. */
  const childIndexer = async (rpcUrl: string, loc: Loc, view: ChainReader, minBlock: number): Promise<() => Promise<void>> => {
    const args = [rpcUrl, loc.dataDir, loc.databaseUrl ?? "", chain.address, String(chain.deployBlock)];
    const child = spawn(process.execPath, ["--import", "tsx", path.join(__dirname, "test", "run-indexer.ts"), ...args], {
      stdio: "ignore",
    });
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const kill = async () => {
      child.kill("SIGKILL");
      await exited;
    };
    const deadline = Date.now() + 60_000;
    while (((await view.indexedHead())?.number ?? 0) < minBlock) {
      if (Date.now() > deadline) {
        await kill();
        throw new Error("the child indexer made no progress");
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    return kill;
  };

  beforeAll(async () => {
    chain = await startVoucherChain();
    history = await mineHistory(chain);
  });

  afterAll(async () => {
    for (const ix of open) await ix.stop();
    await stores.cleanup();
    await chain?.stop();
  });

  it("catches up a pre-mined history: balances, kinds, fees, failed batch items, reverted calls", async () => {
    const loc = await stores.location();
    const view = await reader(loc);
    // The server may open its reader before the indexer has created the store.
    expect(await view.indexedHead()).toBeNull();
    expect(await view.balanceOf(history.alice)).toBe(0n);
    expect(await view.balanceAndHead(history.alice)).toEqual({ balance: 0n, head: null });
    expect((await view.transactions()).total).toBe(0);

    const ix = await indexer(loc, { batchSize: 4 });
    const authorizations: IndexerEvents["authorization"][] = [];
    const transfers: IndexerEvents["transfer"][] = [];
    ix.on("authorization", (a) => authorizations.push(a));
    ix.on("transfer", (t) => transfers.push(t));
    const head = await ix.syncOnce();
    expect(head?.number).toBe(await chain.provider.getBlockNumber());
    await expectMirrorMatchesChain(chain, view, [history.erin]);
    expect(await view.balanceAndHead(history.alice)).toEqual({ balance: await chain.token.balanceOf(history.alice), head: head?.number });
    expect(await view.balanceAndHead(history.erin.toLowerCase())).toEqual({
      balance: await chain.token.balanceOf(history.erin),
      head: head?.number,
    });

    // The gift: value to carol, fee to the collector of the time, in one tx.
    const gift = (await view.transaction(history.gift))!;
    expect(gift.method).toBe("transferWithAuthorization");
    expect(gift.status).toBe(1);
    expect(gift.gasUsed > 0n && gift.gasPrice > 0n).toBe(true);
    expect(gift.transfers.map((t) => [t.kind, t.to, t.value])).toEqual([
      ["transfer", history.carol, 5_000n],
      ["fee", chain.feeCollector, 200n],
    ]);
    // Each leg keeps the transaction's gas fee as the receipt gives it.
    const receipt = (await chain.provider.getTransactionReceipt(history.gift))!;
    expect(gift.transfers.map((t) => t.gasFee)).toEqual([receipt.gasUsed * receipt.gasPrice, receipt.gasUsed * receipt.gasPrice]);
    const used = gift.events.find((e) => e.kind === "auth_used")!;
    expect(used).toMatchObject({ account: history.alice, amount: 5_000n, data: { to: history.carol, value: "5000", fee: "200" } });

    // After setFeeCollector the fee goes to erin and is still a fee.
    expect((await view.transfersByTx(history.afterCollectorChange)).map((t) => [t.kind, t.to])).toEqual([
      ["transfer", history.alice],
      ["fee", history.erin],
    ]);
    expect(await view.feeCollector()).toBe(history.erin);
    expect((await view.transfersByTx(history.toCollector)).map((t) => [t.kind, t.to, t.value])).toEqual([
      ["transfer", history.erin, 200n],
      ["fee", history.erin, 200n],
    ]);

    // The batch: items 0 and 3 moved (with fees), 1 and 2 failed with their reasons.
    expect((await view.transfersByTx(history.batch)).map((t) => t.kind)).toEqual(["transfer", "fee", "transfer", "fee"]);
    const failed = (await view.tokenEvents({ kind: "auth_failed" })).items.sort((a, b) => a.logIndex - b.logIndex);
    expect(failed.map((f) => [f.account, f.data?.index])).toEqual([
      [history.bob, 1],
      [history.carol, 2],
    ]);
    expect(String(failed[0].data?.reason)).toMatch(/^ERC20InsufficientBalance\(/);
    expect(String(failed[1].data?.reason)).toMatch(/^InvalidSignature\(/);
    expect(authorizations.filter((a) => a.txHash === history.batch).map((a) => [a.ok, a.index ?? null])).toEqual([
      [true, null],
      [false, 1],
      [false, 2],
      [true, null],
    ]);

    // Kinds over the whole history.
    const kinds = transfers.reduce<Record<string, number>>((acc, t) => ({ ...acc, [t.kind]: (acc[t.kind] ?? 0) + 1 }), {});
    expect(kinds).toEqual({ mint: 2, transfer: 7, fee: 5, burn: 1 });
    expect((await view.transfersOf(chain.feeCollector, { kinds: ["fee"] })).total).toBe(3);
    expect(await view.countTransfersOf(history.bob, { kinds: ["burn"] })).toBe(1);

    // Reverted calls to the token are recorded with status 0; the reused nonce is reported as failed.
    expect(await view.transaction(history.revertedTransfer)).toMatchObject({ status: 0, method: "transfer", transfers: [], events: [] });
    expect(await view.transaction(history.revertedAuthorization)).toMatchObject({ status: 0, method: "transferWithAuthorization" });
    expect(authorizations.find((a) => a.txHash === history.revertedAuthorization)).toMatchObject({
      ok: false,
      reason: "reverted",
      nonce: history.reusedNonce,
    });
    expect((await view.transactions({ status: 0 })).total).toBe(2);

    // Token events: block then unblock, a cancelled authorization, pause then unpause.
    expect((await view.tokenEvents({ kind: ["block", "unblock"], account: history.dave })).items.map((e) => e.kind)).toEqual([
      "unblock",
      "block",
    ]);
    expect(await view.isBlocked(history.dave)).toBe(false);
    expect(await view.blockedAccounts()).toEqual([]);
    expect((await view.tokenEvents({ kind: "auth_canceled" })).items[0]).toMatchObject({ account: history.carol });
    expect((await view.authorizationEvents(history.alice, history.reusedNonce)).map((e) => [e.kind, e.txHash])).toEqual([
      ["auth_used", history.gift],
    ]);
    expect((await view.tokenEvents({ kind: "mint" })).total).toBe(2);
    expect(await view.isPaused()).toBe(false);

    // Dashboard reads: holders largest first, their sum is the supply; date filters are half-open.
    const holders = await view.holders({ limit: 2 });
    expect(holders.items[0]).toEqual({ address: history.alice, balance: await chain.token.balanceOf(history.alice) });
    expect(holders.items[0].balance >= holders.items[1].balance).toBe(true);
    expect(holders.totalBalance).toBe(await chain.token.totalSupply());
    // carol: received a transfer and the gift, failed in the batch, cancelled a nonce, sent a gift.
    expect((await view.transactions({ address: history.carol })).total).toBe(5);
    const future = new Date(Date.now() + 10 * 365 * 86_400_000);
    expect((await view.transactions({ from: future })).total).toBe(0);
    expect((await view.transactions({ to: future })).total).toBe((await view.transactions()).total);
    const page = await view.transfersOf(history.alice, { limit: 2, offset: 1 });
    expect(page.items).toHaveLength(2);
    expect(page.total).toBe(await view.countTransfersOf(history.alice));
  });

  it("rebuilds the mirror when it belongs to another chain (genesis differs)", async () => {
    const loc = await stores.location();
    const ix = await indexer(loc);
    await ix.syncOnce();
    await ix.stop();
    const raw = await stores.open(loc);
    await raw.db
      .updateTable("sync_state")
      .set({ genesis_hash: `0x${"ab".repeat(32)}` })
      .execute();
    await raw.db
      .insertInto("transfers")
      .values({
        tx_hash: "0xdead",
        log_index: 0,
        block_number: 1,
        from: history.alice,
        to: history.bob,
        value: "5",
        kind: "transfer",
        timestamp: 0,
      })
      .execute();
    const again = await indexer(loc);
    await again.syncOnce();
    const view = await reader(loc);
    expect(await view.transfersByTx("0xdead")).toEqual([]);
    await expectMirrorMatchesChain(chain, view, [history.erin]);
  });

  it.skipIf(pgTestUrl())("adopts a chain.db of the previous version: it is dropped and rebuilt from the chain", async () => {
    const loc = await stores.location();
    writeLegacyChainDb(loc.dataDir, history.alice);
    const view = await reader(loc);
    const ix = await indexer(loc);
    // Migrated on open: the old rows are gone before the first range.
    expect(await view.balanceOf(history.alice)).toBe(0n);
    expect(await view.indexedHead()).toBeNull();
    await ix.syncOnce();
    await expectMirrorMatchesChain(chain, view, [history.erin]);
  });

  it("resumes after a stop mid-way with no gap and no duplicate", async () => {
    const loc = await stores.location();
    const first = await indexer(loc, { batchSize: 2, pollMs: 50 });
    let blocks = 0;
    const stopped = new Promise<void>((resolve) =>
      first.on("block", () => {
        if (++blocks === 5) resolve();
      }),
    );
    first.start();
    await stopped;
    await first.stop();
    const view = await reader(loc);
    const headAtStop = (await view.indexedHead())!.number;
    expect(headAtStop).toBeLessThan(await chain.provider.getBlockNumber());

    await mineMore(chain, 3, 7);
    const second = await indexer(loc, { batchSize: 3 });
    const seen: number[] = [];
    second.on("block", (b) => seen.push(b.number));
    await second.syncOnce();
    // It went on from the block after the stop, exactly once each.
    const head = await chain.provider.getBlockNumber();
    expect(seen).toEqual(Array.from({ length: head - headAtStop }, (_, i) => headAtStop + 1 + i));
    await expectMirrorMatchesChain(chain, view, [history.erin]);
    const raw = await stores.open(loc, true);
    const numbers = (await raw.db.selectFrom("blocks").select("number").orderBy("number").execute()).map((r) => r.number);
    expect(numbers).toEqual(Array.from({ length: head - chain.deployBlock + 1 }, (_, i) => chain.deployBlock + i));
  });

  it("resumes after the indexer process is killed (SIGKILL) mid-catch-up", async () => {
    const loc = await stores.location();
    const proxy = await startRpcProxy(chain.node.rpcUrl, { delayMs: 25 });
    try {
      const view = await reader(loc);
      await (await childIndexer(proxy.url, loc, view, chain.deployBlock + 5))();
      const headAtKill = (await view.indexedHead())!.number;
      expect(headAtKill).toBeLessThan(await chain.provider.getBlockNumber());

      await mineMore(chain, 2, 3);
      await (await indexer(loc, { batchSize: 7 })).syncOnce();
      await expectMirrorMatchesChain(chain, view, [history.erin]);
    } finally {
      await proxy.close();
    }
  });

  it("two indexers writing one store at once (a hand-over between processes) leave it exact", async () => {
    const loc = await stores.location();
    const warnings: string[] = [];
    const store = await stores.open(loc);
    const mine = createIndexer({
      rpcUrl: chain.node.rpcUrl,
      store,
      token: chain.address,
      fromBlock: chain.deployBlock,
      batchSize: 2,
      pollMs: 15,
      logger: { ...quiet, warn: (m) => warnings.push(m) },
    });
    open.push(mine);
    // Both write at once: the child is part-way through the history when this one starts.
    const kill = await childIndexer(chain.node.rpcUrl, loc, await reader(loc), chain.deployBlock + 3);
    try {
      mine.start();
      await mineMore(chain, 6, 5);
      expect(await mine.waitForBlock(await chain.provider.getBlockNumber(), 60_000)).toBe(true);
    } finally {
      await kill();
    }
    await mineMore(chain, 2, 6);
    await mine.syncOnce();
    await expectMirrorMatchesChain(chain, await reader(loc), [history.erin]);
    expect(warnings.filter((w) => !/another indexer wrote to it/.test(w))).toEqual([]);
  });

  it("narrows its ranges when the provider caps eth_getLogs", async () => {
    const proxy = await startRpcProxy(chain.node.rpcUrl, { maxLogRange: 3 });
    try {
      const loc = await stores.location();
      const ix = await indexer(loc, { rpcUrl: proxy.url, batchSize: 50 });
      await ix.syncOnce();
      await expectMirrorMatchesChain(chain, await reader(loc), [history.erin]);
      await ix.stop();
    } finally {
      await proxy.close();
    }
  });

  it("wherever the node goes away in a catch-up, the sync fails with its error and leaves no rejection unhandled; the next one resumes exactly", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    const failed: string[] = [];
    let resumeAt: Loc | null = null;
    try {
      // Ranges of 2 blocks, each read while the one before is written: the node goes away at the 1st request,
      // then the 2nd, … until a catch-up needs fewer requests than that. (On PostgreSQL a write waits on the
      // database, so a read ahead fails during it; SQLite's writes rarely leave it the time.)
      for (let resetFrom = 1; resetFrom <= 80; resetFrom++) {
        const proxy = await startRpcProxy(chain.node.rpcUrl, { resetFrom });
        const loc = await stores.location();
        const ix = await indexer(loc, { rpcUrl: proxy.url, batchSize: 2 });
        const outcome = await ix.syncOnce().then(
          () => "synced",
          (err: Error) => err.message,
        );
        await ix.stop();
        await proxy.close();
        if (outcome === "synced") break;
        failed.push(outcome);
        resumeAt = loc;
      }
      // Let a rejection nobody handled surface (Node reports them after the turn they happen in).
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
    expect(failed.length).toBeGreaterThan(5);
    expect(unhandled).toEqual([]);
    const ix = await indexer(resumeAt!);
    await ix.syncOnce();
    await expectMirrorMatchesChain(chain, await reader(resumeAt!), [history.erin]);
  });

  it("live mode emits a transfer for a new transaction", async () => {
    const loc = await stores.location();
    const ix = await indexer(loc, { pollMs: 50 });
    ix.start();
    expect(await ix.waitForBlock(await chain.provider.getBlockNumber(), 30_000)).toBe(true);
    const got = new Promise<IndexerEvents["transfer"]>((resolve) => ix.on("transfer", resolve));
    const [hash] = await mineMore(chain, 1, 9);
    const t = await got;
    expect(t).toMatchObject({ txHash: hash, kind: "mint", from: "0x0000000000000000000000000000000000000000", value: "9001" });
    expect(await ix.waitForBlock(t.blockNumber, 5_000)).toBe(true);
    const view = await reader(loc);
    expect((await view.transaction(hash))?.transfers[0].value).toBe(9001n);
  });
});
