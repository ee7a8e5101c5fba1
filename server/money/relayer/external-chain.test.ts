import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ethers } from "ethers";
import { startTestStack, type TestStack } from "../../test/harness";
import { startAnvilRig, type AnvilRig } from "../../../chain/anvil-rig";
import { memberByPhone } from "../../features/members/members.repo";
import { reconcile } from "../../features/dashboard/reconcile";
import { Msg } from "../../../domain/messages";
import { hashFamily } from "../tx-replacements.repo";
import { requestBuy } from "../../features/purchases/purchases.service";
import { proposeAndApprove } from "../../test/proposals";

/**
 * The product on an external chain (issue 38): an Anvil node mining a block a second, reached only through RPC_URL,
 * with the faults a remote chain makes. CONFIRMATIONS=3: the books record a transaction once it is 3 blocks deep,
 * deeper than the 2-block reorg below.
 */
describe("an external chain (Anvil, 1 s blocks, RPC_URL)", () => {
  let rig: AnvilRig;
  let s: TestStack;
  let sender: string;
  let toAddress: string;
  let giverToken: string;

  beforeAll(async () => {
    rig = await startAnvilRig({ blockTime: 1 });
    const operator = ethers.Wallet.createRandom();
    sender = operator.address;
    await rig.setBalance(operator.address, 10n ** 21n);
    s = await startTestStack({
      rpcUrl: rig.rpcUrl,
      operatorPrivateKey: operator.privateKey,
      logLevel: process.env.TEST_LOG ?? "silent",
      lifecycle: { confirmations: 3, replaceAfterMs: 4_000, maxReplacements: 20, maxFeeCap: 10_000n * 10n ** 9n },
    });
    toAddress = (await s.ctx.custody.memberWallet((await memberByPhone(s.ctx.db, "01033334444"))!.id))!.address;
    giverToken = await s.loginUser("01011112222", "111111");
    // The giver gets enough for the gifts below (a seed move from the treasury, as the demo's own).
    const giver = (await s.ctx.custody.memberWallet((await memberByPhone(s.ctx.db, "01011112222"))!.id))!.address;
    const treasury = (await s.ctx.custody.byKind("treasury"))!.address;
    const topUp = await s.ctx.outbox.send({ kind: "seed", from: treasury, to: giver, value: 200_000 });
    s.ctx.relayer.kick();
    expect((await s.ctx.relayer.waitFor(topUp.id, 60_000)).status).toBe("confirmed");
    await s.waitIndexed();
  }, 180_000);
  afterAll(async () => {
    await s?.stop();
    await rig?.stop();
  });

  const balanceOf = async (a: string) => BigInt(await s.ctx.chain.token.balanceOf(a));
  const gift = (value: number) =>
    s.call("POST", "/api/gift/trade/address", {
      token: giverToken,
      body: { opponentAddress: toAddress, kind: 0, type: 1, value, password: "111111" },
    });
  async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 60_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = await fn();
      if (v) return v;
      if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  /** Waits until the rows are confirmed (deep enough), then checks the books against the chain with mining paused. */
  async function settledAndReconciled(ids: number[]) {
    await until(
      "rows confirmed",
      async () => {
        const rows = await Promise.all(ids.map((id) => s.ctx.outbox.get(id)));
        return rows.every((r) => r?.status === "confirmed");
      },
      90_000,
    );
    await rig.pauseMining();
    try {
      await s.waitIndexed();
      const report = await reconcile({ db: s.ctx.db, view: s.ctx.view, token: s.ctx.chain.token, provider: s.ctx.chain.provider });
      expect(report.lines.filter((l) => !l.ok)).toEqual([]);
    } finally {
      await rig.resumeMining();
    }
  }
  /** How many times each authorization nonce of these rows was used on chain (TransferWithFee events). */
  async function usesOnChain(ids: number[]): Promise<number[]> {
    const rows = (await Promise.all(ids.map((id) => s.ctx.outbox.get(id))))!;
    const ev = s.ctx.chain.iface.getEvent("TransferWithFee")!;
    const logs = await s.ctx.chain.provider.getLogs({
      address: s.ctx.chain.deployment.token,
      topics: [ev.topicHash],
      fromBlock: s.ctx.chain.deployment.deployBlock,
      toBlock: "latest",
    });
    return rows.map((r) => logs.filter((l) => l.topics[3].toLowerCase() === r!.nonce.toLowerCase()).length);
  }

  it("a transaction dropped from the pool is sent again and confirmed once", async () => {
    const before = await balanceOf(toAddress);
    await rig.pauseMining();
    const answer = gift(1_000);
    const submitted = await until("the gift's transaction in the pool", async () => {
      const [row] = await s.ctx.db.selectFrom("outbox_transfers").selectAll().where("status", "=", "submitted").execute();
      return row && (await rig.rpc("eth_getTransactionByHash", [row.tx_hash])) ? row : null;
    });
    await rig.dropAll();
    expect(await rig.rpc("eth_getTransactionByHash", [submitted.tx_hash])).toBeNull();
    await rig.resumeMining();
    const res = await answer;
    expect(res.code).toBe(200);
    await settledAndReconciled([submitted.id]);
    expect(await balanceOf(toAddress)).toBe(before + 1_000n);
    expect(await usesOnChain([submitted.id])).toEqual([1]);
  }, 120_000);

  it("one underpriced transaction followed by 100 gifts: all confirmed, in order, none twice", async () => {
    const before = await balanceOf(toAddress);
    await rig.pauseMining();
    const first = gift(300);
    const stuck = await until("the first gift in the pool", async () => {
      const [row] = await s.ctx.db.selectFrom("outbox_transfers").selectAll().where("status", "=", "submitted").execute();
      return row && (await rig.rpc("eth_getTransactionByHash", [row.tx_hash])) ? row : null;
    });
    // The next block's base fee is far above what the transaction offers: the node evicts it, and every later
    // nonce of the account waits behind it.
    await rig.spikeBaseFee(200n * 10n ** 9n);
    await rig.resumeMining();
    const answers = [first];
    for (let i = 0; i < 100; i++) {
      answers.push(gift(300 + 100 * (i % 3)));
      if (i % 10 === 9) await new Promise((r) => setTimeout(r, 150));
    }
    const results = await Promise.all(answers);
    expect(results.map((r) => r.code)).toEqual(results.map(() => 200));
    const ids = results.map((r) => r.data.id as number);
    await settledAndReconciled(ids);
    const rows = await Promise.all(ids.map((id) => s.ctx.outbox.get(id)));
    // In order: a later row never in an earlier block.
    const byId = [...rows].sort((a, b) => a!.id - b!.id);
    for (let i = 1; i < byId.length; i++) expect(byId[i]!.block_number!).toBeGreaterThanOrEqual(byId[i - 1]!.block_number!);
    expect((await usesOnChain(ids)).every((n) => n === 1)).toBe(true);
    const total = results.reduce((n, _r, i) => n + (i === 0 ? 300 : 300 + 100 * ((i - 1) % 3)), 0);
    expect(await balanceOf(toAddress)).toBe(before + BigInt(total));
    // The stuck transaction was replaced, with both hashes on record, and the row names the one that landed.
    const replaced = await s.ctx.db.selectFrom("tx_replacements").selectAll().where("old_hash", "=", stuck.tx_hash).execute();
    expect(replaced.length).toBeGreaterThan(0);
    const landed = (await s.ctx.outbox.get(stuck.id))!;
    expect(await s.ctx.chain.provider.getTransactionReceipt(landed.tx_hash!)).not.toBeNull();
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
          const head = await rig.blockNumber();
          const rows = await s.ctx.db.selectFrom("outbox_transfers").selectAll().where("status", "=", "submitted").execute();
          for (const r of rows) {
            const rc = await s.ctx.chain.provider.getTransactionReceipt(r.tx_hash!);
            if (rc && rc.blockNumber >= head - 1) return { id: r.id, hash: rc.hash, blockHash: rc.blockHash };
          }
          return null;
        });
        await rig.reorg(2);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const results = await Promise.all(answers);
    expect(results.map((r) => r.code)).toEqual(results.map(() => 200));
    const ids = results.map((r) => r.data.id as number);
    await settledAndReconciled(ids);
    expect((await usesOnChain(ids)).every((n) => n === 1)).toBe(true);
    const total = results.reduce((n, _r, i) => n + 300 + 100 * (i % 2), 0);
    expect(await balanceOf(toAddress)).toBe(before + BigInt(total));
    const failed = await s.ctx.db.selectFrom("outbox_transfers").select("id").where("status", "=", "failed").execute();
    expect(failed).toEqual([]);
    // The gift whose block was dropped: its transaction sent again and mined in another block, recorded once.
    const row = (await s.ctx.outbox.get(hit!.id))!;
    const receipt = (await s.ctx.chain.provider.getTransactionReceipt(row.tx_hash!))!;
    expect(receipt.blockHash).not.toBe(hit!.blockHash);
    expect(row.block_number).toBe(receipt.blockNumber);
  }, 180_000);

  it("the product's operator moves on it: a mint and a purchase approval, recorded once deep enough", async () => {
    const admin = await s.loginAdmin("admin", "admin1234");
    const supply = async () => BigInt(await s.ctx.chain.token.totalSupply());
    const before = await supply();
    // A mint is dual control: admin proposes, admin2 approves, and the approval's call is sent on the rig.
    const { approval: mint } = await proposeAndApprove(s, admin, await s.loginAdmin("admin2", "admin1234"), "POST", "/api/token/mint", {
      value: 7_000,
    });
    expect([mint.code, mint.data.state]).toEqual([200, "approved"]);
    expect(await supply()).toBe(before + 7_000n);
    const call = await s.ctx.db
      .selectFrom("chain_calls")
      .selectAll()
      .where("method", "=", "mint")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(call.status).toBe("confirmed");
    // Recorded only once 3 deep (CONFIRMATIONS): its block has two more on top.
    expect((await rig.blockNumber()) - call.block_number! + 1).toBeGreaterThanOrEqual(3);

    const buyer = (await memberByPhone(s.ctx.db, "01033334444"))!;
    const buyerBefore = await balanceOf(toAddress);
    const order = await requestBuy(s.ctx, buyer, 5_000, "222222");
    const accepted = await s.call("POST", "/api/sale/accept", { token: admin, marker: "operation", body: { id: order.id } });
    expect(accepted.code).toBe(200);
    await until("the purchase's move confirmed", async () => (await balanceOf(toAddress)) === buyerBefore + 5_000n);
    const moved = await s.ctx.db
      .selectFrom("outbox_transfers")
      .select("id")
      .where("kind", "=", "buy")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    await settledAndReconciled([moved.id]);
  }, 90_000);

  it("the relaying account running out of gas money: money calls answer 503 before anything is recorded", async () => {
    const operatorToken = await s.loginAdmin("admin", "admin1234");
    // Enough for a couple of transactions, below GAS_REFUSE_TXS (20) at the recent fee.
    await rig.setBalance(sender, 5n * 10n ** 15n);
    await new Promise((r) => setTimeout(r, 5_200)); // the reading of the balance is kept 5 s
    const rowsBefore = await s.ctx.db
      .selectFrom("outbox_transfers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const refused = await gift(300);
    expect(refused.status).toBe(503);
    expect(refused.message).toBe(Msg.gasLow);
    const rowsAfter = await s.ctx.db
      .selectFrom("outbox_transfers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(rowsAfter.n)).toBe(Number(rowsBefore.n));
    // Operators see it: health and the dashboard's gas card.
    const health = await s.call("GET", "/api/health");
    expect(health.data.gas).toMatchObject({ low: true, refusing: true });
    const card = await s.call("GET", "/api/dashboard/gas", { token: operatorToken, marker: "operation" });
    expect(card.code).toBe(200);
    expect(card.data.accounts[0]).toMatchObject({ address: sender, balanceWei: (5n * 10n ** 15n).toString() });
    expect(card.data.accounts[0].txsLeft).toBeLessThan(20);
    expect(card.data.replacements.length).toBeGreaterThan(0);

    // Topped up: money moves again, and the books reconcile.
    await rig.setBalance(sender, 10n ** 21n);
    await new Promise((r) => setTimeout(r, 5_200));
    const ok = await gift(300);
    expect(ok.code).toBe(200);
    await settledAndReconciled([ok.data.id]);
  }, 90_000);

  it("a restart finds the transaction it had in flight (from its records and the node's pool): not sent twice, not skipped", async () => {
    const before = await balanceOf(toAddress);
    await rig.pauseMining();
    // The request is cut by the stop (its answer may never come): the records and the node must tell.
    const answer = gift(300).catch(() => null);
    const inFlight = await until("the gift's transaction in the pool", async () => {
      const [row] = await s.ctx.db.selectFrom("outbox_transfers").selectAll().where("status", "=", "submitted").execute();
      return row && (await rig.rpc("eth_getTransactionByHash", [row.tx_hash])) ? row : null;
    });
    const grace = process.env.SHUTDOWN_GRACE_MS;
    process.env.SHUTDOWN_GRACE_MS = "1000";
    try {
      s = await s.restart({ beforeStart: () => answer.then(() => undefined) });
    } finally {
      if (grace === undefined) delete process.env.SHUTDOWN_GRACE_MS;
      else process.env.SHUTDOWN_GRACE_MS = grace;
    }
    // The new process adopted it: still submitted under its hash (or a recorded replacement of it, mining being paused
    // longer than TX_REPLACE_AFTER_MS), not requeued into a second transaction.
    const family = await hashFamily(s.ctx.db, inFlight.tx_hash!);
    const now = (await s.ctx.outbox.get(inFlight.id))!;
    expect(now.status).toBe("submitted");
    expect(family).toContain(now.tx_hash);
    await rig.resumeMining();
    await settledAndReconciled([inFlight.id]);
    expect(await hashFamily(s.ctx.db, inFlight.tx_hash!)).toContain((await s.ctx.outbox.get(inFlight.id))!.tx_hash);
    expect(await usesOnChain([inFlight.id])).toEqual([1]);
    expect(await balanceOf(toAddress)).toBe(before + 300n);
  }, 120_000);
});
