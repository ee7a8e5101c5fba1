import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { ethers } from "ethers";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRigStack, type RigStack } from "../../test/rig-stack";
import { memberByPhone } from "../../records/members.repo";
import { requestBuy } from "../../features/purchases/purchases.service";
import { proposeAndApprove } from "../../test/proposals";
import { callToken, senderOf, resolveSubmittedCalls } from "../chain-calls";
import { Msg } from "../../../domain/messages";
import { DUAL_CONTROL_TRANSFER_THRESHOLD_WON } from "../../../domain/constants";

/**
 * The whole product on an external chain (issue 38): the operators' moves (a mint, a purchase approval, a settlement
 * burn, an operator wallet transfer) and gas money, on an Anvil node mining a block a second, reached only through
 * RPC_URL, CONFIRMATIONS=3 (server/test/rig-stack.ts). Each is recorded once, only once deep enough, and the books
 * reconcile after it. The relayer's faults on the same rig: external-chain.test.ts.
 */
describe("the product on an external chain (Anvil, 1 s blocks, RPC_URL)", () => {
  let h: RigStack;
  let admin: string;
  let buyerAddress: string;
  let shopAddress: string;

  beforeAll(async () => {
    h = await startRigStack();
    admin = await h.s.loginOperator("admin", "admin1234");
    buyerAddress = (await h.s.ctx.custody.memberWallet((await memberByPhone(h.s.ctx.db, "01033334444"))!.id))!.address;
    shopAddress = (await h.s.ctx.custody.memberWallet((await memberByPhone(h.s.ctx.db, "01055556666"))!.id))!.address;
  }, 180_000);
  afterAll(async () => {
    await h?.stop();
  });

  const balanceOf = async (a: string) => BigInt(await h.s.ctx.chain.token.balanceOf(a));
  const supply = async () => BigInt(await h.s.ctx.chain.token.totalSupply());
  const op = (method: string, path: string, token: string, body?: unknown, headers?: Record<string, string>) =>
    h.s.call(method, path, { token, marker: "operation", body, headers });
  const gift = async (value: number) =>
    h.s.call("POST", "/api/gift/trade/address", {
      token: await h.s.loginUser("01011112222", "111111"),
      body: { opponentAddress: buyerAddress, kind: 0, type: 1, value, password: "111111" },
    });
  /** The newest token call of `method`: confirmed, and recorded only once its block had CONFIRMATIONS (3) on it. */
  async function confirmedDeep(method: string) {
    const call = await h.s.ctx.db
      .selectFrom("chain_calls")
      .selectAll()
      .where("method", "=", method)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(call.status).toBe("confirmed");
    expect((await h.rig.blockNumber()) - call.block_number! + 1).toBeGreaterThanOrEqual(3);
    return call;
  }

  it("a mint and a purchase approval, recorded once deep enough", async () => {
    const before = await supply();
    // A mint is dual control: admin proposes, admin2 approves, and the approval's call is sent on the rig.
    const { approval: mint } = await proposeAndApprove(
      h.s,
      admin,
      await h.s.loginOperator("admin2", "admin1234"),
      "POST",
      "/api/token/mint",
      {
        value: 7_000,
        reason: "발행 계획분",
      },
    );
    expect([mint.code, mint.data.state]).toEqual([200, "approved"]);
    expect(await supply()).toBe(before + 7_000n);
    await confirmedDeep("mint");

    const buyer = (await memberByPhone(h.s.ctx.db, "01033334444"))!;
    const buyerBefore = await balanceOf(buyerAddress);
    const order = await requestBuy(h.s.ctx, buyer, 5_000, "222222");
    const accepted = await op("POST", "/api/sale/accept", admin, { id: order.id });
    expect(accepted.code).toBe(200);
    await h.until("the purchase's move confirmed", async () => (await balanceOf(buyerAddress)) === buyerBefore + 5_000n);
    const moved = await h.s.ctx.db
      .selectFrom("outbox_transfers")
      .select("id")
      .where("kind", "=", "buy")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    await h.resolvedAndReconciled([moved.id]);
  }, 90_000);

  it("a settlement: the shop's request moves to the escrow, the approval burns it once, recorded deep enough", async () => {
    // A member pays 5,000 at the demo shop, whose owner then asks for 정산 of 3,000.
    const member = await h.s.loginUser("01011112222", "111111");
    const use = await h.s.call("POST", "/api/use/trade/address", {
      token: member,
      body: { opponentAddress: shopAddress, kind: 0, type: 0, value: 5_000, password: "111111" },
    });
    expect(use.code, use.message).toBe(200);
    await h.resolvedAndReconciled([use.data.id]);
    const shop = await h.s.loginOperator("shop01", "shop1234");
    const request = await op("POST", "/api/calc/request/exchange", shop, { address: shopAddress, value: 3_000, password: "333333" });
    expect([request.code, request.data.state], request.message).toEqual([200, "승인 대기"]);
    const order = await h.s.ctx.db
      .selectFrom("settlement_orders")
      .selectAll()
      .where("order_no", "=", request.data.orderNo)
      .executeTakeFirstOrThrow();
    const escrowMove = await h.s.ctx.db
      .selectFrom("outbox_transfers")
      .select("id")
      .where("kind", "=", "settlement")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    await h.resolvedAndReconciled([escrowMove.id]);

    const before = await supply();
    const accepted = await op("POST", "/api/calc/management/accept", admin, { orderNo: request.data.orderNo });
    expect([accepted.code, accepted.message, accepted.data.state]).toEqual([200, Msg.approveDone, "승인"]);
    expect(await supply()).toBe(before - 3_000n);
    const burn = await confirmedDeep("burn");
    const after = await h.s.ctx.db.selectFrom("settlement_orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
    expect([after.state, after.burn_call_id]).toEqual(["approved", burn.id]);
    await h.reconciled();
    expect(await supply()).toBe(before - 3_000n);
  }, 120_000);

  it("an operator wallet transfer below the dual-control threshold: sent at once, on chain once, reconciled", async () => {
    const treasury = (await h.s.ctx.custody.byKind("treasury"))!.address;
    const value = 50_000;
    expect(value).toBeLessThan(DUAL_CONTROL_TRANSFER_THRESHOLD_WON);
    const before = await balanceOf(shopAddress);
    const sent = await op(
      "POST",
      "/api/address/transmit/send",
      admin,
      { from: treasury, to: shopAddress, value },
      {
        "idempotency-key": "rig-transfer-1",
      },
    );
    expect([sent.code, sent.message], sent.message).toEqual([200, Msg.transferDone]);
    await h.resolvedAndReconciled([sent.data.id]);
    expect(await h.usesOnChain([sent.data.id])).toEqual([1]);
    expect(await balanceOf(shopAddress)).toBe(before + BigInt(value));
  }, 90_000);

  it("a token call dropped from the node's pool while the service was down: sent again from the journal, minted once; once its nonce went to another transaction, failed with nothing minted, also when another process sent it", async () => {
    const treasury = (await h.s.ctx.custody.byKind("treasury"))!.address;
    const minter = senderOf(h.s.ctx, "mint").address;
    const minterKey = (await h.s.ctx.custody.signerFor(minter)).privateKey;
    const callRow = (id: number) => h.s.ctx.db.selectFrom("chain_calls").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const mintInPool = (after: number) =>
      h.until("the mint's transaction in the pool", async () => {
        const [row] = await h.s.ctx.db
          .selectFrom("chain_calls")
          .selectAll()
          .where("method", "=", "mint")
          .where("status", "=", "submitted")
          .where("id", ">", after)
          .execute();
        return row && (await h.rig.rpc("eth_getTransactionByHash", [row.tx_hash])) ? row : null;
      });
    /** The service stops with the mint in flight; while it is down the node forgets its pool (and `meanwhile` runs). */
    const restartDropping = async (inFlight: Promise<unknown>, meanwhile: () => Promise<void> = async () => undefined) => {
      const grace = process.env.SHUTDOWN_GRACE_MS;
      process.env.SHUTDOWN_GRACE_MS = "1000";
      try {
        h.s = await h.s.restart({
          beforeStart: async () => {
            await inFlight;
            await h.rig.dropAll();
            await meanwhile();
          },
        });
      } finally {
        if (grace === undefined) delete process.env.SHUTDOWN_GRACE_MS;
        else process.env.SHUTDOWN_GRACE_MS = grace;
      }
    };
    /** The call resolves as failed ('dropped'); with mining back, the supply is what the first step minted alone. */
    const failedNothingMinted = async (id: number) => {
      await h.until(`call ${id} resolved`, async () => {
        await resolveSubmittedCalls(h.s.ctx);
        return (await callRow(id)).status !== "submitted";
      });
      expect(await callRow(id)).toMatchObject({ status: "failed", error: "dropped" });
      await h.rig.resumeMining();
      await h.rig.mine(2);
      expect(await supply()).toBe(before + 1_234n);
    };
    /** Another transaction of the minter takes `nonce`, mined 3 blocks deep. */
    const takeNonce = async (nonce: number) => {
      const other = new ethers.Wallet(minterKey, new ethers.JsonRpcProvider(h.rig.rpcUrl));
      await other.sendTransaction({ to: minter, value: 0n, nonce });
      await h.rig.mine(3);
      other.provider!.destroy();
    };
    const last = await h.s.ctx.db
      .selectFrom("chain_calls")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirst();
    const before = await supply();

    // 1. Its nonce still free: the new process sends the same signed transaction again; minted once, recorded deep enough.
    await h.rig.pauseMining();
    const first = callToken(h.s.ctx, "mint", [treasury, 1_234n]).catch(() => null);
    const dropped = await mintInPool(Number(last?.id ?? 0));
    await restartDropping(first);
    await resolveSubmittedCalls(h.s.ctx);
    expect(await h.rig.rpc("eth_getTransactionByHash", [dropped.tx_hash])).not.toBeNull();
    await h.rig.resumeMining();
    await h.until("the dropped mint resolved", async () => {
      await resolveSubmittedCalls(h.s.ctx);
      return (await callRow(dropped.id)).status !== "submitted";
    });
    expect(await callRow(dropped.id)).toMatchObject({ status: "confirmed", tx_hash: dropped.tx_hash });
    expect(await supply()).toBe(before + 1_234n);

    // 2. While the service is down, another transaction of the minter takes that nonce (3 blocks deep): the call is
    // failed ('dropped'); nothing was minted and nothing is sent again.
    await h.rig.pauseMining();
    const second = callToken(h.s.ctx, "mint", [treasury, 4_321n]).catch(() => null);
    const lost = await mintInPool(dropped.id);
    const nonce = ethers.Transaction.from((await h.s.ctx.chain.journal.rawOf([lost.tx_hash!]))[0].payload).nonce;
    await restartDropping(second, async () => {
      await takeNonce(nonce);
    });
    await failedNothingMinted(lost.id);

    // 3. The same, sent by a process whose journal this one does not have (another process of a multi-process
    // deployment): nothing to send again, but the call's row holds its nonce; failed ('dropped') all the same.
    await h.rig.pauseMining();
    const third = callToken(h.s.ctx, "mint", [treasury, 5_555n]).catch(() => null);
    const elsewhere = await mintInPool(lost.id);
    const itsNonce = ethers.Transaction.from((await h.s.ctx.chain.journal.rawOf([elsewhere.tx_hash!]))[0].payload).nonce;
    expect(Number(elsewhere.nonce)).toBe(itsNonce);
    await restartDropping(third, async () => {
      for (const f of fs.readdirSync(h.s.dataDir).filter((f) => /^journal-\d+\.db$/.test(f))) {
        const journal = new Database(path.join(h.s.dataDir, f));
        journal.prepare("DELETE FROM journal WHERE hash = ?").run(elsewhere.tx_hash);
        journal.close();
      }
      await takeNonce(itsNonce);
    });
    expect(await h.s.ctx.chain.journal.rawOf([elsewhere.tx_hash!])).toEqual([]);
    await failedNothingMinted(elsewhere.id);
  }, 240_000);

  it("the relaying account running low on gas money: operators are warned at once, money calls answer 503 before anything is recorded", async () => {
    // An operator's socket hears the warning (stored, pushed through the notifier's bus) when the gas watch sees it.
    const ws = new WebSocket(`${h.s.url.replace("http", "ws")}/ws?token=${admin}`);
    const heard: { kind: string; message: string }[] = [];
    ws.on("message", (d) => heard.push(JSON.parse(String(d))));
    await h.until("the socket's hello", async () => heard.some((m) => m.kind === "hello"), 5_000);
    // Enough for a couple of transactions, below GAS_REFUSE_TXS (20) at the recent fee.
    await h.rig.setBalance(h.sender, 5n * 10n ** 15n);
    const warning = await h.until("the gas warning pushed", async () => heard.find((m) => m.kind === "가스"), 10_000);
    expect(warning.message).toContain("가스");
    const stored = await h.s.ctx.db.selectFrom("notifications").selectAll().where("category", "=", "가스").execute();
    expect(stored.length).toBe(1);
    ws.close();

    await new Promise((r) => setTimeout(r, 5_200)); // the reading of the balance is kept 5 s
    const count = async () =>
      Number(
        (
          await h.s.ctx.db
            .selectFrom("outbox_transfers")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const rowsBefore = await count();
    const refused = await gift(300);
    expect(refused.status).toBe(503);
    expect(refused.message).toBe(Msg.gasLow);
    expect(await count()).toBe(rowsBefore);
    // Operators see it: health and the dashboard's gas card.
    const health = await h.s.call("GET", "/api/health");
    expect(health.data.gas).toMatchObject({ low: true, refusing: true });
    const card = await op("GET", "/api/dashboard/gas", admin);
    expect(card.code).toBe(200);
    expect(card.data.accounts[0]).toMatchObject({ address: h.sender, balanceWei: (5n * 10n ** 15n).toString() });
    expect(card.data.accounts[0].txsLeft).toBeLessThan(20);

    // Topped up: money moves again, and the books reconcile; the warning was not repeated while it stayed low.
    await h.rig.setBalance(h.sender, 10n ** 21n);
    await new Promise((r) => setTimeout(r, 5_200));
    const ok = await gift(300);
    expect(ok.code).toBe(200);
    await h.resolvedAndReconciled([ok.data.id]);
    expect((await h.s.ctx.db.selectFrom("notifications").selectAll().where("category", "=", "가스").execute()).length).toBe(1);
    expect((await h.s.call("GET", "/api/health")).data.gas).toMatchObject({ low: false, refusing: false });
  }, 90_000);
});
