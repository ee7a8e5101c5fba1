import path from "node:path";
import { ethers } from "ethers";
import { afterAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "./test/harness";
import { appendMints } from "../chain/test-journal";
import { Msg } from "../domain/messages";

/**
 * A restart with a long journal: the server answers reads from the index while the node replays it, money calls
 * answer 503 in Korean until it is done; then the chain is the one journaled (balances, hashes, blocks).
 */
describe("restart while the journal replays", () => {
  const stacks: TestStack[] = [];
  afterAll(async () => {
    for (const s of stacks) await s.stop().catch(() => undefined);
  });

  it("reads answer and money calls answer 503 '동기화하는 중' during the replay; afterwards the same chain, and money moves", async () => {
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
    const refused = await again.call("POST", "/api/gift/trade/address", {
      token: t2,
      body: { opponentAddress: to, kind: 0, type: 1, value: 1_000, password: "111111" },
    });
    expect(refused.status).toBe(503);
    expect(refused.message).toBe(Msg.chainCatchingUp);
    // All of that happened during the replay.
    expect(again.ctx.chain.replaying()).toBe(true);
    // Nothing of the refused gift was recorded.
    expect((await again.call("GET", "/api/info/balance", { token: t2 })).data).toEqual(balance);

    await again.ready();
    expect(again.ctx.chain.replaying()).toBe(false);
    expect((await again.call("GET", "/api/health")).data).toMatchObject({ status: "ok", replay: null });
    const p = again.ctx.chain.provider;
    expect(await p.getBlockNumber()).toBe(head + 1_500);
    expect((await p.getTransactionReceipt(gift.data.txHash))?.blockNumber).toBe(giftBlock.blockNumber);
    expect((await p.getBlock(giftBlock.blockNumber))?.hash).toBe(giftBlockHash);
    expect(await again.ctx.chain.token.balanceOf(to)).toBe(toBalance);
    // The appended mints happened: holder-7 got 1,000 + i for i = 7, 507, 1007 … below raws + 1,500.
    let minted = 0n;
    for (let i = raws; i < raws + 1_500; i++) if (i % 500 === 7) minted += 1_000n + BigInt(i);
    expect(await again.ctx.chain.token.balanceOf(holder)).toBe(minted);
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
