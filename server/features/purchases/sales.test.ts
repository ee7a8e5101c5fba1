import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { startTestStack, type TestStack } from "../../test/harness";
import { WITH_REASON } from "../../test/download-reason";
import { insertOperator } from "../../test/operators";
import { acceptBuy, expireBuyOrders, requestBuy } from "./purchases.service";
import { callToken } from "../../money/chain-calls";
import { memberByPhone } from "../../records/members.repo";
import { buyOrder } from "./purchases.repo";
import { saleTotals } from "./sales.routes";
import { seoulPeriods } from "../../../domain/schemas/shared/periods";
import { Msg } from "../../../domain/messages";
import { OperatorPermission } from "../../../domain/constants";

const M1 = { phone: "01011112222", pw: "111111" };
const M2 = { phone: "01033334444", pw: "222222" };

describe("back-office money: sales and deposit bank accounts", () => {
  let s: TestStack;
  let admin: string;
  let sellOnly: string;
  let bankOnly: string;
  const as = (token: string) => (method: string, path: string, body?: unknown) =>
    s.call(method, path, { token, marker: "operation", body, headers: WITH_REASON });
  const member = async (phone: string) => (await memberByPhone(s.ctx.db, phone))!;
  const onChain = async (a: string) => Number(await s.ctx.chain.token.balanceOf(a));

  beforeAll(async () => {
    s = await startTestStack();
    admin = await s.loginOperator("admin", "admin1234");
    await insertOperator(s.ctx, "sellonly1", OperatorPermission.SUB, { isSale1: true });
    await insertOperator(s.ctx, "bankonly1", OperatorPermission.SUB, { isWallet1: true });
    sellOnly = await s.loginOperator("sellonly1", "operator1234");
    bankOnly = await s.loginOperator("bankonly1", "operator1234");
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it("cuts day, week (Sunday–Saturday) and month in Asia/Seoul", () => {
    // 2025-06-07 23:00 KST is a Saturday; its week began Sunday 2025-06-01 00:00 KST (05-31 15:00 UTC).
    const p = seoulPeriods(Date.parse("2025-06-07T14:00:00Z"));
    expect(p.day.start.toISOString()).toBe("2025-06-06T15:00:00.000Z");
    expect(p.week.start.toISOString()).toBe("2025-05-31T15:00:00.000Z");
    expect(p.week.end.toISOString()).toBe("2025-06-07T15:00:00.000Z");
    expect(p.month.start.toISOString()).toBe("2025-05-31T15:00:00.000Z");
    // Sunday 00:00 KST starts a new week.
    expect(seoulPeriods(Date.parse("2025-06-07T15:00:00Z")).week.start.toISOString()).toBe("2025-06-07T15:00:00.000Z");
  });

  it("totals approved sells by day, week and month across a Saturday/Sunday and a month boundary", async () => {
    const m = await member(M2.phone);
    const at = async (iso: string, value: number) => {
      const t = new Date(iso);
      const o = await requestBuy(s.ctx, m, value, M2.pw, new Date(t.getTime() - 3600_000));
      await acceptBuy(s.ctx, o.id, t);
    };
    await at("2025-05-24T14:59:00Z", 32_000); // Sat 05-24 23:59 KST
    await at("2025-05-25T00:00:00Z", 16_000); // Sun 05-25 09:00 KST
    await at("2025-05-31T14:30:00Z", 1_000); // Sat 05-31 23:30 KST
    await at("2025-05-31T15:30:00Z", 2_000); // Sun 06-01 00:30 KST
    await at("2025-06-07T14:59:59Z", 4_000); // Sat 06-07 23:59:59 KST
    await at("2025-06-07T15:00:00Z", 8_000); // Sun 06-08 00:00 KST
    expect(await saleTotals(s.ctx, "sell", Date.parse("2025-06-07T14:00:00Z"))).toEqual({
      daily_value: 4_000,
      weekly_value: 6_000,
      monthly_value: 14_000,
    });
    expect(await saleTotals(s.ctx, "sell", Date.parse("2025-05-31T14:45:00Z"))).toEqual({
      daily_value: 1_000,
      weekly_value: 17_000,
      monthly_value: 49_000,
    });
    expect(await saleTotals(s.ctx, "sell", Date.parse("2025-06-08T00:00:00Z"))).toEqual({
      daily_value: 8_000,
      weekly_value: 8_000,
      monthly_value: 14_000,
    });
    const got = await as(admin)("GET", "/api/sale/sell");
    expect(got.code).toBe(200);
    expect(Object.keys(got.data).sort()).toEqual(["daily_value", "monthly_value", "weekly_value"]);
  }, 120_000);

  it("lists, details and downloads sells; enforces the date rule and the type", async () => {
    const list = await as(admin)("POST", "/api/sale/list", {
      type: "sell",
      from: "2025-05-20",
      to: "2025-06-10",
      tablehandler: { page: 1, perPage: 10, sortBy: "createdAt", sortDesc: false },
    });
    expect(list.code).toBe(200);
    expect(list.data.total).toBe(6);
    expect(list.data.list[0]).toMatchObject({ type: "입금 완료", value: 32_000, username: "이서연", phone: M2.phone });
    expect(list.data.list[0].txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(list.data.list[0].address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const detail = await as(admin)("POST", "/api/sale/detail", { id: list.data.list[0].id, type: "sell" });
    expect(detail.data).toMatchObject({ orderNo: list.data.list[0].orderNo, value: 32_000 });

    expect(await as(admin)("POST", "/api/sale/list", { type: "sell", from: "2025-01-01", to: "2025-06-10" })).toMatchObject({
      code: 400,
      message: Msg.dateRangeTooLong,
    });
    expect(await as(admin)("POST", "/api/sale/list", { type: "sell", from: "2025-06-10", to: "2025-06-01" })).toMatchObject({
      code: 400,
      message: Msg.dateFromAfterTo,
    });
    expect(await as(admin)("POST", "/api/sale/list", { type: "sell", from: "2099-01-01", to: "2099-01-02" })).toMatchObject({
      code: 400,
      message: Msg.dateToAfterToday,
    });
    expect((await as(admin)("POST", "/api/sale/list", { type: "refund" })).code).toBe(400);
    expect((await as(admin)("POST", "/api/sale/list", { type: "sell", tablehandler: { perPage: 7 } })).code).toBe(400);
    expect((await as(admin)("POST", "/api/sale/detail", { id: 99999, type: "sell" })).code).toBe(404);
    expect((await as(admin)("POST", "/api/sale/detail", { id: "x", type: "sell" })).code).toBe(400);
    expect((await as(admin)("GET", "/api/sale/refund")).code).toBe(404);

    const res = await fetch(`${s.url}/api/sale/sell/download?from=2025-05-20&to=2025-06-10`, {
      headers: { authorization: `Bearer ${admin}`, "cookie-type": "operation", ...WITH_REASON },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("sale_sell.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    expect(wb.worksheets[0].actualRowCount).toBe(7);
    expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1, 4)).toEqual(["번호", "주문번호", "상태"]);
    expect(await as(admin)("GET", "/api/sale/sell/download?from=2025-01-01&to=2025-01-02")).toMatchObject({
      code: 404,
      message: Msg.noResults,
    });
  });

  it("lists use and gift transfers with names, addresses and the gift fee", async () => {
    const t1 = await s.loginUser(M1.phone, M1.pw);
    const to = (await s.ctx.custody.memberWallet((await member(M2.phone)).id))!.address;
    const gift = await s.call("POST", "/api/gift/trade/address", {
      token: t1,
      body: { opponentAddress: to, kind: 0, type: 1, value: 1_000, password: M1.pw },
    });
    expect([gift.code, gift.message]).toEqual([200, undefined]);
    const list = await as(admin)("POST", "/api/sale/list", { type: "gift" });
    expect(list.code).toBe(200);
    expect(list.data.list[0]).toMatchObject({
      username: "김민준",
      toUsername: "이서연",
      value: 1_000,
      fee: 200,
      receiverAddress: to,
      type: "완료",
    });
    const totals = await as(admin)("GET", "/api/sale/gift");
    expect(totals.data.daily_value).toBeGreaterThanOrEqual(1_000);
    expect((await as(admin)("POST", "/api/sale/detail", { id: list.data.list[0].id, type: "gift" })).data.fee).toBe(200);
    expect((await as(admin)("POST", "/api/sale/detail", { id: list.data.list[0].id, type: "use" })).code).toBe(404);
    expect((await as(admin)("POST", "/api/sale/list", { type: "use" })).code).toBe(200);
  });

  it("an operator holding only isSale1 reaches the sell calls and nothing else", async () => {
    const op = as(sellOnly);
    expect((await op("GET", "/api/sale/sell")).code).toBe(200);
    expect((await op("POST", "/api/sale/list", { type: "sell" })).code).toBe(200);
    expect((await op("GET", "/api/sale/sell/download?from=2025-05-20&to=2025-06-10")).status).toBe(200);
    for (const [m, p, b] of [
      ["GET", "/api/sale/use"],
      ["GET", "/api/sale/gift"],
      ["POST", "/api/sale/list", { type: "use" }],
      ["POST", "/api/sale/list", { type: "gift" }],
      ["POST", "/api/sale/detail", { id: 1, type: "gift" }],
      ["GET", "/api/sale/use/download"],
      ["GET", "/api/address/bank"],
    ] as [string, string, unknown?][]) {
      expect([p, (await op(m, p, b)).code]).toEqual([p, 403]);
    }
  });

  it("approve and delete racing on one order: exactly one wins, the other gets a clear answer", async () => {
    const m = await member(M2.phone);
    const addr = (await s.ctx.custody.memberWallet(m.id))!.address;
    for (let i = 0; i < 3; i++) {
      const before = await onChain(addr);
      const o = await requestBuy(s.ctx, m, 500, M2.pw);
      const [acc, del] = await Promise.all([
        as(sellOnly)("POST", "/api/sale/accept", { id: o.id }),
        as(admin)("DELETE", `/api/sale/delete/${o.id}`),
      ]);
      const codes = [acc.code, del.code].sort();
      expect(codes).toEqual([200, 409]);
      const loser = acc.code === 200 ? del : acc;
      expect(loser.message).toBe(Msg.orderNotPending);
      const state = (await buyOrder(s.ctx.db, o.id))!.state;
      expect(state).toBe(acc.code === 200 ? "confirmed" : "cancelled");
      expect(await onChain(addr)).toBe(before + (acc.code === 200 ? 500 : 0));
    }
    // Approved alone, by the isSale1 operator: audited under its id with the transfer.
    const o = await requestBuy(s.ctx, m, 600, M2.pw);
    const acc = await as(sellOnly)("POST", "/api/sale/accept", { id: o.id });
    expect(acc.code).toBe(200);
    // Accepting changes type and expiredAt (spec): the order closed at its confirmation, not at its old deadline.
    const confirmedAt = (await buyOrder(s.ctx.db, o.id))!.confirmed_at;
    expect(confirmedAt).not.toBeNull();
    expect(acc.data).toMatchObject({ type: "입금 완료", expiredAt: confirmedAt });
    expect(acc.data.expiredAt).not.toBe(o.expires_at);
    const log = await as(admin)("GET", "/api/operation/actions");
    const entry = log.data.list.find(
      (a: { action: string; targetId: string }) => a.action === "sale.accept" && a.targetId === String(o.id),
    );
    expect(entry).toMatchObject({ adminLoginId: "sellonly1", before: "pending", after: { state: "confirmed" } });
  }, 120_000);

  it("an approval whose transfer fails after the call's wait reopens the order when the failure comes", async () => {
    const m = await member(M1.phone);
    const buyer = (await s.ctx.custody.memberWallet(m.id))!.address;
    const o = await requestBuy(s.ctx, m, 700, M1.pw);
    // Approved a minute before its deadline: reopened, it must not be cancelled a minute later.
    await s.ctx.db
      .updateTable("buy_orders")
      .set({ expires_at: new Date(Date.now() + 60_000).toISOString() })
      .where("id", "=", o.id)
      .execute();
    await s.ctx.relayer.stop();
    // The buyer's account is blocked on chain: the transfer to it will revert.
    expect((await callToken(s.ctx, "blockAccount", [buyer])).status).toBe("confirmed");
    try {
      const acc = await as(admin)("POST", "/api/sale/accept", { id: o.id });
      expect(acc.code).toBe(200);
      expect(acc.data.status).toBe("pending");
      expect((await buyOrder(s.ctx.db, o.id))!.state).toBe("confirmed");
      s.ctx.relayer.start();
      const deadline = Date.now() + 20_000;
      while ((await buyOrder(s.ctx.db, o.id))!.state !== "pending" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      const reopened = (await buyOrder(s.ctx.db, o.id))!;
      expect(reopened).toMatchObject({ state: "pending", transfer_id: null });
      expect(Date.parse(reopened.expires_at)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    } finally {
      s.ctx.relayer.start();
      await callToken(s.ctx, "unblockAccount", [buyer]);
    }
  }, 60_000);

  it("an approved order whose transfer failed while nobody heard it (the server down) is reopened by the expiry job", async () => {
    const m = await member(M1.phone);
    const o = await requestBuy(s.ctx, m, 800, M1.pw);
    const acc = await acceptBuy(s.ctx, o.id);
    expect(acc.state).toBe("confirmed");
    // As a restart would leave it: the row failed (no listener ran), the order still 구매확정.
    await s.ctx.db
      .updateTable("outbox_transfers")
      .set({ status: "failed", error: "reverted" })
      .where("id", "=", acc.transfer_id!)
      .execute();
    await expireBuyOrders(s.ctx);
    const reopened = (await buyOrder(s.ctx.db, o.id))!;
    expect(reopened).toMatchObject({ state: "pending", transfer_id: null, confirmed_at: null });
    expect(Date.parse(reopened.expires_at)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    await s.ctx.db.updateTable("buy_orders").set({ state: "cancelled" }).where("id", "=", o.id).execute();
  });

  it("deposit bank accounts: add with the account rule, set main (shown on the buy page), remove", async () => {
    const op = as(bankOnly);
    const list0 = await op("GET", "/api/address/bank");
    expect(list0.code).toBe(200);
    expect(list0.data.filter((b: { isMain: boolean }) => b.isMain)).toHaveLength(1);
    expect(await op("POST", "/api/address/bank", { bank: "신한은행", account: "12-34", name: "케이알" })).toMatchObject({
      code: 400,
      message: Msg.bankAccountRule,
    });
    expect(await op("POST", "/api/address/bank", { bank: "신한은행", account: "110-123-456789abc", name: "케이알" })).toMatchObject({
      code: 400,
      message: Msg.bankAccountRule,
    });
    expect(await op("POST", "/api/address/bank", { bank: "", account: "110-123-456789", name: "케이알" })).toMatchObject({
      code: 400,
      message: Msg.required,
    });
    expect((await op("POST", "/api/address/bank", { account: "110-123-456789", name: "케이알" })).code).toBe(400);
    const made = await op("POST", "/api/address/bank", { bank: "신한은행", account: "110-123-456789", name: "(주)케이알", nickname: "" });
    expect(made.code).toBe(200);
    expect(made.data).toMatchObject({ bankName: "신한은행", bankAccount: "110-123-456789", nickname: null, isMain: false });
    const oldMain = list0.data.find((b: { isMain: boolean }) => b.isMain);
    expect(await op("PUT", "/api/address/bank", { id: oldMain.id })).toMatchObject({ code: 400, message: Msg.bankAlreadyMain });
    expect(await op("DELETE", `/api/address/bank/${oldMain.id}`)).toMatchObject({ code: 400, message: Msg.bankMainNotRemovable });
    expect((await op("PUT", "/api/address/bank", { id: 99999 })).code).toBe(404);
    expect((await op("PUT", "/api/address/bank", {})).code).toBe(400);
    const set = await op("PUT", "/api/address/bank", { id: made.data.id });
    expect(set.code).toBe(200);
    expect(set.data.filter((b: { isMain: boolean }) => b.isMain).map((b: { id: number }) => b.id)).toEqual([made.data.id]);
    const t2 = await s.loginUser(M2.phone, M2.pw);
    expect((await s.call("GET", "/api/buy", { token: t2 })).data.bankInfo).toEqual({
      bankName: "신한은행",
      bankAccount: "110-123-456789",
      ownerName: "(주)케이알",
    });
    expect(await op("DELETE", `/api/address/bank/${oldMain.id}`)).toMatchObject({ code: 200, data: "OK" });
    expect((await op("DELETE", `/api/address/bank/${oldMain.id}`)).code).toBe(404);
    expect((await as(sellOnly)("PUT", "/api/address/bank", { id: made.data.id })).code).toBe(403);
    const log = await as(admin)("GET", "/api/operation/actions");
    expect(log.data.list.map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining(["bank.create", "bank.main", "bank.delete"]),
    );
  });
});
