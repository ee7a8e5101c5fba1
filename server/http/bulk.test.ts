import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../test/harness";
import { insertOperator } from "../test/operators";
import { memberByPhone } from "../records/members.repo";
import { buyOrder } from "../features/purchases/purchases.repo";
import { cancelBuy, requestBuy } from "../features/purchases/purchases.service";
import { salesApi } from "../../domain/api/purchases";
import { settlementApi } from "../../domain/api/settlement";
import { boardsApi } from "../../domain/api/boards";
import { BULK_MAX } from "../../domain/schemas/shared/bulk";
import { OperatorPermission, type OperatorFlags } from "../../domain/constants";
import { Msg, bulkTooMany } from "../../domain/messages";
import { eachItem } from "./bulk";
import { IDEMPOTENCY_STALE_MS } from "../money/idempotency";
import { claimIdempotencyKey, idempotencyRecord } from "../money/idempotency.repo";
import type { Response } from "express";

const M1 = { phone: "01011112222", pw: "111111" };
const M2 = { phone: "01033334444", pw: "222222" };
const SHOP = { phone: "01055556666", pw: "333333" };

/**
 * Bulk actions (issue item 9) through the real endpoints: each item goes through the single call's service, a
 * refused item is reported and the others done, every item audited, a keyed request replayed whole.
 */
describe("bulk actions: sell orders, settlement orders, board posts", () => {
  let s: TestStack;
  let admin: string;
  let seq = 0;
  const auth = (token: string, key?: string) => ({ token, headers: key ? { "idempotency-key": key } : undefined });
  const onChain = async (a: string) => Number(await s.ctx.chain.token.balanceOf(a));
  const operator = async (flags: OperatorFlags, permission: number = OperatorPermission.SUB) => {
    const id = await insertOperator(s.ctx, `bulkop${++seq}`, permission, flags);
    return (await s.ctx.sessions.issue("operation", `a:${id}`)).accessToken;
  };
  const audited = async (action: string, ids: (string | number)[]) =>
    (
      await s.ctx.db
        .selectFrom("admin_actions")
        .select(["target_id", "admin_login_id", "tx_hash"])
        .where("action", "=", action)
        .where("target_id", "in", ids.map(String))
        .execute()
    ).sort((a, b) => a.target_id.localeCompare(b.target_id));
  /** Waits (bounded) for a condition the relayer or the indexer makes true. */
  const until = async (cond: () => Promise<boolean>) => {
    for (let i = 0; i < 200 && !(await cond()); i++) await new Promise((r) => setTimeout(r, 100));
  };

  beforeAll(async () => {
    s = await startTestStack();
    admin = await s.loginOperator("admin", "admin1234");
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it("approves several sell orders: a refused one is reported, the others move; each is audited; a replayed key moves nothing again", async () => {
    const m = (await memberByPhone(s.ctx.db, M2.phone))!;
    const buyer = (await s.ctx.custody.memberWallet(m.id))!.address;
    const seller = await operator({ isSale1: true });
    const [a, b, c] = [
      await requestBuy(s.ctx, m, 1_000, M2.pw),
      await requestBuy(s.ctx, m, 2_000, M2.pw),
      await requestBuy(s.ctx, m, 4_000, M2.pw),
    ];
    await cancelBuy(s.ctx, b.id);
    const before = await onChain(buyer);

    // b is no longer pending; a is named twice and counts once; 999999 does not exist.
    const r = await s.api(salesApi.saleAcceptBulk, { ids: [a.id, b.id, c.id, a.id, 999_999] }, auth(seller, "bulk-accept-1"));
    expect(r.code).toBe(200);
    expect(r.data.results.map((x) => [x.id, x.ok, x.code])).toEqual([
      [a.id, true, 200],
      [b.id, false, 409],
      [c.id, true, 200],
      [999_999, false, 404],
    ]);
    expect(r.data.results[1].message).toBe(Msg.orderNotPending);
    expect(r.data.results[0]).toMatchObject({ message: Msg.saleApproved, txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect([r.data.done, r.data.refused]).toEqual([2, 2]);
    expect(await onChain(buyer)).toBe(before + 5_000);
    expect((await buyOrder(s.ctx.db, a.id))!.state).toBe("confirmed");
    expect((await buyOrder(s.ctx.db, b.id))!.state).toBe("cancelled");
    // Audited as the single call is: once per order done, under the operator who asked.
    const rows = await audited("sale.accept", [a.id, b.id, c.id]);
    expect(rows.map((x) => x.target_id)).toEqual([String(a.id), String(c.id)].sort());
    expect(new Set(rows.map((x) => x.admin_login_id))).toEqual(new Set([`bulkop${seq}`]));

    // The same key again (an answer lost on the way): the whole first answer, and nothing moves twice.
    const again = await s.api(salesApi.saleAcceptBulk, { ids: [a.id, b.id, c.id, a.id, 999_999] }, auth(seller, "bulk-accept-1"));
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.data).toEqual(r.data);
    expect(await onChain(buyer)).toBe(before + 5_000);
    expect(await audited("sale.accept", [a.id, c.id])).toHaveLength(2);
    // The same key with other ids is a conflict, not a new batch.
    expect((await s.api(salesApi.saleAcceptBulk, { ids: [c.id] }, auth(seller, "bulk-accept-1"))).code).toBe(409);
    // Without a key the same ids run again, and are refused item by item (already approved).
    const rerun = await s.api(salesApi.saleAcceptBulk, { ids: [a.id, c.id] }, auth(seller));
    expect(rerun.data).toMatchObject({ done: 0, refused: 2 });
    expect(await onChain(buyer)).toBe(before + 5_000);
  }, 120_000);

  it("cancels several sell orders: pending ones cancelled and audited, an approved one refused", async () => {
    const m = (await memberByPhone(s.ctx.db, M1.phone))!;
    const [a, b, done] = [
      await requestBuy(s.ctx, m, 1_000, M1.pw),
      await requestBuy(s.ctx, m, 1_000, M1.pw),
      await requestBuy(s.ctx, m, 1_000, M1.pw),
    ];
    expect((await s.api(salesApi.saleAccept, { id: done.id }, auth(admin))).code).toBe(200);
    const r = await s.api(salesApi.saleDeleteBulk, { ids: [a.id, done.id, b.id] }, auth(admin));
    expect(r.data.results.map((x) => [x.id, x.ok, x.code, x.message])).toEqual([
      [a.id, true, 200, Msg.saleDeleted],
      [done.id, false, 409, Msg.orderNotPending],
      [b.id, true, 200, Msg.saleDeleted],
    ]);
    expect((await buyOrder(s.ctx.db, a.id))!.state).toBe("cancelled");
    expect((await buyOrder(s.ctx.db, done.id))!.state).toBe("confirmed");
    expect((await audited("sale.delete", [a.id, b.id, done.id])).map((x) => x.target_id)).toEqual([String(a.id), String(b.id)].sort());
  }, 60_000);

  it("approves and deletes several settlement orders: the burn and the return per item, a refused one reported, each audited", async () => {
    const shop = await s.loginOperator("shop01", "shop1234");
    const shopAddr = (await s.ctx.custody.memberWallet((await memberByPhone(s.ctx.db, SHOP.phone))!.id))!.address;
    const escrow = (await s.ctx.custody.byKind("settlement"))!.address;
    const supply = async () => Number(await s.ctx.chain.token.totalSupply());
    const member = await s.loginUser(M1.phone, M1.pw);
    const use = await s.call("POST", "/api/use/trade/address", {
      token: member,
      body: { opponentAddress: shopAddr, kind: 0, type: 0, value: 10_000, password: M1.pw },
    });
    expect(use.code).toBe(200);
    await until(async () => (await s.api(settlementApi.settlementWallets, undefined, auth(shop))).data?.[0]?.balance === 10_000);
    const order = async (value: number) => {
      const r = await s.api(settlementApi.settlementRequest, { address: shopAddr, value, password: SHOP.pw }, auth(shop));
      expect(r.code).toBe(200);
      return r.data.orderNo;
    };
    const [a, b, c, d] = [await order(1_000), await order(2_000), await order(3_000), await order(4_000)];
    expect((await s.api(settlementApi.settlementDelete, { orderNo: b }, auth(admin))).code).toBe(200);
    const supply0 = await supply();
    const escrow0 = await onChain(escrow);

    const approved = await s.api(settlementApi.settlementAcceptBulk, { ids: [a, b, c] }, auth(admin, "bulk-calc-1"));
    expect(approved.data.results.map((x) => [x.id, x.ok, x.code, x.message])).toEqual([
      [a, true, 200, Msg.approveDone],
      [b, false, 409, Msg.settlementNotPending],
      [c, true, 200, Msg.approveDone],
    ]);
    expect(await supply()).toBe(supply0 - 4_000);
    expect(await onChain(escrow)).toBe(escrow0 - 4_000);
    const burns = await audited("calc.accept", [a, b, c]);
    expect(burns.map((x) => [x.target_id, x.tx_hash])).toEqual(
      [a, c].sort().map((n) => [n, approved.data.results.find((x) => x.id === n)!.txHash]),
    );
    const replay = await s.api(settlementApi.settlementAcceptBulk, { ids: [a, b, c] }, auth(admin, "bulk-calc-1"));
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.data).toEqual(approved.data);
    expect(await supply()).toBe(supply0 - 4_000);

    const shop0 = await onChain(shopAddr);
    const deleted = await s.api(settlementApi.settlementDeleteBulk, { ids: [d, a] }, auth(admin));
    expect(deleted.data.results.map((x) => [x.id, x.ok, x.code])).toEqual([
      [d, true, 200],
      [a, false, 409],
    ]);
    expect(await onChain(shopAddr)).toBe(shop0 + 4_000);
    expect((await audited("calc.delete", [d, a])).map((x) => x.target_id)).toEqual([d]);
  }, 180_000);

  it("deletes several posts of one board, each audited; a missing one is reported", async () => {
    const made = [];
    for (const title of ["하나", "둘"])
      made.push((await s.api(boardsApi.boardCreate, { type: "notice", content: { title, content: "<p>내용</p>" } }, auth(admin))).data.id);
    const r = await s.api(boardsApi.boardDeleteBulk, { type: "notice", ids: [made[0], 987_654, made[1]] }, auth(admin));
    expect(r.data).toMatchObject({ done: 2, refused: 1 });
    expect(r.data.results[1]).toEqual({ id: 987_654, ok: false, code: 404, message: Msg.notFound });
    expect((await audited("board.delete", made)).map((x) => x.target_id)).toEqual(made.map(String).sort());
    expect((await s.api(boardsApi.boardDetail, { type: "notice", id: made[0] }, auth(admin))).code).toBe(404);
  });

  it("restarts a keyed bulk request's age between items: a duplicate of a long one is told 'in progress' (the key is young), not run as a dead request's retry", async () => {
    const ref = { scope: "a:1:POST:/api/sale/accept/bulk", key: "held-1" };
    expect(await claimIdempotencyKey(s.ctx.db, ref.scope, ref.key, "hash")).toBe(true);
    const old = new Date(Date.now() - IDEMPOTENCY_STALE_MS - 5_000).toISOString();
    const age = async () => Date.now() - Date.parse((await idempotencyRecord(s.ctx.db, ref.scope, ref.key))!.created_at);
    // As after a first item that took longer than the stale limit.
    await s.ctx.db.updateTable("idempotency").set({ created_at: old }).where("key", "=", ref.key).execute();
    const res = { locals: { idempotency: ref }, req: { path: "/api/sale/accept/bulk" } } as unknown as Response;
    const ages: number[] = [];
    const out = await eachItem(s.ctx, res, [1, 2], async () => {
      ages.push(await age());
      return { message: Msg.saleApproved };
    });
    expect(out).toMatchObject({ done: 2, refused: 0 });
    expect(ages[0]).toBeGreaterThan(IDEMPOTENCY_STALE_MS);
    expect(ages[1]).toBeLessThan(IDEMPOTENCY_STALE_MS);
  });

  it("refuses an operator without the area's flag (403), an empty batch and one over BULK_MAX (400)", async () => {
    const viewer = await operator({ isSale2: true, isExchange1: true, isBoard1: true });
    expect((await s.api(salesApi.saleAcceptBulk, { ids: [1] }, auth(viewer))).code).toBe(403);
    expect((await s.api(salesApi.saleDeleteBulk, { ids: [1] }, auth(viewer))).code).toBe(403);
    expect((await s.api(settlementApi.settlementAcceptBulk, { ids: ["C1"] }, auth(viewer))).code).toBe(403);
    expect((await s.api(settlementApi.settlementDeleteBulk, { ids: ["C1"] }, auth(viewer))).code).toBe(403);
    // The board gate admits any board flag; the board's own (notice: isNotice1) decides.
    expect((await s.api(boardsApi.boardDeleteBulk, { type: "notice", ids: [1] }, auth(viewer))).code).toBe(403);
    expect((await s.api(boardsApi.boardDeleteBulk, { type: "inquiry", ids: [987_654] }, auth(viewer))).data).toMatchObject({
      done: 0,
      refused: 1,
    });

    expect(await s.api(salesApi.saleAcceptBulk, { ids: [] }, auth(admin))).toMatchObject({ code: 400, message: Msg.selectItem });
    const tooMany = Array.from({ length: BULK_MAX + 1 }, (_, i) => i + 1);
    expect(await s.api(salesApi.saleAcceptBulk, { ids: tooMany }, auth(admin))).toMatchObject({
      code: 400,
      message: bulkTooMany(BULK_MAX),
    });
  });
});
