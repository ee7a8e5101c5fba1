import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IndexerEvents } from "./events";
import { createIndexer, type Indexer } from "./indexer";
import { createChainReader, type ChainReader } from "./reader";
import { mineMore } from "./test/history";
import { expectMirrorMatchesChain } from "./test/expect-mirror";
import { testStores } from "./test/stores";
import { signAuthorization, startVoucherChain, submitAuthorization, type VoucherChain } from "./test/voucher";

const quiet = { info: () => undefined, warn: () => undefined, error: (m: string) => console.error(m) };

/** Reorgs made on a real node with evm_snapshot / evm_revert, then different transactions. */
describe("indexer reorgs", () => {
  const stores = testStores();
  let chain: VoucherChain;
  let ix: Indexer;
  let view: ChainReader;
  const reorgs: IndexerEvents["reorg"][] = [];

  const snapshot = (): Promise<string> => chain.provider.send("evm_snapshot", []);
  const revert = async (id: string) => expect(await chain.provider.send("evm_revert", [id])).toBe(true);
  const removedEverywhere = async (hashes: string[]) => {
    for (const h of hashes) {
      expect(await view.transaction(h)).toBeNull();
      expect(await view.transfersByTx(h)).toEqual([]);
    }
  };

  beforeAll(async () => {
    chain = await startVoucherChain();
    for (const u of chain.users) await (await chain.token.mint(u.address, 10_000n)).wait();
    const loc = await stores.location();
    const store = await stores.open(loc);
    ix = createIndexer({
      rpcUrl: chain.node.rpcUrl,
      store,
      token: chain.address,
      fromBlock: chain.deployBlock,
      logger: quiet,
      batchSize: 5,
    });
    ix.on("reorg", (r) => reorgs.push(r));
    view = createChainReader(await stores.open(loc, true));
    await ix.syncOnce();
  });

  afterAll(async () => {
    await ix?.stop();
    await stores.cleanup();
    await chain?.stop();
  });

  it("a shorter branch: rolls back to the common ancestor, drops the orphaned rows", async () => {
    const base = await chain.provider.getBlockNumber();
    const id = await snapshot();
    const [alice, bob, carol] = chain.users;
    const orphaned = [
      ...(await mineMore(chain, 2, 5)),
      (await submitAuthorization(chain, await signAuthorization(chain, alice, { to: bob.address, value: 300n, fee: 200n })))!.hash,
    ];
    await ix.syncOnce();
    expect((await view.transaction(orphaned[2]))?.transfers).toHaveLength(2);

    await revert(id);
    const replacing = await mineMore(chain, 1, 8);
    const head = await ix.syncOnce();
    expect(head?.number).toBe(base + 1);
    expect(reorgs.at(-1)).toMatchObject({ commonAncestor: base, depth: 3 });
    expect(reorgs.at(-1)!.removedTxHashes).toEqual(orphaned);
    await removedEverywhere(orphaned);
    expect((await view.transaction(replacing[0]))?.status).toBe(1);
    await expectMirrorMatchesChain(chain, view, [carol.address]);
  });

  it("a longer branch: the new block's parentHash gives it away", async () => {
    const base = await chain.provider.getBlockNumber();
    const id = await snapshot();
    const orphaned = await mineMore(chain, 2, 3);
    await ix.syncOnce();
    await revert(id);
    const [, bob, carol] = chain.users;
    await (await chain.token.blockAccount(carol.address)).wait();
    const replacing = [
      ...(await mineMore(chain, 2, 4)),
      (await submitAuthorization(chain, await signAuthorization(chain, bob, { to: chain.users[3].address, value: 42n, fee: 200n })))!.hash,
    ];
    await ix.syncOnce();
    expect(reorgs.at(-1)).toMatchObject({ commonAncestor: base, depth: 2, removedTxHashes: orphaned });
    await removedEverywhere(orphaned);
    for (const h of replacing) expect((await view.transaction(h))?.status).toBe(1);
    expect(await view.isBlocked(carol.address)).toBe(true);
    await expectMirrorMatchesChain(chain, view);
  });

  it("the same height with a different block, and an unblock that a reorg takes back", async () => {
    const carol = chain.users[2].address;
    const base = await chain.provider.getBlockNumber();
    const id = await snapshot();
    await (await chain.token.unblockAccount(carol)).wait();
    await ix.syncOnce();
    expect(await view.isBlocked(carol)).toBe(false);
    await revert(id);
    await mineMore(chain, 1, 6);
    await ix.syncOnce();
    expect(reorgs.at(-1)).toMatchObject({ commonAncestor: base, depth: 1 });
    expect(await view.isBlocked(carol)).toBe(true);
    expect((await view.indexedHead())?.hash).toBe((await chain.provider.getBlock("latest"))!.hash);
    await expectMirrorMatchesChain(chain, view);
  });

  // carol (users[2]) stays blocked from here on: mints below go to others.
  it("a reorg seen by the live loop", async () => {
    const base = await chain.provider.getBlockNumber();
    const id = await snapshot();
    const liveLoc = await stores.location();
    const live = createIndexer({
      rpcUrl: chain.node.rpcUrl,
      store: await stores.open(liveLoc),
      token: chain.address,
      fromBlock: chain.deployBlock,
      logger: quiet,
      pollMs: 30,
    });
    const seen = new Promise<IndexerEvents["reorg"]>((resolve) => live.on("reorg", resolve));
    live.start();
    const orphaned = await mineMore(chain, 3, 3);
    expect(await live.waitForBlock(base + 3, 10_000)).toBe(true);
    await revert(id);
    const replacing = await mineMore(chain, 1, 9);
    expect(await seen).toMatchObject({ commonAncestor: base, depth: 3 });
    const got = await new Promise<string>((resolve) => {
      const check = () => (live.head()?.number === base + 1 ? resolve(live.head()!.hash) : setTimeout(check, 30));
      check();
    });
    expect(got).toBe((await chain.provider.getBlock(base + 1))!.hash);
    await live.stop();
    const liveView = createChainReader(await stores.open(liveLoc, true));
    for (const h of orphaned) expect(await liveView.transaction(h)).toBeNull();
    expect((await liveView.transaction(replacing[0]))?.status).toBe(1);
    await expectMirrorMatchesChain(chain, liveView);
  });

  it("a reorg below the finalized block stops the indexer with a fatal error instead of rewriting it", async () => {
    const loc = await stores.location();
    const strict = createIndexer({
      rpcUrl: chain.node.rpcUrl,
      store: await stores.open(loc),
      token: chain.address,
      fromBlock: chain.deployBlock,
      logger: quiet,
      finalityDepth: 1,
    });
    await strict.syncOnce();
    const id = await snapshot();
    await chain.provider.send("hardhat_mine", ["0x3"]);
    await strict.syncOnce();
    await revert(id);
    // A different branch: a mint where the dropped branch had empty blocks, then more blocks on top.
    await (await chain.token.mint(chain.users[0].address, 123n)).wait();
    await chain.provider.send("hardhat_mine", ["0x4"]);
    await expect(strict.syncOnce()).rejects.toThrow(/below the finalized block/);
    await strict.stop();
    // The default indexer (64 blocks of finality) takes the same reorg in its stride.
    await ix.syncOnce();
    await expectMirrorMatchesChain(chain, view);
  });
});
