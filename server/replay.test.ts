import crypto from "node:crypto";
import path from "node:path";
import { ethers } from "ethers";
import { afterAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "./test/harness";
import { appendMints } from "../chain/test-journal";
import { DEMO } from "./seed";
import type { OutboxRow } from "./db/schema";
import { Code } from "../domain/codes";
import { Msg } from "../domain/messages";

/**
 * A restart with a long journal: the server answers reads from the index while the node replays it, and records
 * money moves (the spendable check reads the index) that the relayer sends once the replay is done, after every
 * journaled transaction; chain calls (sent by the sender at once) answer 503 in Korean until then. Afterwards the
 * chain is the one journaled (balances, hashes, blocks), then the moves recorded meanwhile, each once.
 */
describe("restart while the journal replays", () => {
  const stacks: TestStack[] = [];
  afterAll(async () => {
    for (const s of stacks) await s.stop().catch(() => undefined);
  });

  it("reads answer and a gift is recorded during the replay (chain calls 503 '동기화하는 중'); afterwards the same chain, then the gift once", async () => {
    const s = await startTestStack();
    stacks.push(s);
    const t = await s.loginUser("01011112222", "111111");
    const to = (await s.ctx.custody.memberWallet(2))!.address;
    const gift = await s.call("POST", "/api/gift/trade/address", {
      token: t,
      body: { opponentAddress: to, kind: 0, type: 1, value: 1_000, password: "111111" },
    });
    expect(gift.code).toBe(200);
    await s.waitIndexed();
    const balance = (await s.call("GET", "/api/info/balance", { token: t })).data;
    const history = (await s.call("POST", "/api/info/history", { token: t, body: { type: 3, page: 1 } })).data;
    const myinfo = (await s.call("GET", "/api/info/myinfo", { token: t })).data;
    const { chain, custody } = s.ctx;
    const giftBlock = (await chain.provider.getTransactionReceipt(gift.data.txHash))!;
    const giftBlockHash = (await chain.provider.getBlock(giftBlock.blockNumber))!.hash;
    const operator = await custody.signerFor(chain.senders.minter.address);
    const nonce = await chain.provider.getTransactionCount(operator.address, "latest");
    const head = await chain.provider.getBlockNumber();
    const toBalance: bigint = await chain.token.balanceOf(to);
    const raws = (await chain.journal.entries()).filter((e) => e.kind === "raw").length;
    const journalFile = path.join(s.dataDir, `journal-${chain.deployment.chainId}.db`);
    const holder = ethers.getAddress(ethers.dataSlice(ethers.id("holder-7"), 12));
    const from = (
      await s.ctx.db.selectFrom("outbox_transfers").select("from_address").where("tx_hash", "=", gift.data.txHash).executeTakeFirstOrThrow()
    ).from_address;
    const lastRow = Number(
      (
        await s.ctx.db
          .selectFrom("outbox_transfers")
          .select((eb) => eb.fn.max("id").as("m"))
          .executeTakeFirstOrThrow()
      ).m,
    );
    // A mint proposal (dual control), approved during the replay below.
    const admin = await s.loginOperator(DEMO.admin.id, DEMO.admin.password);
    const proposed = await s.call("POST", "/api/token/mint", {
      token: admin,
      marker: "operation",
      body: { value: 5_000, reason: "발행 계획분" },
    });
    expect(proposed.message).toBe(Msg.proposalCreated);
    const proposalId = proposed.data.proposal.id as number;

    // 1,500 more real transactions (mints by the minter key) behind the gift: seconds of replay.
    const again = await s.restart({
      waitForReplay: false,
      beforeStart: () =>
        appendMints(journalFile, operator.privateKey, chain.deployment.chainId, chain.deployment.token, nonce, raws + 1_500).then(
          () => undefined,
        ),
    });
    stacks.push(again);
    expect(again.ctx.chain.replaying()).toBe(true);

    const health = await again.call("GET", "/api/health");
    expect(health.status).toBe(200);
    expect(health.data.status).toBe("catching-up");
    expect(health.data.replay).toMatchObject({ reason: "start", total: expect.any(Number) });
    expect(health.data.replay.total).toBeGreaterThan(1_500);
    const t2 = await again.loginUser("01011112222", "111111");
    const readBalance = await again.call("GET", "/api/info/balance", { token: t2 });
    expect(readBalance.status).toBe(200);
    expect(readBalance.data).toEqual(balance);
    const readHistory = await again.call("POST", "/api/info/history", { token: t2, body: { type: 3, page: 1 } });
    expect(readHistory.status).toBe(200);
    expect(readHistory.data).toEqual(history);
    expect((await again.call("GET", "/api/info/myinfo", { token: t2 })).data).toEqual(myinfo);
    // A chain call (an operator's approval of a mint) still waits for the replay: the sender would send it at once.
    const admin2 = await again.loginOperator("admin2", DEMO.admin.password);
    const approve = await again.call("POST", `/api/proposals/${proposalId}/approve`, { token: admin2, marker: "operation" });
    expect([approve.status, approve.message]).toEqual([503, Msg.chainCatchingUp]);
    // More than the spendable balance is refused from the index, as always.
    const over = await again.call("POST", "/api/gift/trade/address", {
      token: t2,
      body: { opponentAddress: to, kind: 0, type: 1, value: balance.balance, password: "111111" },
    });
    expect(over.code).toBe(Code.OVER_BALANCE);
    // A gift is recorded during the replay; its request waits for the move like any other.
    const key = crypto.randomUUID();
    const giftDuring = () =>
      again.call("POST", "/api/gift/trade/address", {
        token: t2,
        body: { opponentAddress: to, kind: 0, type: 1, value: 1_000, password: "111111" },
        headers: { "idempotency-key": key },
      });
    const answer = giftDuring();
    let row: OutboxRow | undefined;
    const recordBy = Date.now() + 30_000;
    while (!(row = await again.ctx.db.selectFrom("outbox_transfers").selectAll().where("id", ">", lastRow).executeTakeFirst())) {
      expect(Date.now(), "the gift was not recorded during the replay").toBeLessThan(recordBy);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect([row.from_address, row.to_address, row.value, row.status]).toEqual([from, to, 1_000, "pending"]);
    // The same key again meanwhile: in progress, not a second move.
    const twin = await giftDuring();
    expect(twin.code).toBe(Code.CONFLICT);
    // All of that happened during the replay.
    expect(again.ctx.chain.replaying()).toBe(true);

    const accepted = await answer;
    expect(accepted.code).toBe(200);
    expect(["confirmed", "pending"]).toContain(accepted.data.status);
    await again.ready();
    expect(again.ctx.chain.replaying()).toBe(false);
    const landed = await again.ctx.relayer.waitFor(row.id, 60_000);
    expect(landed.status).toBe("confirmed");
    expect((await again.call("GET", "/api/health")).data).toMatchObject({ status: "ok", replay: null });
    const p = again.ctx.chain.provider;
    // The journaled chain first, block for block; the gift after it, once.
    expect((await p.getTransactionReceipt(gift.data.txHash))?.blockNumber).toBe(giftBlock.blockNumber);
    expect((await p.getBlock(giftBlock.blockNumber))?.hash).toBe(giftBlockHash);
    expect((await p.getTransactionReceipt(landed.tx_hash!))?.blockNumber).toBe(head + 1_501);
    expect(await p.getBlockNumber()).toBe(head + 1_501);
    expect(await again.ctx.chain.token.balanceOf(to)).toBe(toBalance + 1_000n);
    const journaled = (await again.ctx.chain.journal.entries()).filter((e) => e.kind === "raw");
    expect(journaled.length).toBe(raws + 1_501);
    expect(journaled.findIndex((e) => e.hash === landed.tx_hash)).toBe(raws + 1_500);
    expect((await again.ctx.db.selectFrom("outbox_transfers").selectAll().where("id", ">", lastRow).execute()).length).toBe(1);
    // The appended mints happened: holder-7 got 1,000 + i for i = 7, 507, 1007 … below raws + 1,500.
    let minted = 0n;
    for (let i = raws; i < raws + 1_500; i++) if (i % 500 === 7) minted += 1_000n + BigInt(i);
    expect(await again.ctx.chain.token.balanceOf(holder)).toBe(minted);
    // The key's answer is the move's (not a second one).
    const retried = await giftDuring();
    expect([retried.code, retried.headers.get("idempotent-replayed")]).toEqual([200, "true"]);
    expect(await again.ctx.chain.token.balanceOf(to)).toBe(toBalance + 1_000n);
    // Money moves again, on top of the replayed chain.
    const next = await again.call("POST", "/api/gift/trade/address", {
      token: t2,
      body: { opponentAddress: to, kind: 0, type: 1, value: 1_000, password: "111111" },
    });
    expect(next.code).toBe(200);

    // A stop during a replay stops it (and the process does not wait for the whole journal).
    const third = await again.restart({ waitForReplay: false });
    stacks.push(third);
    expect(third.ctx.chain.replaying()).toBe(true);
    await third.stop();
    stacks.pop();
  }, 300_000);
});
