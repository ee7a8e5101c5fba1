import { ethers } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRigStack, type RigStack } from "../../test/rig-stack";
import { memberByPhone } from "../../records/members.repo";
import { hashFamily } from "../tx-replacements.repo";
import { createRelayer, type Relayer } from "./relayer";
import { worstCaseGas } from "./batch";

/**
 * The relayer on an external chain (issue 38): an Anvil node mining a block a second, reached only through RPC_URL,
 * with the faults a remote chain makes (server/test/rig-stack.ts; CONFIRMATIONS=3, deeper than the 2-block reorg
 * below). The product's other moves on the rig: external-chain-ops.test.ts.
 */
describe("an external chain (Anvil, 1 s blocks, RPC_URL): dropped, underpriced, reorged, restarted, a batch's gas", () => {
  let h: RigStack;
  let toAddress: string;
  let giverToken: string;

  beforeAll(async () => {
    h = await startRigStack();
    const s = h.s;
    toAddress = (await h.s.ctx.custody.memberWallet((await memberByPhone(h.s.ctx.db, "01033334444"))!.id))!.address;
    giverToken = await s.loginUser("01011112222", "111111");
    // The giver gets enough for the gifts below (a seed move from the treasury, as the demo's own).
    const giver = (await h.s.ctx.custody.memberWallet((await memberByPhone(h.s.ctx.db, "01011112222"))!.id))!.address;
    const treasury = (await h.s.ctx.custody.byKind("treasury"))!.address;
    const topUp = await h.s.ctx.outbox.send({ kind: "seed", from: treasury, to: giver, value: 200_000 });
    h.s.ctx.relayer.kick();
    expect((await h.s.ctx.relayer.waitFor(topUp.id, 60_000)).status).toBe("confirmed");
    await s.waitIndexed();
  }, 180_000);
  afterAll(async () => {
    await h?.stop();
  });

  const balanceOf = async (a: string) => BigInt(await h.s.ctx.chain.token.balanceOf(a));
  const gift = (value: number) =>
    h.s.call("POST", "/api/gift/trade/address", {
      token: giverToken,
      body: { opponentAddress: toAddress, kind: 0, type: 1, value, password: "111111" },
    });
  const { until, resolvedAndReconciled, usesOnChain } = {
    until: <T>(what: string, fn: () => Promise<T | null | undefined | false>, ms?: number) => h.until(what, fn, ms),
    resolvedAndReconciled: (ids: number[]) => h.resolvedAndReconciled(ids),
    usesOnChain: (ids: number[]) => h.usesOnChain(ids),
  };

  it("a transaction dropped from the pool is sent again and confirmed once", async () => {
    const before = await balanceOf(toAddress);
    await h.rig.pauseMining();
    const answer = gift(1_000);
    const submitted = await until("the gift's transaction in the pool", async () => {
      const [row] = await h.s.ctx.db.selectFrom("outbox_transfers").selectAll().where("status", "=", "submitted").execute();
      return row && (await h.rig.rpc("eth_getTransactionByHash", [row.tx_hash])) ? row : null;
    });
    await h.rig.dropAll();
    expect(await h.rig.rpc("eth_getTransactionByHash", [submitted.tx_hash])).toBeNull();
    await h.rig.resumeMining();
    const res = await answer;
    expect(res.code).toBe(200);
    await resolvedAndReconciled([submitted.id]);
    expect(await balanceOf(toAddress)).toBe(before + 1_000n);
    expect(await usesOnChain([submitted.id])).toEqual([1]);
  }, 120_000);

  it("one underpriced transaction followed by 100 gifts: all confirmed, in order, none twice", async () => {
    const before = await balanceOf(toAddress);
    await h.rig.pauseMining();
    const first = gift(300);
    const stuck = await until("the first gift in the pool", async () => {
      const [row] = await h.s.ctx.db.selectFrom("outbox_transfers").selectAll().where("status", "=", "submitted").execute();
      return row && (await h.rig.rpc("eth_getTransactionByHash", [row.tx_hash])) ? row : null;
    });
    // The next block's base fee is far above what the transaction offers: the node evicts it, and every later
    // nonce of the account waits behind it.
    await h.rig.spikeBaseFee(200n * 10n ** 9n);
    await h.rig.resumeMining();
    const answers = [first];
    for (let i = 0; i < 100; i++) {
      answers.push(gift(300 + 100 * (i % 3)));
      if (i % 10 === 9) await new Promise((r) => setTimeout(r, 150));
    }
    const results = await Promise.all(answers);
    expect(results.map((r) => r.code)).toEqual(results.map(() => 200));
    const ids = results.map((r) => r.data.id as number);
    await resolvedAndReconciled(ids);
    const rows = await Promise.all(ids.map((id) => h.s.ctx.outbox.get(id)));
    // In order: a later row never in an earlier block.
    const byId = [...rows].sort((a, b) => a!.id - b!.id);
    for (let i = 1; i < byId.length; i++) expect(byId[i]!.block_number!).toBeGreaterThanOrEqual(byId[i - 1]!.block_number!);
    expect((await usesOnChain(ids)).every((n) => n === 1)).toBe(true);
    const total = results.reduce((n, _r, i) => n + (i === 0 ? 300 : 300 + 100 * ((i - 1) % 3)), 0);
    expect(await balanceOf(toAddress)).toBe(before + BigInt(total));
    // The stuck transaction was replaced, with both hashes on record, and the row names the one that landed.
    const replaced = await h.s.ctx.db.selectFrom("tx_replacements").selectAll().where("old_hash", "=", stuck.tx_hash).execute();
    expect(replaced.length).toBeGreaterThan(0);
    const landed = (await h.s.ctx.outbox.get(stuck.id))!;
    expect(await h.s.ctx.chain.provider.getTransactionReceipt(landed.tx_hash!)).not.toBeNull();
    expect(landed.tx_hash).not.toBe(stuck.tx_hash);
  }, 180_000);

  it("a reorg two blocks deep under traffic: every answered gift on chain exactly once, nothing reversed", async () => {
    const before = await balanceOf(toAddress);
    const answers = [];
    let hit: { id: number; hash: string; blockHash: string } | null = null;
    for (let i = 0; i < 30; i++) {
      answers.push(gift(300 + 100 * (i % 2)));
      if (i === 15) {
        // A gift is mined in one of the two newest blocks (not yet 3 deep: not yet in the books); then those two
        // blocks are replaced by blocks without their transactions.
        hit = await until("a gift in the newest blocks", async () => {
          const head = await h.rig.blockNumber();
          const rows = await h.s.ctx.db.selectFrom("outbox_transfers").selectAll().where("status", "=", "submitted").execute();
          for (const r of rows) {
            const rc = await h.s.ctx.chain.provider.getTransactionReceipt(r.tx_hash!);
            if (rc && rc.blockNumber >= head - 1) return { id: r.id, hash: rc.hash, blockHash: rc.blockHash };
          }
          return null;
        });
        await h.rig.reorg(2);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const results = await Promise.all(answers);
    expect(results.map((r) => r.code)).toEqual(results.map(() => 200));
    const ids = results.map((r) => r.data.id as number);
    await resolvedAndReconciled(ids);
    expect((await usesOnChain(ids)).every((n) => n === 1)).toBe(true);
    const total = results.reduce((n, _r, i) => n + 300 + 100 * (i % 2), 0);
    expect(await balanceOf(toAddress)).toBe(before + BigInt(total));
    const failed = await h.s.ctx.db.selectFrom("outbox_transfers").select("id").where("status", "=", "failed").execute();
    expect(failed).toEqual([]);
    // The gift whose block was dropped: its transaction sent again and mined in another block, recorded once.
    const row = (await h.s.ctx.outbox.get(hit!.id))!;
    const receipt = (await h.s.ctx.chain.provider.getTransactionReceipt(row.tx_hash!))!;
    expect(receipt.blockHash).not.toBe(hit!.blockHash);
    expect(row.block_number).toBe(receipt.blockNumber);
  }, 180_000);

  it("a restart finds the transaction it had in flight (from its records and the node's pool): not sent twice, not skipped", async () => {
    const before = await balanceOf(toAddress);
    await h.rig.pauseMining();
    // The request is cut by the stop (its answer may never come): the records and the node must tell.
    const answer = gift(300).catch(() => null);
    const inFlight = await until("the gift's transaction in the pool", async () => {
      const [row] = await h.s.ctx.db.selectFrom("outbox_transfers").selectAll().where("status", "=", "submitted").execute();
      return row && (await h.rig.rpc("eth_getTransactionByHash", [row.tx_hash])) ? row : null;
    });
    const grace = process.env.SHUTDOWN_GRACE_MS;
    process.env.SHUTDOWN_GRACE_MS = "1000";
    try {
      h.s = await h.s.restart({ beforeStart: () => answer.then(() => undefined) });
    } finally {
      if (grace === undefined) delete process.env.SHUTDOWN_GRACE_MS;
      else process.env.SHUTDOWN_GRACE_MS = grace;
    }
    // The new process adopted it: still submitted under its hash (or a recorded replacement of it, mining being paused
    // longer than TX_REPLACE_AFTER_MS), not requeued into a second transaction.
    const family = await hashFamily(h.s.ctx.db, inFlight.tx_hash!);
    const now = (await h.s.ctx.outbox.get(inFlight.id))!;
    expect(now.status).toBe("submitted");
    expect(family).toContain(now.tx_hash);
    await h.rig.resumeMining();
    await resolvedAndReconciled([inFlight.id]);
    expect(await hashFamily(h.s.ctx.db, inFlight.tx_hash!)).toContain((await h.s.ctx.outbox.get(inFlight.id))!.tx_hash);
    expect(await usesOnChain([inFlight.id])).toEqual([1]);
    expect(await balanceOf(toAddress)).toBe(before + 300n);
  }, 120_000);

  // The gas a batch declares (issue 54): a block takes transactions by the gas they declare, so a batch declares the
  // gas it uses with a margin, not every row's worst case; and a batch that runs out of gas anyway moves nothing, so
  // its rows go out again instead of failing.
  /** Seed moves from the treasury to new addresses (each recipient's balance written from zero: a row's dearest case). */
  async function seeds(n: number, value: number) {
    const treasury = (await h.s.ctx.custody.byKind("treasury"))!.address;
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

  it("declares the gas it uses with its margin, far under the worst case, and it is enough", async () => {
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
