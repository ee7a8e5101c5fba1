import { ethers } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRigStack, type RigStack } from "../../test/rig-stack";
import { createRelayer, type Relayer } from "./relayer";
import { worstCaseGas } from "./batch";

/**
 * The gas a batch declares on an external chain (issue 54): a block takes transactions by the gas they declare, so a
 * batch declares the node's estimate with a margin, not every row's worst case; and a batch that runs out of gas
 * anyway moves nothing, so its rows go out again instead of failing. Anvil on the rig (1 s blocks, RPC_URL).
 */
describe("a batch's gas on an external chain", () => {
  let h: RigStack;
  let treasury: string;

  beforeAll(async () => {
    h = await startRigStack();
    treasury = (await h.s.ctx.custody.byKind("treasury"))!.address;
  }, 180_000);
  afterAll(async () => {
    await h?.stop();
  });

  /** Seed moves from the treasury to new addresses (each recipient's balance written from zero: a row's dearest case). */
  async function seeds(n: number, value: number) {
    const rows = [];
    for (let i = 0; i < n; i++)
      rows.push(await h.s.ctx.outbox.send({ kind: "seed", from: treasury, to: ethers.Wallet.createRandom().address, value }));
    return rows;
  }

  /** Runs `fn` with a relayer of its own in place of the stack's (same store, keys and chain). */
  async function withRelayer(opts: { declare?: (estimate: bigint) => bigint }, fn: (r: Relayer) => Promise<void>) {
    const c = h.s.ctx;
    await c.relayer.stop();
    const own = createRelayer({ db: c.db, custody: c.custody, chain: c.chain, ...opts });
    try {
      await fn(own);
    } finally {
      await own.stop();
      c.relayer.start();
    }
  }

  const txOf = async (hash: string) => {
    const [tx, receipt] = await Promise.all([
      h.s.ctx.chain.provider.getTransaction(hash),
      h.s.ctx.chain.provider.getTransactionReceipt(hash),
    ]);
    return { limit: tx!.gasLimit, used: receipt!.gasUsed, status: receipt!.status };
  };

  it("declares the estimate with its margin, far under the worst case, and is enough", async () => {
    await withRelayer({}, async (relayer) => {
      const rows = await seeds(20, 1_000);
      relayer.start();
      const done = await Promise.all(rows.map((r) => relayer.waitFor(r.id, 60_000)));
      expect(done.map((r) => r.status)).toEqual(rows.map(() => "confirmed"));
      const hashes = [...new Set(done.map((r) => r.tx_hash!))];
      for (const hash of hashes) {
        const carried = done.filter((r) => r.tx_hash === hash).length;
        const { limit, used, status } = await txOf(hash);
        expect(status).toBe(1);
        expect(used).toBeLessThan(limit);
        // Every row here is a dearest case (a new recipient): the worst case declares 2.5× what the batch used (3.2×
        // for gifts between funded members); the estimate with its margin stays within 1.5×.
        expect(limit).toBeLessThan(worstCaseGas(carried));
        expect(limit * 2n).toBeLessThan(used * 3n);
      }
      expect(await h.usesOnChain(rows.map((r) => r.id))).toEqual(rows.map(() => 1));
    });
  }, 120_000);

  it("a batch that runs out of gas moves nothing; its rows go out again and are confirmed once", async () => {
    let first = true;
    // The first batch declares too little to carry its rows (more than the transaction's intrinsic gas, so it is mined).
    const declare = (estimate: bigint) => (first ? ((first = false), 60_000n) : (estimate * 125n) / 100n + 25_000n);
    await withRelayer({ declare }, async (relayer) => {
      const rows = await seeds(3, 700);
      relayer.start();
      const done = await Promise.all(rows.map((r) => relayer.waitFor(r.id, 90_000)));
      expect(done.map((r) => r.status)).toEqual(["confirmed", "confirmed", "confirmed"]);
      expect(first).toBe(false);
      // The reverted batch is on chain, out of gas; the rows name the transaction that carried them.
      const latest = await h.s.ctx.chain.provider.getBlockNumber();
      const reverted = [];
      for (let b = latest; b > latest - 30 && reverted.length === 0; b--) {
        const block = await h.s.ctx.chain.provider.getBlock(b, false);
        for (const hash of block?.transactions ?? []) {
          const t = await txOf(hash);
          if (t.status === 0) reverted.push({ hash, ...t });
        }
      }
      expect(reverted).toHaveLength(1);
      expect(reverted[0].used).toBe(reverted[0].limit);
      expect(done.map((r) => r.tx_hash)).not.toContain(reverted[0].hash);
      expect(await h.usesOnChain(rows.map((r) => r.id))).toEqual([1, 1, 1]);
    });
    await h.reconciled();
  }, 150_000);
});
