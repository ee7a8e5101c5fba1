import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FatalError } from "./errors";
import type { IndexerEvents } from "./events";
import { createChainReader, type ChainReader } from "./reader";
import { mineHistory, mineMore, type History } from "./test/history";
import { expectMirrorMatchesChain } from "./test/expect-mirror";
import { testStores } from "./test/stores";
import { signAuthorization, startVoucherChain, type VoucherChain } from "./test/voucher";
import { startIndexerWorker, type IndexerWorker } from "./worker";

const quiet = { info: () => undefined, warn: () => undefined, error: (m: string) => console.error(m) };

/** The indexer on its worker thread (what server/stack.ts runs), seen from the thread that started it. */
describe("indexer worker thread", () => {
  const stores = testStores();
  let chain: VoucherChain;
  let history: History;
  const open: IndexerWorker[] = [];

  const worker = async (opts: { pollMs?: number; batchSize?: number } = {}) => {
    const location = await stores.location();
    const ix = startIndexerWorker({
      rpcUrl: chain.node.rpcUrl,
      location,
      token: chain.address,
      fromBlock: chain.deployBlock,
      logger: quiet,
      ...opts,
    });
    open.push(ix);
    return { ix, location };
  };
  const reader = async (location: Awaited<ReturnType<typeof stores.location>>): Promise<ChainReader> =>
    createChainReader(await stores.open(location, true));

  beforeAll(async () => {
    chain = await startVoucherChain();
    history = await mineHistory(chain);
  });

  afterAll(async () => {
    for (const ix of open) await ix.stop();
    await stores.cleanup();
    await chain?.stop();
  });

  it("catches up on its own thread; its events, head and waitForBlock reach this thread", async () => {
    const { ix, location } = await worker({ batchSize: 3 });
    const transfers: IndexerEvents["transfer"][] = [];
    const authorizations: IndexerEvents["authorization"][] = [];
    const blocks: number[] = [];
    const headAtBlock: (number | undefined)[] = [];
    ix.on("transfer", (t) => transfers.push(t));
    ix.on("authorization", (a) => authorizations.push(a));
    ix.on("block", (b) => {
      blocks.push(b.number);
      headAtBlock.push(ix.head()?.number);
    });
    await ix.ready;
    expect(ix.head()).toBeNull();

    const chainHead = await chain.provider.getBlockNumber();
    const head = await ix.syncOnce();
    expect(head).toEqual({ number: chainHead, hash: (await chain.provider.getBlock(chainHead))!.hash });
    expect(ix.head()).toEqual(head);
    // Every block once, in order; a block listener already sees the head at that block.
    expect(blocks).toEqual(Array.from({ length: chainHead - chain.deployBlock + 1 }, (_, i) => chain.deployBlock + i));
    expect(headAtBlock).toEqual(blocks);
    const view = await reader(location);
    await expectMirrorMatchesChain(chain, view, [history.erin]);
    expect(transfers.filter((t) => t.txHash === history.gift).map((t) => [t.kind, t.to, t.value])).toEqual([
      ["transfer", history.carol, "5000"],
      ["fee", chain.feeCollector, "200"],
    ]);
    expect(authorizations.filter((a) => a.txHash === history.batch).map((a) => [a.ok, a.index ?? null])).toEqual([
      [true, null],
      [false, 1],
      [false, 2],
      [true, null],
    ]);

    // Live: a new head arrives over the node's WebSocket long before the (very slow) poll.
    await ix.stop();
    const live = startIndexerWorker({
      rpcUrl: chain.node.rpcUrl,
      location,
      token: chain.address,
      fromBlock: chain.deployBlock,
      logger: quiet,
      pollMs: 60_000,
    });
    open.push(live);
    await live.syncOnce();
    live.start();
    await new Promise((r) => setTimeout(r, 300));
    const [minted] = await mineMore(chain, 1, 7);
    const n = (await chain.provider.getTransactionReceipt(minted))!.blockNumber;
    expect(await live.waitForBlock(n, 10_000)).toBe(true);
    expect((await view.transaction(minted))?.method).toBe("mint");
    await live.stop();
    expect(live.head()).toBeNull();
    await expect(live.syncOnce()).rejects.toThrow(/stopped/);
  });

  it("reads receipts when a block holds several transactions (the header cannot stand in for one)", async () => {
    const [alice, bob, carol] = chain.users;
    await chain.provider.send("evm_setAutomine", [false]);
    try {
      const a = await signAuthorization(chain, alice, { to: bob.address, value: 10n, fee: 1n });
      const b = await signAuthorization(chain, bob, { to: carol.address, value: 20n, fee: 2n });
      // Both in the pool (sent, not mined), then one block with both.
      const submit = (x: typeof a) =>
        chain.token.transferWithAuthorization(x.from, x.to, x.value, x.fee, x.validAfter, x.validBefore, x.nonce, x.v, x.r, x.s, {
          gasLimit: 300_000,
        });
      const sent = [await submit(a), await submit(b)];
      await chain.provider.send("evm_mine", []);
      const receipts = await Promise.all(sent.map((t) => t.wait()));
      expect(receipts[0]!.blockNumber).toBe(receipts[1]!.blockNumber);
    } finally {
      await chain.provider.send("evm_setAutomine", [true]);
    }
    const { ix, location } = await worker();
    await ix.syncOnce();
    await expectMirrorMatchesChain(chain, await reader(location), [history.erin]);
  });

  it("a fatal error on its thread reaches this one as a fatal 'error' event", async () => {
    // A JSON-RPC endpoint that answers 404: a configuration error, not worth retrying.
    const srv = http.createServer((_req, res) => res.writeHead(404).end());
    await new Promise<void>((r) => srv.listen(0, "127.0.0.1", () => r()));
    try {
      const url = `http://127.0.0.1:${(srv.address() as { port: number }).port}`;
      const ix = startIndexerWorker({
        rpcUrl: url,
        location: await stores.location(),
        token: chain.address,
        fromBlock: chain.deployBlock,
        logger: quiet,
        wsUrl: null,
      });
      open.push(ix);
      const errors: IndexerEvents["error"][] = [];
      ix.on("error", (e) => errors.push(e));
      await expect(ix.syncOnce()).rejects.toBeInstanceOf(FatalError);
      ix.start();
      const deadline = Date.now() + 10_000;
      while (errors.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(errors[0]?.fatal).toBe(true);
      expect(errors[0]?.error).toBeInstanceOf(FatalError);
      expect(errors[0]?.error.message).toMatch(/HTTP 404/);
    } finally {
      srv.close();
    }
  });

  it("a store it cannot open fails its calls instead of hanging", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "krw-worker-")), "not-a-dir");
    fs.writeFileSync(file, "");
    const ix = startIndexerWorker({
      rpcUrl: chain.node.rpcUrl,
      location: { dataDir: file, databaseUrl: null },
      token: chain.address,
      fromBlock: chain.deployBlock,
      logger: quiet,
    });
    open.push(ix);
    await expect(ix.ready).rejects.toThrow();
    await expect(ix.syncOnce()).rejects.toThrow();
  });
});
