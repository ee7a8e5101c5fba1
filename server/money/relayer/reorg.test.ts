import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { memberByPhone } from "../../records/members.repo";
import { reconcile } from "../../features/dashboard/reconcile";

/** A reorg (evm_snapshot / evm_revert on the node) drops the block of a confirmed gift: the books follow the chain. */
describe("outbox rows of a block dropped by a reorg", () => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack();
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("go back to submitted, are re-sent and confirmed again, and the books reconcile", async () => {
    const provider = s.ctx.chain.provider;
    const to = (await s.ctx.custody.memberWallet((await memberByPhone(s.ctx.db, "01033334444"))!.id))!.address;
    const before = BigInt(await s.ctx.chain.token.balanceOf(to));
    const snapshot: string = await provider.send("evm_snapshot", []);
    const token = await s.loginUser("01011112222", "111111");
    const gift = await s.call("POST", "/api/gift/trade/address", {
      token,
      body: { opponentAddress: to, kind: 0, type: 1, value: 700, password: "111111" },
    });
    expect(gift.code).toBe(200);
    const first = (await s.ctx.outbox.get(gift.data.id))!;
    expect(first.status).toBe("confirmed");
    await s.waitIndexed();

    // The chain forgets the gift's block and grows a different branch past it.
    expect(await provider.send("evm_revert", [snapshot])).toBe(true);
    expect(BigInt(await s.ctx.chain.token.balanceOf(to))).toBe(before);
    await provider.send("hardhat_mine", ["0x3"]);

    const deadline = Date.now() + 60_000;
    for (;;) {
      const row = (await s.ctx.outbox.get(first.id))!;
      if (row.status === "confirmed" && row.tx_hash !== first.tx_hash) break;
      if (Date.now() > deadline) throw new Error(`row still ${row.status} (${row.tx_hash})`);
      await new Promise((r) => setTimeout(r, 200));
    }
    // Moved once on the chain as it is now: not lost with the dropped block, not doubled.
    expect(BigInt(await s.ctx.chain.token.balanceOf(to))).toBe(before + 700n);
    await s.waitIndexed();
    const report = await reconcile({ db: s.ctx.db, view: s.ctx.view, token: s.ctx.chain.token, provider });
    expect(report.lines.filter((l) => !l.ok)).toEqual([]);
  });
});
