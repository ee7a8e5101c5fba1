import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { WITH_REASON } from "../../test/download-reason";
import { insertOperator } from "../../test/operators";
import { createMember } from "../members/members.service";
import { memberByPhone } from "../../records/members.repo";
import { OperatorPermission } from "../../../domain/constants";
import { Msg } from "../../../domain/messages";
import { findOwners } from "../../../domain/schemas/settlement";

const M1 = { phone: "01011112222", pw: "111111" };
const SHOP = { phone: "01055556666", pw: "333333" };
const SHOP2 = { phone: "01077778888", pw: "444444" };

describe("settlement: shop owners request, operators approve (burn) or delete (return)", () => {
  let s: TestStack;
  let admin: string;
  let shop: string;
  let shop2: string;
  let viewer: string;
  let shopAddr: string;
  let shop2Addr: string;
  let escrow: string;
  const op = (method: string, path: string, token: string, body?: unknown, headers?: Record<string, string>) =>
    s.call(method, path, { token, marker: "operation", body, headers: { ...WITH_REASON, ...headers } });
  const onChain = async (a: string) => Number(await s.ctx.chain.token.balanceOf(a));
  const supply = async () => Number(await s.ctx.chain.token.totalSupply());
  const request = (token: string, address: string, value: number, password: string, key?: string) =>
    op("POST", "/api/calc/request/exchange", token, { address, value, password }, key ? { "idempotency-key": key } : undefined);

  /** Waits (bounded) for the indexer to show what the relayer confirmed. */
  const until = async (cond: () => Promise<boolean>) => {
    for (let i = 0; i < 200 && !(await cond()); i++) await new Promise((r) => setTimeout(r, 100));
  };

  beforeAll(async () => {
    s = await startTestStack();
    admin = await s.loginOperator("admin", "admin1234");
    shop = await s.loginOperator("shop01", "shop1234");
    shopAddr = (await s.ctx.custody.memberWallet((await memberByPhone(s.ctx.db, SHOP.phone))!.id))!.address;
    escrow = (await s.ctx.custody.byKind("settlement"))!.address;
    // A second shop with its own operator (permission 3), still without vouchers.
    const m2 = await createMember(s.ctx, {
      phonenumber: SHOP2.phone,
      password: SHOP2.pw,
      username: "KRW 마켓 2호점",
      permission: "exchanger",
    });
    shop2Addr = m2.address;
    await insertOperator(s.ctx, "shop02", OperatorPermission.EXCHANGER, { isExchange3: true, isExchange5: true }, m2.id);
    shop2 = await s.loginOperator("shop02", "operator1234");
    await insertOperator(s.ctx, "viewer1", OperatorPermission.SUB, { isExchange1: true });
    viewer = await s.loginOperator("viewer1", "operator1234");
    // A member uses 20,000 won of vouchers at the demo shop.
    const member = await s.loginUser(M1.phone, M1.pw);
    const use = await s.call("POST", "/api/use/trade/address", {
      token: member,
      body: { opponentAddress: shopAddr, kind: 0, type: 0, value: 20_000, password: M1.pw },
    });
    expect(use.code).toBe(200);
    await until(async () => (await op("GET", "/api/calc/request/wallets", shop)).data?.[0]?.balance === 20_000);
  }, 180_000);
  afterAll(async () => {
    await s?.stop();
  });

  it("lists only the linked shop member's wallet, with its balance", async () => {
    expect((await op("GET", "/api/calc/request/wallets", shop)).data).toEqual([{ address: shopAddr, balance: 20_000 }]);
    expect((await op("GET", "/api/calc/request/wallets", shop2)).data).toEqual([{ address: shop2Addr, balance: 0 }]);
  });

  it("validates the request with the spec's messages", async () => {
    const cases: [unknown, string][] = [
      [{ value: 1000, password: SHOP.pw }, Msg.required],
      [{ address: shopAddr, password: SHOP.pw }, Msg.required],
      [{ address: shopAddr, value: 1000, password: "12" }, Msg.settlementPasswordRequired],
      [{ address: shopAddr, value: 1000 }, Msg.settlementPasswordRequired],
    ];
    for (const [body, message] of cases) {
      const r = await op("POST", "/api/calc/request/exchange", shop, body);
      expect([r.status, r.code, r.message], JSON.stringify(body)).toEqual([422, 1130, message]);
    }
    const empty = await request(shop2, shop2Addr, 1000, SHOP2.pw);
    expect([empty.code, empty.message]).toEqual([1130, Msg.settlementWalletEmpty]);
    const over = await request(shop, shopAddr, 20_100, SHOP.pw);
    expect([over.code, over.message]).toEqual([1130, Msg.settlementOverBalance]);
    const wrong = await request(shop, shopAddr, 1000, "000000");
    expect([wrong.code, wrong.message]).toEqual([400, Msg.passwordWrong]);
    expect(await onChain(shopAddr)).toBe(20_000);
  });

  it("request → approve: the escrow holds it, then the burn lowers totalSupply by exactly the amount", async () => {
    const supply0 = await supply();
    const escrow0 = await onChain(escrow);
    const r = await request(shop, shopAddr, 3_000, SHOP.pw, "calc-req-1");
    expect([r.code, r.message, r.data.state]).toEqual([200, Msg.settlementRequestDone, "승인 대기"]);
    const replay = await request(shop, shopAddr, 3_000, SHOP.pw, "calc-req-1");
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.data.orderNo).toBe(r.data.orderNo);
    expect(await onChain(shopAddr)).toBe(17_000);
    expect(await onChain(escrow)).toBe(escrow0 + 3_000);
    const notes = await s.ctx.db.selectFrom("notifications").selectAll().where("category", "=", "정산").execute();
    expect(notes.length).toBe(1);

    const list = await op("POST", "/api/calc/management/search", admin, { state: "pending" });
    const row = list.data.list.find((x: { orderNo: string }) => x.orderNo === r.data.orderNo);
    expect(row).toMatchObject({ phonenumber: SHOP.phone, value: 3_000, state: "승인 대기" });
    expect((await op("POST", "/api/calc/management/detail", admin, { id: row.id })).data).toMatchObject({
      orderNo: r.data.orderNo,
      state: "승인 대기",
    });

    const ok = await op("POST", "/api/calc/management/accept", admin, { orderNo: r.data.orderNo });
    expect([ok.code, ok.message, ok.data.state]).toEqual([200, Msg.approveDone, "승인"]);
    expect(await supply()).toBe(supply0 - 3_000);
    expect(await onChain(escrow)).toBe(escrow0);
    expect(await onChain(shopAddr)).toBe(17_000);

    const again = await op("POST", "/api/calc/management/accept", admin, { orderNo: r.data.orderNo });
    expect([again.code, again.message]).toEqual([409, Msg.settlementNotPending]);
    const del = await op("DELETE", `/api/calc/management/delete/${r.data.orderNo}`, admin);
    expect([del.code, del.message]).toEqual([409, Msg.settlementNotPending]);
    expect(await supply()).toBe(supply0 - 3_000);
    const audit = await s.ctx.db.selectFrom("admin_actions").selectAll().where("action", "=", "calc.accept").execute();
    expect(audit.map((a) => [a.target_id, a.tx_hash !== null])).toEqual([[r.data.orderNo, true]]);
    // The detail: the spec's fields, and the transactions of the request and the burn as the chain has them.
    const detail = (await op("POST", "/api/calc/management/detail", admin, { id: row.id })).data;
    expect(detail).toMatchObject({
      state: "승인",
      type: "정산 신청",
      requestPhonenumber: SHOP.phone,
      requestAddress: shopAddr,
      adminAddress: escrow,
      requestValue: 3_000,
      adminValue: 3_000,
      returnTxHash: null,
    });
    expect(detail.expiredAt).toBe(detail.approvedAt);
    expect(detail.burnTxHash).toBe(ok.data.txHash);
    const burn = await s.ctx.chain.provider.getTransactionReceipt(detail.burnTxHash);
    expect(burn?.status).toBe(1);
    const moved = await s.ctx.chain.provider.getTransactionReceipt(detail.requestTxHash);
    expect(moved?.status).toBe(1);
  });

  it("request → delete: the amount returns to the shop's wallet; a second action is refused", async () => {
    const supply0 = await supply();
    const escrow0 = await onChain(escrow);
    const shop0 = await onChain(shopAddr);
    const r = await request(shop, shopAddr, 2_000, SHOP.pw);
    expect(r.code).toBe(200);
    expect(await onChain(shopAddr)).toBe(shop0 - 2_000);
    const del = await op("DELETE", `/api/calc/management/delete/${r.data.orderNo}`, admin);
    expect([del.code, del.message, del.data.state]).toEqual([200, Msg.deleteDone, "삭제"]);
    expect(await onChain(shopAddr)).toBe(shop0);
    expect(await onChain(escrow)).toBe(escrow0);
    expect(await supply()).toBe(supply0);
    expect((await op("POST", "/api/calc/management/accept", admin, { orderNo: r.data.orderNo })).code).toBe(409);
    expect((await op("DELETE", `/api/calc/management/delete/${r.data.orderNo}`, admin)).code).toBe(409);
    expect(await onChain(shopAddr)).toBe(shop0);
    const audit = await s.ctx.db.selectFrom("admin_actions").select("target_id").where("action", "=", "calc.delete").execute();
    expect(audit.map((a) => a.target_id)).toEqual([r.data.orderNo]);
    const row = (await op("POST", "/api/calc/management/search", admin, { state: "deleted" })).data.list.find(
      (x: { orderNo: string }) => x.orderNo === r.data.orderNo,
    );
    const detail = (await op("POST", "/api/calc/management/detail", admin, { id: row.id })).data;
    expect(detail).toMatchObject({ state: "삭제", adminValue: null, burnTxHash: null, returnTxHash: del.data.txHash });
    expect(detail.expiredAt).toBe(detail.deletedAt);
    await expect.poll(async () => (await op("GET", "/api/calc/request/wallets", shop)).data[0].balance, { timeout: 20_000 }).toBe(shop0);
  });

  it("concurrent requests cannot exceed the shop's spendable balance", async () => {
    const balance = await onChain(shopAddr);
    const each = Math.floor(balance / 2) + 100;
    const results = await Promise.all([1, 2, 3, 4].map(() => request(shop, shopAddr, each, SHOP.pw)));
    const okCount = results.filter((r) => r.code === 200).length;
    expect(okCount).toBe(1);
    for (const r of results.filter((x) => x.code !== 200)) expect([r.code, r.message]).toEqual([1130, Msg.settlementOverBalance]);
    expect(await onChain(shopAddr)).toBe(balance - each);
    // Return it for the next tests.
    const orderNo = results.find((r) => r.code === 200)!.data.orderNo;
    expect((await op("DELETE", `/api/calc/management/delete/${orderNo}`, admin)).code).toBe(200);
    expect(await onChain(shopAddr)).toBe(balance);
  });

  it("an approval and a deletion racing on one order: exactly one wins, and the chain agrees with it", async () => {
    const supply0 = await supply();
    const shop0 = await onChain(shopAddr);
    const r = await request(shop, shopAddr, 1_000, SHOP.pw);
    const [a, d] = await Promise.all([
      op("POST", "/api/calc/management/accept", admin, { orderNo: r.data.orderNo }),
      op("DELETE", `/api/calc/management/delete/${r.data.orderNo}`, admin),
    ]);
    expect([a.code, d.code].sort()).toEqual([200, 409]);
    if (a.code === 200) expect([await supply(), await onChain(shopAddr)]).toEqual([supply0 - 1_000, shop0 - 1_000]);
    else expect([await supply(), await onChain(shopAddr)]).toEqual([supply0, shop0]);
  });

  it("a shop operator sees and moves only its own member's wallet and orders (IDOR)", async () => {
    const mine = await op("POST", "/api/calc/request/history", shop, {});
    expect(mine.data.total).toBe(4);
    expect(mine.data.list.map((x: { exchangeAccept: string }) => x.exchangeAccept).filter((x: string) => x === "승인 대기")).toEqual([]);
    expect(Object.keys(mine.data.list[0]).sort()).toEqual(["balance", "createdAt", "exchangeAccept", "exchangeNo", "wallet"]);
    for (const body of [{}, { wallet: shopAddr }])
      expect((await op("POST", "/api/calc/request/history", shop2, body)).data).toMatchObject({ list: [], total: 0 });
    const foreign = await request(shop2, shopAddr, 1_000, SHOP.pw);
    expect([foreign.code, foreign.message]).toEqual([403, Msg.settlementWalletNotOwn]);
    expect((await op("POST", "/api/calc/request/history/download", shop2, { wallet: shopAddr })).code).toBe(404);
    // Management is not theirs at all.
    for (const [m, p, b] of [
      ["GET", "/api/calc/management/main"],
      ["POST", "/api/calc/management/detail", { id: 1 }],
      ["POST", "/api/calc/management/accept", { orderNo: "x" }],
      ["DELETE", "/api/calc/management/delete/x"],
    ] as const) {
      expect((await op(m, p, shop, b)).status, p).toBe(403);
    }
  });

  it("refuses non-exchanger operators on the request calls and view-only operators on approval", async () => {
    for (const token of [admin, viewer]) {
      expect((await op("GET", "/api/calc/request/wallets", token)).status).toBe(403);
      expect((await request(token, shopAddr, 1_000, SHOP.pw)).status).toBe(403);
      expect((await op("POST", "/api/calc/request/history", token, {})).status).toBe(403);
    }
    expect((await op("GET", "/api/calc/management/main", viewer)).data.total).toBe(4);
    // The home cards: 정산 승인 won and the burns the index saw.
    const approved = (await op("POST", "/api/calc/management/search", admin, { state: "approved" })).data.list as { value: number }[];
    const main = await op("GET", "/api/operation/maindata", admin);
    expect(main.data.exchangeSum).toBe(approved.reduce((a, r) => a + r.value, 0));
    await until(async () => (await op("GET", "/api/operation/maindata", admin)).data.tokenBurnCount === approved.length);
    expect((await op("GET", "/api/operation/maindata", admin)).data.tokenBurnCount).toBe(approved.length);
    expect(
      (await op("POST", "/api/calc/management/search", viewer, { state: "approved" })).data.list.every(
        (r: { state: string }) => r.state === "승인",
      ),
    ).toBe(true);
    expect((await op("POST", "/api/calc/management/search", viewer, { state: "pending" })).data.total).toBe(0);
    expect((await op("POST", "/api/calc/management/accept", viewer, { orderNo: "x" })).status).toBe(403);
    expect((await op("DELETE", "/api/calc/management/delete/x", viewer)).status).toBe(403);
    const download = (body: object) =>
      fetch(`${s.url}/api/calc/management/download`, {
        method: "POST",
        headers: { authorization: `Bearer ${viewer}`, "cookie-type": "operation", ...WITH_REASON, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const file = await download({});
    expect(file.headers.get("content-disposition")).toContain("calc_management.xlsx");
    const rowsOf = async (res: Response) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
      return wb.worksheets[0].actualRowCount - 1;
    };
    expect(await rowsOf(file)).toBe(4);
    // The file is the table's: the state tab filters it too.
    expect(await rowsOf(await download({ state: "approved" }))).toBe(approved.length);
    expect((await download({ state: "pending" })).status).toBe(404);
  });

  it("five wrong passwords lock the shop member's payments", async () => {
    const member = await s.loginUser(M1.phone, M1.pw);
    expect(
      (
        await s.call("POST", "/api/gift/trade/address", {
          token: member,
          body: { opponentAddress: shop2Addr, kind: 0, type: 1, value: 5_000, password: M1.pw },
        })
      ).code,
    ).toBe(200);
    await expect.poll(async () => (await op("GET", "/api/calc/request/wallets", shop2)).data[0].balance, { timeout: 20_000 }).toBe(5_000);
    for (let i = 0; i < 4; i++) expect((await request(shop2, shop2Addr, 1_000, "999999")).code).toBe(400);
    const fifth = await request(shop2, shop2Addr, 1_000, "999999");
    expect([fifth.code, fifth.message]).toEqual([423, Msg.paymentLocked]);
    const right = await request(shop2, shop2Addr, 1_000, SHOP2.pw);
    expect([right.code, right.message]).toEqual([423, Msg.paymentLocked]);
    expect(await onChain(shop2Addr)).toBe(5_000);
  });

  it("the shop wallet's gift history shows only its own wallet's gifts", async () => {
    const member = (await memberByPhone(s.ctx.db, M1.phone))!;
    const m1Addr = (await s.ctx.custody.memberWallet(member.id))!.address;
    const mine = await op("POST", "/api/calc/wallet/gift", shop2, {});
    expect(mine.data.total).toBe(1);
    expect(mine.data.list[0]).toMatchObject({ from: m1Addr, to: shop2Addr, type: "받음", value: 5_000 });
    // shop01 asking for shop02's wallet still gets its own (no gifts).
    expect((await op("POST", "/api/calc/wallet/gift", shop, { wallet: shop2Addr })).data).toMatchObject({ list: [], total: 0 });
    expect((await op("POST", "/api/calc/wallet/gift", admin, {})).status).toBe(403);
    const file = await fetch(`${s.url}/api/calc/wallet/gift/download`, {
      method: "POST",
      headers: { authorization: `Bearer ${shop2}`, "cookie-type": "operation", ...WITH_REASON, "content-type": "application/json" },
      body: "{}",
    });
    expect(file.headers.get("content-disposition")).toContain("gift_history.xlsx");
  });

  it("status: today's cards per owner wallet agree with the chain and with today's moves", async () => {
    const today = await op("GET", "/api/calc/status/today", admin);
    expect(today.code).toBe(200);
    const names = today.data.exchanger.map((o: { username: string }) => o.username);
    expect(names).toEqual(["KRW 마켓 1호점", "KRW 마켓 2호점"]);
    const card = today.data.data.find((c: { address: string }) => c.address === shopAddr);
    // All of shop01's history is today: it started at 0, received 20,000 from a use, and 3,000 + the race winner were taken to 정산.
    expect(card.y_money).toBe(0);
    expect(card.c_money).toBe(await onChain(shopAddr));
    expect(card.deposit).toBe(20_000);
    expect(card.gift).toBe(0);
    expect(card.send).toBe(0);
    const approved = (await op("POST", "/api/calc/management/search", admin, { state: "approved" })).data.list as { value: number }[];
    expect(card.calc).toBe(approved.reduce((a, r) => a + r.value, 0));
    expect(card.c_money).toBe(20_000 - card.calc);
    const card2 = (await op("POST", "/api/calc/status/wallets", admin, { wallets: [shop2Addr] })).data;
    expect(card2).toEqual([{ address: shop2Addr, y_money: 0, c_money: 5_000, calc: 0, deposit: 0, send: 0, gift: 5_000 }]);
    // The owner search and history messages.
    expect(findOwners(today.data.exchanger, " ", "name")).toBe(Msg.settlementKeywordRequired);
    expect(findOwners([], "x", "name")).toBe(Msg.settlementOwnerMissing);
    expect(findOwners(today.data.exchanger, "없는 점주", "name")).toBe(Msg.settlementNoMatch);
    const found = findOwners(today.data.exchanger, shopAddr.slice(2, 12).toLowerCase(), "wallet");
    expect(Array.isArray(found) && found.map((o) => o.wallets[0])).toEqual([shopAddr]);
    const owner1 = today.data.exchanger[0];
    const noWallet = await op("POST", "/api/calc/status/history", admin, { user_id: owner1.id, wallets: [] });
    expect([noWallet.code, noWallet.message]).toEqual([400, Msg.settlementSelectWallet]);
    // Another owner's wallet is not this owner's history.
    expect((await op("POST", "/api/calc/status/history", admin, { user_id: owner1.id, wallets: [shop2Addr] })).message).toBe(
      Msg.settlementSelectWallet,
    );
    // No owner chosen yet (the screen sends 0) and dates that are not calendar days: the spec's messages, not a 500.
    expect((await op("POST", "/api/calc/status/history", admin, { user_id: 0, wallets: [] })).message).toBe(Msg.settlementSelectWallet);
    for (const from of ["2026-01-00", "2026-02-30", ""]) {
      const bad = await op("POST", "/api/calc/status/history", admin, { user_id: owner1.id, wallets: [shopAddr], from, to: "2026-03-01" });
      expect([bad.code, bad.message]).toEqual([400, Msg.dateInvalid]);
    }
    const hist = await op("POST", "/api/calc/status/history", admin, { user_id: owner1.id, wallets: [shopAddr] });
    expect(
      hist.data.filter((m: { type: string }) => m.type === "사용").map((m: { value: number; direction: string }) => [m.value, m.direction]),
    ).toEqual([[20_000, "받음"]]);
    const file = await fetch(`${s.url}/api/calc/status/history/download`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin}`, "cookie-type": "operation", ...WITH_REASON, "content-type": "application/json" },
      body: JSON.stringify({ user_id: owner1.id, wallets: [shopAddr] }),
    });
    expect(file.headers.get("content-disposition")).toContain("calc_status.xlsx");
    expect((await op("GET", "/api/calc/status/today", shop)).status).toBe(403);
    expect((await op("GET", "/api/calc/status/today", viewer)).status).toBe(403);
  });

  it("after a restart the orders, the balances and totalSupply are as they were", async () => {
    const supply0 = await supply();
    const shop0 = await onChain(shopAddr);
    const before = (await op("POST", "/api/calc/management/search", admin, {})).data.list;
    s = await s.restart();
    admin = await s.loginOperator("admin", "admin1234");
    shop = await s.loginOperator("shop01", "shop1234");
    expect(await supply()).toBe(supply0);
    expect(await onChain(shopAddr)).toBe(shop0);
    expect((await op("POST", "/api/calc/management/search", admin, {})).data.list).toEqual(before);
    await until(async () => (await op("GET", "/api/calc/request/wallets", shop)).data?.[0]?.balance === shop0);
    expect((await op("GET", "/api/calc/request/wallets", shop)).data).toEqual([{ address: shopAddr, balance: shop0 }]);
    // The books agree with the chain after requests, burns and returns.
    const rec = await op("GET", "/api/dashboard/reconcile", admin);
    expect(rec.data.lines.filter((l: { ok: boolean }) => !l.ok)).toEqual([]);
  }, 120_000);
});
