import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { memberByPhone } from "../../records/members.repo";
import { moveSettlement, settlementByOrderNo } from "./settlement.repo";
import { callToken, recordCall } from "../../money/chain-calls";
import { followFailedMoves } from "./settlement.service";
import { DEMO } from "../../seed";

const [M1, , SHOP] = DEMO.members;

/**
 * A settlement's own move (the request into the escrow, the return to the shop) that fails on chain after its
 * request stopped waiting for it: the order follows the failure as the request would have.
 */
describe("settlement moves that fail after their request stopped waiting", () => {
  let s: TestStack;
  let admin: string;
  let shop: string;
  let shopAddr: string;
  const op = (method: string, path: string, token: string, body?: unknown) => s.call(method, path, { token, marker: "operation", body });
  const onChain = async (a: string) => Number(await s.ctx.chain.token.balanceOf(a));
  const state = async (orderNo: string) => (await settlementByOrderNo(s.ctx.db, orderNo))!.state;

  beforeAll(async () => {
    s = await startTestStack();
    admin = await s.loginOperator(DEMO.admin.id, DEMO.admin.password);
    shop = await s.loginOperator(DEMO.shopAdmin.id, DEMO.shopAdmin.password);
    shopAddr = (await s.ctx.custody.memberWallet((await memberByPhone(s.ctx.db, SHOP.phonenumber))!.id))!.address;
    const member = await s.loginUser(M1.phonenumber, M1.password);
    expect(
      (
        await s.call("POST", "/api/use/trade/address", {
          token: member,
          body: { opponentAddress: shopAddr, kind: 0, type: 0, value: 5_000, password: M1.password },
        })
      ).code,
    ).toBe(200);
    for (const until = Date.now() + 20_000; (await onChain(shopAddr)) !== 5_000 && Date.now() < until; )
      await new Promise((r) => setTimeout(r, 100));
  }, 180_000);
  afterAll(async () => {
    await s?.stop();
  });

  it("a return that fails late puts the deleted order back to 승인 대기 (its money is still in the escrow)", async () => {
    const escrow = (await s.ctx.custody.byKind("settlement"))!.address;
    const req = await op("POST", "/api/calc/request/exchange", shop, { address: shopAddr, value: 2_000, password: SHOP.password });
    expect(req.code).toBe(200);
    const orderNo = req.data.orderNo as string;
    await expect.poll(() => onChain(escrow), { timeout: 20_000 }).toBe(2_000);

    // The deletion's return waits in a stopped relayer past the request's wait; the shop's account is blocked
    // on chain meanwhile, so the return reverts once it is sent.
    await s.ctx.relayer.stop();
    expect((await callToken(s.ctx, "blockAccount", [shopAddr])).status).toBe("confirmed");
    try {
      const del = await op("DELETE", `/api/calc/management/delete/${orderNo}`, admin);
      expect(del.code).toBe(200);
      expect(await state(orderNo)).toBe("deleted");
      s.ctx.relayer.start();
      await expect.poll(() => state(orderNo), { timeout: 20_000 }).toBe("pending");
    } finally {
      s.ctx.relayer.start();
      await callToken(s.ctx, "unblockAccount", [shopAddr]);
    }
    const order = (await settlementByOrderNo(s.ctx.db, orderNo))!;
    expect([order.deleted_at, order.return_transfer_id]).toEqual([null, null]);
    expect(await onChain(escrow)).toBe(2_000);
    // Nothing left to follow; and the order can be deleted (or approved) again.
    expect(await followFailedMoves(s.ctx)).toBe(0);
    expect((await op("DELETE", `/api/calc/management/delete/${orderNo}`, admin)).code).toBe(200);
    await expect.poll(() => onChain(escrow), { timeout: 20_000 }).toBe(0);
    expect(await state(orderNo)).toBe("deleted");
  }, 90_000);

  it("a request whose move failed while nobody heard it (the server down) is withdrawn by the job", async () => {
    const req = await op("POST", "/api/calc/request/exchange", shop, { address: shopAddr, value: 1_000, password: SHOP.password });
    expect(req.code).toBe(200);
    const order = (await settlementByOrderNo(s.ctx.db, req.data.orderNo))!;
    // As a restart would leave it: the row failed (no listener ran), the order still 승인 대기.
    await s.ctx.db
      .updateTable("outbox_transfers")
      .set({ status: "failed", error: "reverted" })
      .where("id", "=", order.request_transfer_id)
      .execute();
    expect(await followFailedMoves(s.ctx)).toBe(1);
    const after = (await settlementByOrderNo(s.ctx.db, order.order_no))!;
    expect([after.state, after.deleted_at !== null]).toEqual(["deleted", true]);
    expect(await followFailedMoves(s.ctx)).toBe(0);
  });
  it("a late refusal of one approval's burn does not undo a later approval that took the order over", async () => {
    const req = await op("POST", "/api/calc/request/exchange", shop, { address: shopAddr, value: 500, password: SHOP.password });
    expect(req.code).toBe(200);
    const order = (await settlementByOrderNo(s.ctx.db, req.data.orderNo))!;
    const escrow = (await s.ctx.custody.byKind("settlement"))!.address;
    // Approval A's burn was given up (the order went back to 승인 대기); approval B then took the order over.
    const a = await recordCall(s.ctx, s.ctx.db, "burn", [escrow, 500n]);
    const b = await recordCall(s.ctx, s.ctx.db, "burn", [escrow, 500n]);
    expect(await moveSettlement(s.ctx.db, order.id, "pending", "approving", { burn_call_id: b.id })).toBe(true);
    // A's turn comes and its send is refused: its undo must not touch B's approval.
    expect(await moveSettlement(s.ctx.db, order.id, "approving", "pending", { burn_call_id: null }, { burnCallId: a.id })).toBe(false);
    expect((await settlementByOrderNo(s.ctx.db, order.order_no))!).toMatchObject({ state: "approving", burn_call_id: b.id });
    // B's own outcome still moves it.
    expect(await moveSettlement(s.ctx.db, order.id, "approving", "pending", { burn_call_id: null }, { burnCallId: b.id })).toBe(true);
  });
});
