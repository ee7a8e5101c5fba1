import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { requestBuy, buyCapacity, expireBuyOrders } from "../purchases/purchases.service";
import { createMember } from "../members/members.service";
import { memberByPhone as findByPhone, setMemberState } from "../../records/members.repo";
import { callToken } from "../../money/chain-calls";
import { Msg } from "../../../domain/messages";
import { Code } from "../../../domain/codes";

const M1 = { phone: "01011112222", pw: "111111" };
const M2 = { phone: "01033334444", pw: "222222" };
const SHOP = { phone: "01055556666", pw: "333333" };

describe("money: buy, approval, gift, use, history", () => {
  let s: TestStack;
  let t1: string;
  let t2: string;
  let admin: string;
  let addr1: string;
  let addr2: string;
  let shopAddr: string;
  const feeCollector = async () => (await s.ctx.custody.byKind("fee"))!.address;
  const memberByPhone = async (phone: string) => (await findByPhone(s.ctx.db, phone))!;
  const walletOf = async (phone: string) => (await s.ctx.custody.memberWallet((await memberByPhone(phone)).id))!.address;
  const outboxCount = async (kinds?: ("gift" | "use")[]) => {
    let q = s.ctx.db.selectFrom("outbox_transfers").select((eb) => eb.fn.countAll<number>().as("n"));
    if (kinds) q = q.where("kind", "in", kinds).where("status", "=", "confirmed");
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  const onChain = async (a: string) => Number(await s.ctx.chain.token.balanceOf(a));

  beforeAll(async () => {
    s = await startTestStack();
    t1 = await s.loginUser(M1.phone, M1.pw);
    t2 = await s.loginUser(M2.phone, M2.pw);
    admin = await s.loginOperator("admin", "admin1234");
    addr1 = await walletOf(M1.phone);
    addr2 = await walletOf(M2.phone);
    shopAddr = await walletOf(SHOP.phone);
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("shows the seeded balances from the indexed chain", async () => {
    const b1 = await s.call("GET", "/api/info/balance", { token: t1 });
    expect(b1.data.balance).toBe(50_000);
    expect(await onChain(addr1)).toBe(50_000);
    const buy = await s.call("GET", "/api/buy", { token: t2 });
    expect(buy.code).toBe(200);
    expect(buy.data).toMatchObject({ balance: 20_000, capacity: 1_000_000, bankInfo: { bankName: "국민은행" } });
  });

  it("validates the buy amount and password with the spec's messages", async () => {
    const cases: [unknown, string][] = [
      [{ password: M1.pw, value: 250 }, Msg.buyBelowMin],
      [{ password: M1.pw, value: 200 }, Msg.buyBelowMin],
      [{ password: M1.pw, value: 1_000_100 }, Msg.buyOverCapacity],
      [{ password: M1.pw, value: 10.5 }, Msg.amountUnit],
      [{ password: M1.pw, value: "1e5" }, Msg.amountUnit],
      [{ password: M1.pw }, Msg.required],
      [{ password: M1.pw, value: 1000, extra: 1 }, Msg.unknownField],
    ];
    // Only a wrong password answers 400 on a payment call; a refused amount or body is 1130 (HTTP 422).
    for (const [body, message] of cases) {
      const r = await s.call("POST", "/api/buy/charge", { token: t1, body });
      expect([r.status, r.code], JSON.stringify(body)).toEqual([422, Code.AMOUNT_REFUSED]);
      expect(r.message, JSON.stringify(body)).toBe(message);
    }
    const wrong = await s.call("POST", "/api/buy/charge", { token: t1, body: { password: "000000", value: 1000 } });
    expect([wrong.code, wrong.message, wrong.data]).toEqual([400, Msg.passwordWrong, { triesLeft: 4 }]);
    expect((await s.call("POST", "/api/buy/charge", { token: t1, body: { password: "000000", value: 1000 } })).data).toEqual({
      triesLeft: 3,
    });
    const bad = await s.call("POST", "/api/buy/charge", { token: t1, raw: "{not json" });
    expect([bad.status, bad.code]).toEqual([400, 400]);
    const anon = await s.call("POST", "/api/buy/charge", { body: { password: M1.pw, value: 1000 } });
    expect(anon.code).toBe(401);
    const noMarker = await s.call("POST", "/api/buy/charge", { token: t1, marker: null, body: { password: M1.pw, value: 1000 } });
    expect(noMarker.code).toBe(401);
    const adminOnWeb = await s.call("POST", "/api/buy/charge", { token: admin, marker: "web", body: { password: M1.pw, value: 1000 } });
    expect(adminOnWeb.code).toBe(401);
  });

  it("buys: pending order, capacity drops, operator approval moves treasury → buyer on-chain", async () => {
    const r = await s.call("POST", "/api/buy/charge", { token: t1, body: { password: M1.pw, value: 30_000 } });
    expect(r.code).toBe(200);
    expect(r.data.state).toBe("pending");
    const capacity = (await s.call("GET", "/api/buy", { token: t1 })).data.capacity;
    expect(capacity).toBe(970_000);
    let hist = await s.call("POST", "/api/info/history", { token: t1, body: { type: 1, page: 1 } });
    expect(hist.data.total_count).toBe(1);
    expect(hist.data.data_list[0]).toMatchObject({ value: 30_000, isAccepted: false, state: "pending" });

    const userTry = await s.call("POST", "/api/sale/accept", { token: t1, body: { id: r.data.id } });
    expect(userTry.code).toBe(401);
    const shopAdmin = await s.loginOperator("shop01", "shop1234");
    const noFlag = await s.call("POST", "/api/sale/accept", { token: shopAdmin, marker: "operation", body: { id: r.data.id } });
    expect(noFlag.code).toBe(403);

    const treasury = (await s.ctx.custody.byKind("treasury"))!.address;
    const treasuryBefore = await onChain(treasury);
    const ok = await s.call("POST", "/api/sale/accept", { token: admin, marker: "operation", body: { id: r.data.id } });
    expect(ok.code).toBe(200);
    expect(ok.data.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await onChain(addr1)).toBe(80_000);
    expect(await onChain(treasury)).toBe(treasuryBefore - 30_000);
    await s.waitIndexed();
    expect((await s.call("GET", "/api/info/balance", { token: t1 })).data.balance).toBe(80_000);
    hist = await s.call("POST", "/api/info/history", { token: t1, body: { type: 1, page: 1 } });
    expect(hist.data.data_list[0]).toMatchObject({ isAccepted: true, state: "confirmed", txHash: ok.data.txHash });

    const again = await s.call("POST", "/api/sale/accept", { token: admin, marker: "operation", body: { id: r.data.id } });
    expect(again.code).toBe(409);
    const delConfirmed = await s.call("DELETE", `/api/sale/delete/${r.data.id}`, { token: admin, marker: "operation" });
    expect(delConfirmed.code).toBe(409);
  });

  it("cancels a pending order on delete, and the scheduler cancels unpaid orders after 24 hours", async () => {
    const r = await s.call("POST", "/api/buy/charge", { token: t2, body: { password: M2.pw, value: 1_000 } });
    const del = await s.call("DELETE", `/api/sale/delete/${r.data.id}`, { token: admin, marker: "operation" });
    expect([del.code, del.data]).toEqual([200, "OK"]);
    const member = await memberByPhone(M2.phone);
    const old = await requestBuy(s.ctx, member, 2_000, M2.pw, new Date(Date.now() - 25 * 3600_000));
    const fresh = await requestBuy(s.ctx, member, 3_000, M2.pw);
    expect(await expireBuyOrders(s.ctx)).toBe(1);
    const state = async (id: number) =>
      (await s.ctx.db.selectFrom("buy_orders").select("state").where("id", "=", id).executeTakeFirstOrThrow()).state;
    expect(await state(old.id)).toBe("cancelled");
    expect(await state(fresh.id)).toBe("pending");
    // The member is told its request was cancelled by the deadline (notice + message), once.
    const told = async () =>
      (await s.ctx.db.selectFrom("member_notices").select("body").where("dedupe_key", "=", `buy-cancel:${old.id}`).execute()).map(
        (n) => n.body,
      );
    await expect.poll(told).toEqual([expect.stringContaining("입금 기한이 지나 취소되었습니다")]);
    const late = await s.call("POST", "/api/sale/accept", { token: admin, marker: "operation", body: { id: old.id } });
    expect(late.code).toBe(409);
  });

  it("shows a pending order's deposit account, amount and deadline, and lets the member cancel their own", async () => {
    const r = await s.call("POST", "/api/buy/charge", { token: t1, body: { password: M1.pw, value: 3_000 } });
    expect(r.code).toBe(200);
    expect(r.data.bankInfo).toMatchObject({ bankName: "국민은행" });
    const rowOf = async () =>
      (await s.call("POST", "/api/info/history", { token: t1, body: { type: 1, page: 1 } })).data.data_list.find(
        (x: { id: number }) => x.id === r.data.id,
      );
    expect(await rowOf()).toMatchObject({ state: "pending", value: 3_000, expiredAt: r.data.expiredAt, bankInfo: r.data.bankInfo });
    const foreign = await s.call("POST", "/api/buy/cancel", { token: t2, body: { id: r.data.id } });
    expect([foreign.code, foreign.message]).toEqual([404, Msg.notFound]);
    const mine = await s.call("POST", "/api/buy/cancel", { token: t1, body: { id: r.data.id } });
    expect([mine.code, mine.data]).toEqual([200, { id: r.data.id, state: "cancelled" }]);
    expect(await rowOf()).toMatchObject({ state: "cancelled", bankInfo: null });
    const again = await s.call("POST", "/api/buy/cancel", { token: t1, body: { id: r.data.id } });
    expect([again.code, again.message]).toEqual([409, Msg.orderNotPending]);
  });

  it("counts the monthly limit per Asia/Seoul calendar month", async () => {
    const member = await memberByPhone(M2.phone);
    // 2026-01-31 23:30 in Seoul is 14:30 UTC: still January there.
    const janLate = new Date("2026-01-31T14:30:00Z");
    const febEarly = new Date("2026-01-31T15:30:00Z"); // 2026-02-01 00:30 Seoul
    await requestBuy(s.ctx, member, 999_000, M2.pw, janLate);
    expect(await buyCapacity(s.ctx, member.id, janLate)).toBe(1_000);
    await expect(requestBuy(s.ctx, member, 2_000, M2.pw, janLate)).rejects.toMatchObject({ message: Msg.buyOverCapacity });
    expect(await buyCapacity(s.ctx, member.id, febEarly)).toBe(1_000_000);
    await requestBuy(s.ctx, member, 2_000, M2.pw, febEarly);
  });

  it("gifts by phone lookup: value to the recipient and 200 won to the fee collector in one transaction", async () => {
    const look = await s.call("POST", "/api/info/user", { token: t1, body: { phonenumber: M2.phone } });
    expect(look.code).toBe(200);
    expect(look.data.address).toBe(addr2);
    expect(look.data.username).toBe("이서연");
    const miss = await s.call("POST", "/api/info/user", { token: t1, body: { phonenumber: "01099998888" } });
    expect([miss.code, miss.message]).toEqual([500, Msg.recipientPhoneNotFound]);
    const missAddr = await s.call("POST", "/api/info/user", { token: t1, body: { address: "0x0000000000000000000000000000000000000001" } });
    expect([missAddr.code, missAddr.message]).toEqual([500, Msg.recipientAddressNotFound]);
    // A paste with stray characters (longer than an address) is an address nobody has, not a format error.
    const longAddr = await s.call("POST", "/api/info/user", { token: t1, body: { address: `${addr2}x1` } });
    expect([longAddr.code, longAddr.message]).toEqual([500, Msg.recipientAddressNotFound]);

    const fee0 = await onChain(await feeCollector());
    const before1 = await onChain(addr1);
    const before2 = await onChain(addr2);
    const r = await s.call("POST", "/api/gift/trade/address", {
      token: t1,
      body: { opponentAddress: look.data.address, kind: 0, type: 1, value: 5_000, password: M1.pw },
    });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ value: 5_000, fee: 200, total: 5_200, status: "confirmed" });
    const receipt = await s.ctx.chain.provider.getTransactionReceipt(r.data.txHash);
    expect(receipt?.status).toBe(1);
    expect(await onChain(addr1)).toBe(before1 - 5_200);
    expect(await onChain(addr2)).toBe(before2 + 5_000);
    expect(await onChain(await feeCollector())).toBe(fee0 + 200);

    await s.waitIndexed();
    const sent = await s.call("POST", "/api/info/history", { token: t1, body: { type: 3, page: 1 } });
    expect(sent.data.data_list[0]).toMatchObject({ send: true, value: 5_000, total: 5_200, user: "이서연", txHash: r.data.txHash });
    const got = await s.call("POST", "/api/info/history", { token: t2, body: { type: 3, page: 1 } });
    expect(got.data.data_list[0]).toMatchObject({ send: false, value: 5_000, total: 5_000, user: "김민준" });
  });

  it("refuses bad gifts with clear messages", async () => {
    const body = (o: object) => ({ opponentAddress: addr2, kind: 0, type: 1, value: 1_000, password: M1.pw, ...o });
    // The whole balance (a multiple of 100) fits by value but not with the 200-won fee.
    const { balance } = (await s.call("GET", "/api/info/balance", { token: t1 })).data;
    const all = Math.floor(balance / 100) * 100;
    // Only a wrong password answers 400; every other refusal has its own code.
    const cases: [object, number, string][] = [
      [{ value: 200 }, Code.AMOUNT_REFUSED, Msg.giftBelowMin],
      [{ value: 250 }, Code.AMOUNT_REFUSED, Msg.giftBelowMin],
      [{ value: 1_050 }, Code.AMOUNT_REFUSED, Msg.amountUnit],
      [{ value: 10_000_000 }, Code.OVER_BALANCE, Msg.overBalance],
      [{ value: all }, Code.OVER_BALANCE, Msg.overBalanceWithFee],
      [{ opponentAddress: addr1 }, Code.GIFT_TO_SELF, Msg.giftToSelf],
      [{ password: "999999" }, 400, Msg.passwordWrong],
      [{ type: 0 }, Code.AMOUNT_REFUSED, Msg.badRequest],
      [{ opponentAddress: "0x1234" }, Code.AMOUNT_REFUSED, Msg.recipientAddressNotFound],
    ];
    for (const [o, code, message] of cases) {
      const r = await s.call("POST", "/api/gift/trade/address", { token: t1, body: body(o) });
      expect([r.code, r.message], JSON.stringify(o)).toEqual([code, message]);
      if (code !== 400) expect(r.status, JSON.stringify(o)).toBe(422);
    }
    // A gift to oneself is refused already at the recipient lookup, by phone and by address.
    const selfByPhone = await s.call("POST", "/api/info/user", { token: t1, body: { phonenumber: M1.phone } });
    expect([selfByPhone.code, selfByPhone.message]).toEqual([Code.GIFT_TO_SELF, Msg.giftToSelf]);
    const selfByAddress = await s.call("POST", "/api/info/user", { token: t1, body: { address: addr1 } });
    expect([selfByAddress.code, selfByAddress.message]).toEqual([Code.GIFT_TO_SELF, Msg.giftToSelf]);
  });

  it("uses at the demo shop (market address) and refuses a non-market address with 1125", async () => {
    const check = await s.call("POST", "/api/p2p/p2p-check", { token: t1, body: { address: shopAddr } });
    expect(check.data).toMatchObject({ address: shopAddr, username: "KRW 마켓 1호점" });
    const notShop = await s.call("POST", "/api/p2p/p2p-check", { token: t1, body: { address: addr2 } });
    expect([notShop.code, notShop.message]).toEqual([1125, Msg.notMarketAddress]);
    const longShop = await s.call("POST", "/api/p2p/p2p-check", { token: t1, body: { address: `${shopAddr}${"0".repeat(60)}` } });
    expect([longShop.code, longShop.message]).toEqual([1125, Msg.notMarketAddress]);
    const shop0 = await onChain(shopAddr);
    const r = await s.call("POST", "/api/use/trade/address", {
      token: t1,
      body: { opponentAddress: shopAddr, kind: 0, type: 0, value: 1_100, password: M1.pw },
    });
    expect(r.code).toBe(200);
    expect(await onChain(shopAddr)).toBe(shop0 + 1_100);
    const bad = await s.call("POST", "/api/use/trade/address", {
      token: t1,
      body: { opponentAddress: addr2, kind: 0, type: 0, value: 1_000, password: M1.pw },
    });
    expect(bad.code).toBe(1125);
    await s.waitIndexed();
    const uses = await s.call("POST", "/api/info/history", { token: t1, body: { type: 2, page: 1 } });
    expect(uses.data.data_list[0]).toMatchObject({ value: 1_100, fee: 200, total: 1_300, to: shopAddr });
  });

  it("replays an Idempotency-Key instead of moving money twice", async () => {
    const key = `gift-${Date.now()}`;
    const body = { opponentAddress: addr2, kind: 0, type: 1, value: 300, password: M1.pw };
    const before = await outboxCount();
    const [a, b] = await Promise.all([
      s.call("POST", "/api/gift/trade/address", { token: t1, body, headers: { "idempotency-key": key } }),
      s.call("POST", "/api/gift/trade/address", { token: t1, body, headers: { "idempotency-key": key } }),
    ]);
    const codes = [a.code, b.code].sort();
    // One runs; the concurrent twin is told it is in progress (409) — never a second transfer.
    expect(codes).toEqual([200, 409]);
    const c = await s.call("POST", "/api/gift/trade/address", { token: t1, body, headers: { "idempotency-key": key } });
    expect(c.code).toBe(200);
    expect(c.headers.get("idempotent-replayed")).toBe("true");
    expect(c.data.txHash).toBe((a.code === 200 ? a : b).data.txHash);
    const after = await outboxCount();
    expect(after).toBe(before + 1);
    const other = await s.call("POST", "/api/gift/trade/address", {
      token: t1,
      body: { ...body, value: 400 },
      headers: { "idempotency-key": key },
    });
    expect(other.code).toBe(409);
  });

  it("never overspends under concurrent gifts", async () => {
    await s.waitIndexed();
    const spendable = (await s.call("GET", "/api/info/balance", { token: t2 })).data.balance as number;
    const each = 3_000;
    const n = Math.floor(spendable / (each + 200)) + 4;
    const results = await Promise.all(
      Array.from({ length: n }, () =>
        s.call("POST", "/api/gift/trade/address", {
          token: t2,
          body: { opponentAddress: addr1, kind: 0, type: 1, value: each, password: M2.pw },
        }),
      ),
    );
    const okCount = results.filter((r) => r.code === 200).length;
    expect(okCount).toBe(Math.floor(spendable / (each + 200)));
    for (const r of results.filter((x) => x.code !== 200)) expect(r.message).toBe(Msg.overBalance);
    expect(await onChain(addr2)).toBe(spendable - okCount * (each + 200));
  });

  it("keeps the books: fee collector holds 200 × (gifts + uses); balances sum to total supply", async () => {
    await s.waitIndexed();
    const charged = await outboxCount(["gift", "use"]);
    expect(await onChain(await feeCollector())).toBe(200 * charged);
    const addresses = (await s.ctx.db.selectFrom("wallets").select("address").execute()).map((r) => r.address);
    let sum = 0;
    for (const a of addresses) sum += await onChain(a);
    expect(sum).toBe(Number(await s.ctx.chain.token.totalSupply()));
    for (const a of addresses) expect(await s.ctx.view.balanceOf(a)).toBe(await s.ctx.chain.token.balanceOf(a));
  });

  it("locks payments after five wrong passwords", async () => {
    const body = { opponentAddress: addr1, kind: 0, type: 1, value: 300, password: "000000" };
    const t3 = await s.loginUser(SHOP.phone, SHOP.pw);
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await s.call("POST", "/api/gift/trade/address", { token: t3, body })).code);
    expect(codes).toEqual([400, 400, 400, 400, 423]);
    const right = await s.call("POST", "/api/gift/trade/address", { token: t3, body: { ...body, password: SHOP.pw } });
    expect([right.code, right.message]).toEqual([423, Msg.paymentLocked]);
  });

  it("refuses gifts to a blocked or kicked-out wallet, and from a suspended member", async () => {
    const body = (to: string) => ({ opponentAddress: to, kind: 0, type: 1, value: 300, password: M1.pw });
    const other = await createMember(s.ctx, { phonenumber: "01060000001", username: "차단대상", password: "123456" });
    const blocked = await callToken(s.ctx, "blockAccount", [other.address]);
    expect(blocked.status).toBe("confirmed");
    await s.waitIndexed(blocked.block_number!);
    const r1 = await s.call("POST", "/api/gift/trade/address", { token: t1, body: body(other.address) });
    expect([r1.code, r1.message]).toEqual([Code.RECIPIENT_REFUSED, Msg.recipientBlocked]);
    const kicked = await createMember(s.ctx, { phonenumber: "01060000002", username: "탈퇴", password: "123456" });
    await setMemberState(s.ctx.db, kicked.id, "kickOut");
    const r2 = await s.call("POST", "/api/gift/trade/address", { token: t1, body: body(kicked.address) });
    expect([r2.code, r2.message]).toEqual([Code.RECIPIENT_REFUSED, Msg.recipientBlocked]);
    const m2 = await memberByPhone(M2.phone);
    await setMemberState(s.ctx.db, m2.id, "suspension");
    const r3 = await s.call("POST", "/api/gift/trade/address", { token: t2, body: body(addr1) });
    expect([r3.code, r3.message]).toEqual([403, Msg.accountSuspended]);
    await setMemberState(s.ctx.db, m2.id, "repair");
  });

  it("answers 503 and records nothing when the chain is down", async () => {
    const before = await outboxCount();
    await s.ctx.chain.node!.stop();
    const r = await s.call("POST", "/api/gift/trade/address", {
      token: t1,
      body: { opponentAddress: addr2, kind: 0, type: 1, value: 300, password: M1.pw },
    });
    expect([r.status, r.code, r.message]).toEqual([503, 503, Msg.chainUnavailable]);
    const after = await outboxCount();
    expect(after).toBe(before);
  });
});
