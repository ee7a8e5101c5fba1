import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { startReceiver } from "../../test/receiver";
import { memberByPhone } from "../../records/members.repo";
import { insertOperator } from "../../test/operators";
import { OperatorPermission } from "../../../domain/constants";
import { verifyWebhook } from "./webhook-signature";
import { expirePayments } from "./payments-follow.service";
import { webhookDispatcherOf } from "./webhooks.service";
import { checkoutApi, merchantSelfApi, merchantsAdminApi, paymentApi } from "../../../domain/api/merchant-payments";
import { Code } from "../../../domain/codes";
import { reconcile } from "../dashboard/reconcile";
import { MONEY_SECTIONS } from "../month-end/pack-sections";
import { WITH_REASON } from "../../test/download-reason";
import { historyApi } from "../../../domain/api/history";
import { receiptsApi } from "../../../domain/api/receipts";
import type { MoveHistoryItem } from "../../../domain/schemas/history";
import { Msg } from "../../../domain/messages";
import { CHECKOUT_FEE_WON, WEBHOOK_SIGNATURE_HEADER } from "../../../domain/policy/merchant-payments";

const SHOP = { phone: "01055556666" };
const M1 = { phone: "01011112222", pw: "111111" };
const M2 = { phone: "01033334444", pw: "222222" };

describe("merchant payments: keys, payments, checkout, cancellations, signed webhooks", () => {
  let s: TestStack;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let key: string;
  let secret: string;
  let shopToken: string;
  let m1Token: string;
  let n = 0;
  const balance = async (phone: string) => {
    const m = (await memberByPhone(s.ctx.db, phone))!;
    return Number(await s.ctx.chain.token.balanceOf((await s.ctx.custody.memberWallet(m.id))!.address));
  };
  const as = (k: string) => ({ headers: { authorization: `Bearer ${k}` }, marker: null });
  const keyed = (k: string, idem: string) => ({ headers: { authorization: `Bearer ${k}`, "idempotency-key": idem }, marker: null });
  const create = (amount: number, k = key, extra: Record<string, unknown> = {}) =>
    s.api(
      paymentApi.paymentCreate,
      {
        orderId: `order-${++n}`,
        amount,
        itemName: "아메리카노 외 1건",
        returnUrl: "http://127.0.0.1:9/shop/return",
        cancelUrl: "http://127.0.0.1:9/shop/cart",
        ...extra,
      } as never,
      keyed(k, `create-${n}-${Math.random()}`),
    );
  const pay = (paymentId: string, token = m1Token, pw = M1.pw, idem = `pay-${Math.random()}`) =>
    s.api(checkoutApi.checkoutPay, { paymentId, password: pw }, { token, headers: { "idempotency-key": idem } });

  beforeAll(async () => {
    s = await startTestStack({ webhookRetryBaseMs: 200, demoShop: false });
    receiver = await startReceiver();
    const op = await s.loginOperator("admin", "admin1234");
    const made = await s.api(merchantsAdminApi.merchantCreate, { phone: SHOP.phone, name: "KRW 카페" }, { token: op });
    expect(made.code).toBe(200);
    shopToken = await s.loginOperator("shop01", "shop1234");
    m1Token = await s.loginUser(M1.phone, M1.pw);
    const k = await s.api(merchantSelfApi.merchantKeyCreate, { label: "운영 서버" }, { token: shopToken });
    key = k.data.key;
    const hook = await s.api(merchantSelfApi.merchantWebhookSet, { url: receiver.url }, { token: shopToken });
    secret = hook.data.secret!;
    expect(secret).toMatch(/^whsec_/);
    // The secret and the key are shown once: afterwards their prefixes only.
    const self = await s.api(merchantSelfApi.merchantSelf, undefined, { token: shopToken });
    expect(JSON.stringify(self.data)).not.toContain(secret);
    expect(JSON.stringify(self.data)).not.toContain(key);
    expect(self.data.keys.map((x) => x.prefix)).toEqual([key.slice(0, 12)]);
  }, 120_000);
  afterAll(async () => {
    await receiver?.stop();
    await s?.stop();
  });

  it("creates a payment once per Idempotency-Key and once per order id; refuses bad amounts with 1150 and bad keys with a bare 401", async () => {
    const body = {
      orderId: "A-1",
      amount: 12_000,
      itemName: "머그컵",
      returnUrl: "https://shop.example/r",
      cancelUrl: "https://shop.example/c",
    };
    const first = await s.api(paymentApi.paymentCreate, body, keyed(key, "same-key"));
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ state: "pending", stateLabel: "대기", amount: 12_000, fee: CHECKOUT_FEE_WON, remainingAmount: 0 });
    expect(first.data.checkoutUrl).toMatch(/\/pay\/pay_/);
    expect(first.data.qrPayload).toBe(first.data.checkoutUrl);
    const again = await s.api(paymentApi.paymentCreate, body, keyed(key, "same-key"));
    expect(again.data.paymentId).toBe(first.data.paymentId);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const sameOrder = await s.api(paymentApi.paymentCreate, body, keyed(key, "another-key"));
    expect([sameOrder.status, sameOrder.message]).toEqual([409, Msg.paymentOrderTaken]);

    for (const amount of [0, -100, 1.5, "1000", 2_000_001, null]) {
      const r = await create(amount as number);
      expect([r.status, r.code, amount]).toEqual([400, Code.PAYMENT_AMOUNT, amount]);
    }
    const tooLong = await create(1_000, key, { expiresInMinutes: 31 });
    expect([tooLong.status, tooLong.message]).toEqual([400, Msg.paymentExpiryInvalid]);
    for (const bad of ["krwm_nope", "", `${key}x`, "krwv_partnerkey"]) {
      const r = await s.api(paymentApi.payment, { paymentId: first.data.paymentId }, as(bad));
      expect([r.status, r.message, r.data]).toEqual([401, Msg.merchantKeyInvalid, undefined]);
    }
  });

  it("takes a member's payment once, moves amount + fee through the money engine, and delivers a signed payment.paid", async () => {
    const p = (await create(10_000)).data;
    const view = await s.api(checkoutApi.checkout, { paymentId: p.paymentId }, { token: m1Token });
    expect(view.data).toMatchObject({
      merchantName: "KRW 카페",
      amount: 10_000,
      fee: CHECKOUT_FEE_WON,
      total: 10_000 + CHECKOUT_FEE_WON,
      refusal: null,
    });
    const [memberBefore, shopBefore] = [await balance(M1.phone), await balance(SHOP.phone)];
    expect(view.data.balance).toBe(memberBefore);
    const wrong = await pay(p.paymentId, m1Token, "000000");
    expect([wrong.status, wrong.message]).toEqual([400, Msg.passwordWrong]);
    const paid = await pay(p.paymentId);
    expect(paid.data).toMatchObject({ paymentId: p.paymentId, state: "paid", status: "confirmed" });
    expect(paid.data.redirectUrl).toBe(`http://127.0.0.1:9/shop/return?paymentId=${p.paymentId}&orderId=${p.orderId}`);
    expect(await balance(M1.phone)).toBe(memberBefore - 10_000 - CHECKOUT_FEE_WON);
    expect(await balance(SHOP.phone)).toBe(shopBefore + 10_000);

    const again = await pay(p.paymentId);
    expect([again.status, again.code, again.message]).toEqual([409, Code.PAYMENT_NOT_PAYABLE, Msg.paymentPaidAlready]);

    await receiver.waitFor(() => receiver.events("payment.paid").some((e) => e.data.payment.paymentId === p.paymentId));
    const got = receiver.received.find((r) => r.body.includes(p.paymentId))!;
    const sig = got.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string;
    expect([verifyWebhook(secret, sig, got.body), verifyWebhook("whsec_other", sig, got.body)]).toEqual([true, false]);
    expect(verifyWebhook(secret, sig, got.body.replace("10000", "1000"))).toBe(false);
    const event = JSON.parse(got.body);
    expect(event.data.payment).toMatchObject({
      state: "paid",
      amount: 10_000,
      transfer: { status: "confirmed", txHash: paid.data.txHash },
    });

    const read = await s.api(paymentApi.payment, { paymentId: p.paymentId }, as(key));
    expect(read.data).toMatchObject({ state: "paid", remainingAmount: 10_000, transfer: { status: "confirmed" } });
    expect(read.data.transfer!.txHash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it("moves money once when two tabs pay one payment at once", async () => {
    const p = (await create(3_000)).data;
    const before = await balance(M1.phone);
    const both = await Promise.all([pay(p.paymentId), pay(p.paymentId)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balance(M1.phone)).toBe(before - 3_000 - CHECKOUT_FEE_WON);
  });

  it("cancels in part and in full through the money engine, never above what remains, and tells the member", async () => {
    const p = (await create(10_000)).data;
    expect((await pay(p.paymentId)).status).toBe(200);
    const before = await balance(M1.phone);
    const part = await s.api(
      paymentApi.paymentCancel,
      { paymentId: p.paymentId, amount: 3_000, reason: "한 개 반품" },
      keyed(key, `c1-${p.paymentId}`),
    );
    expect(part.data).toMatchObject({
      state: "partially_cancelled",
      stateLabel: "부분취소",
      cancelledAmount: 3_000,
      remainingAmount: 7_000,
    });
    expect(await balance(M1.phone)).toBe(before + 3_000);
    // The same cancel with the same key is the same cancel (no second 3,000).
    const replay = await s.api(
      paymentApi.paymentCancel,
      { paymentId: p.paymentId, amount: 3_000, reason: "한 개 반품" },
      keyed(key, `c1-${p.paymentId}`),
    );
    expect(replay.data.cancelledAmount).toBe(3_000);
    expect(await balance(M1.phone)).toBe(before + 3_000);

    const over = await s.api(
      paymentApi.paymentCancel,
      { paymentId: p.paymentId, amount: 7_001, reason: "전부" },
      keyed(key, `c2-${p.paymentId}`),
    );
    expect([over.status, over.code]).toEqual([400, Code.CANCEL_OVER_REMAINING]);
    const rest = await s.api(paymentApi.paymentCancel, { paymentId: p.paymentId, reason: "주문 취소" }, keyed(key, `c3-${p.paymentId}`));
    expect(rest.data).toMatchObject({ state: "cancelled", cancelledAmount: 10_000, remainingAmount: 0 });
    expect(rest.data.cancels.map((c) => [c.amount, c.status])).toEqual([
      [3_000, "confirmed"],
      [7_000, "confirmed"],
    ]);
    // The fee is not given back (domain/policy/merchant-payments.ts): the member is down the fee only.
    expect(await balance(M1.phone)).toBe(before + 10_000);
    const none = await s.api(
      paymentApi.paymentCancel,
      { paymentId: p.paymentId, amount: 100, reason: "더" },
      keyed(key, `c4-${p.paymentId}`),
    );
    expect(none.status).toBe(409);

    await receiver.waitFor(() => receiver.events("payment.cancelled").filter((e) => e.data.paymentId === p.paymentId).length === 2);
    expect(
      receiver
        .events("payment.cancelled")
        .filter((e) => e.data.paymentId === p.paymentId)
        .map((e) => [e.data.cancelledAmount, e.data.remainingAmount]),
    ).toEqual([
      [3_000, 7_000],
      [7_000, 0],
    ]);
    const m = (await memberByPhone(s.ctx.db, M1.phone))!;
    const notices = await s.ctx.db
      .selectFrom("member_notices")
      .select(["kind", "body"])
      .where("member_id", "=", m.id)
      .where("kind", "=", "payment_cancelled")
      .execute();
    expect(notices.map((x) => x.body)).toEqual(expect.arrayContaining([expect.stringContaining("3,000원이 취소")]));

    // The member's 사용 tab shows the payment and both cancellations, named by the merchant and item; each has a receipt.
    const tab = await s.api(historyApi.history, { type: 2, page: 1, perPage: 50 }, { token: m1Token });
    const lines = (tab.data.data_list as MoveHistoryItem[]).filter((l) => l.payment?.paymentId === p.paymentId);
    expect(lines.map((l) => [l.kind, l.value]).sort()).toEqual([
      ["payment_cancel", 3_000],
      ["payment_cancel", 7_000],
      ["use", 10_000],
    ]);
    const back = lines.find((l) => l.kind === "payment_cancel" && l.value === 3_000)!;
    const receipt = await s.api(receiptsApi.receipt, { type: "move", id: back.id }, { token: m1Token });
    expect(receipt.data).toMatchObject({ kind: "use_cancelled", value: 3_000, fee: 0, counterpart: "KRW 카페" });
    expect(receipt.data.payment).toContain(p.orderId);
    const paidLine = lines.find((l) => l.kind === "use")!;
    expect((await s.api(receiptsApi.receipt, { type: "move", id: paidLine.id }, { token: m1Token })).data.payment).toContain("가맹점 결제");
  });

  it("keeps the books: every payment and cancellation reconciled with its move, per merchant and day, and in the month-end pack", async () => {
    const run = () => reconcile({ db: s.ctx.db, view: s.ctx.view, token: s.ctx.chain.token, provider: s.ctx.chain.provider });
    await s.waitIndexed();
    const report = await run();
    expect(report.lines.filter((l) => !l.ok)).toEqual([]);
    expect(report.lines.find((l) => l.check === "merchant payments")?.detail).toMatch(/^가맹점 결제 \d+건/);

    const op = await s.loginOperator("admin", "admin1234");
    const daily = (await s.api(merchantsAdminApi.merchantDaily, {}, { token: op })).data.rows.filter((r) => r.merchantName === "KRW 카페");
    const all = await s.ctx.db
      .selectFrom("payments")
      .selectAll()
      .where("state", "in", ["paid", "partially_cancelled", "cancelled"])
      .execute();
    const paid = all.filter((p) => p.paid_at !== null).reduce((a, p) => a + Number(p.amount), 0);
    const cancelled = all.reduce((a, p) => a + Number(p.cancelled_amount), 0);
    expect(daily.reduce((a, r) => a + r.paidAmount, 0)).toBe(paid);
    expect(daily.reduce((a, r) => a + r.cancelledAmount, 0)).toBe(cancelled);
    expect(daily.reduce((a, r) => a + r.netAmount, 0)).toBe(paid - cancelled);
    const own = (await s.api(merchantSelfApi.merchantOwnDaily, {}, { token: shopToken })).data.rows;
    expect(own).toEqual(daily);
    const file = await fetch(`${s.url}${merchantsAdminApi.merchantDailyDownload.path}`, {
      headers: { authorization: `Bearer ${op}`, "cookie-type": "operation", ...WITH_REASON },
    });
    expect([file.status, file.headers.get("content-type")]).toEqual([200, expect.stringContaining("spreadsheetml")]);

    const section = MONEY_SECTIONS.find((x) => x.file === "moves/merchant-payments.csv")!;
    const period = { fromBlock: 0, toBlock: 0, fromIso: "2000-01-01T00:00:00Z", toIso: "2999-01-01T00:00:00Z" };
    const pack = (await section.table({ db: s.ctx.db } as never, period, { moves: [], kindOf: new Map() }))!;
    const sum = pack.rows.reduce((a, r) => a + Number(r[pack.header.indexOf("amount_won")]), 0);
    expect(sum).toBe(paid - cancelled);
    for (const r of pack.rows) expect(r[pack.header.indexOf("tx_hash")]).toMatch(/^0x[0-9a-f]{64}$/);

    // A cancellation recorded without its amount moved is named.
    const c = await s.ctx.db.selectFrom("payment_cancels").selectAll().orderBy("id").executeTakeFirstOrThrow();
    await s.ctx.db
      .updateTable("payment_cancels")
      .set({ amount: Number(c.amount) + 100 })
      .where("id", "=", c.id)
      .execute();
    expect((await run()).lines.filter((l) => !l.ok).map((l) => l.check)).toEqual(["merchant payment", "merchant payment"]);
    await s.ctx.db
      .updateTable("payment_cancels")
      .set({ amount: Number(c.amount) })
      .where("id", "=", c.id)
      .execute();
  });

  it("keeps one merchant out of another's payments (IDOR) and refuses a revoked or suspended merchant's key", async () => {
    const p = (await create(1_000)).data;
    const m2 = (await memberByPhone(s.ctx.db, M2.phone))!;
    await s.ctx.db.updateTable("members").set({ permission: "exchanger" }).where("id", "=", m2.id).execute();
    const op = await s.loginOperator("admin", "admin1234");
    const other = await s.api(merchantsAdminApi.merchantCreate, { phone: M2.phone, name: "다른 가게" }, { token: op });
    await insertOperator(s.ctx, "shop02", OperatorPermission.EXCHANGER, {}, m2.id);
    const otherToken = await s.loginOperator("shop02", "operator1234");
    const otherKey = (await s.api(merchantSelfApi.merchantKeyCreate, { label: "k" }, { token: otherToken })).data.key;
    const read = await s.api(paymentApi.payment, { paymentId: p.paymentId }, as(otherKey));
    expect([read.status, read.message]).toEqual([404, Msg.paymentNotFound]);
    const cancel = await s.api(paymentApi.paymentCancel, { paymentId: p.paymentId, reason: "x" }, keyed(otherKey, "idor"));
    expect(cancel.status).toBe(404);
    const list = await s.api(paymentApi.payments, {}, as(otherKey));
    expect(list.data.payments).toEqual([]);

    // Rotation: a second key works beside the first; the revoked one answers 401 at once.
    const k2 = (await s.api(merchantSelfApi.merchantKeyCreate, { label: "새 키" }, { token: shopToken })).data;
    expect((await s.api(paymentApi.payment, { paymentId: p.paymentId }, as(k2.key))).status).toBe(200);
    expect((await s.api(merchantSelfApi.merchantKeyRevoke, { keyId: k2.id }, { token: shopToken })).status).toBe(200);
    expect((await s.api(paymentApi.payment, { paymentId: p.paymentId }, as(k2.key))).status).toBe(401);
    expect((await s.api(paymentApi.payment, { paymentId: p.paymentId }, as(key))).status).toBe(200);

    await s.api(merchantsAdminApi.merchantUpdate, { merchantId: other.data.id, state: "suspended" }, { token: op });
    expect((await s.api(paymentApi.payments, {}, as(otherKey))).status).toBe(401);
    // A shop-owner operator cannot manage merchants; a staff operator has no merchant of its own.
    expect((await s.api(merchantsAdminApi.merchants, undefined, { token: shopToken })).status).toBe(403);
    expect((await s.api(merchantSelfApi.merchantSelf, undefined, { token: op })).status).toBe(403);
  });

  it("expires an unpaid payment: it cannot be paid and payment.expired is delivered", async () => {
    const p = (await create(2_000, key, { expiresInMinutes: 1 })).data;
    s.ctx.clock.advance(61_000);
    const view = await s.api(checkoutApi.checkout, { paymentId: p.paymentId }, { token: m1Token });
    expect(view.data.refusal).toBe(Msg.paymentExpired);
    const late = await pay(p.paymentId);
    expect([late.status, late.message]).toEqual([409, Msg.paymentExpired]);
    expect(await expirePayments(s.ctx)).toBeGreaterThanOrEqual(1);
    await receiver.waitFor(() => receiver.events("payment.expired").some((e) => e.data.payment.paymentId === p.paymentId));
    expect((await s.api(paymentApi.payment, { paymentId: p.paymentId }, as(key))).data.state).toBe("expired");
  });

  it("retries a receiver that fails, logs every attempt, and lets the merchant resend and send a test event", async () => {
    const flaky = await startReceiver((_r, i) => ({ status: i <= 2 ? 500 : 200 }));
    await s.api(merchantSelfApi.merchantWebhookSet, { url: flaky.url }, { token: shopToken });
    const ping = await s.api(merchantSelfApi.merchantWebhookTest, undefined, { token: shopToken });
    expect(ping.data.type).toBe("ping");
    await flaky.waitFor(() => flaky.received.length >= 3);
    await webhookDispatcherOf(s.ctx)!.idle();
    const list = await s.api(merchantSelfApi.merchantDeliveries, {}, { token: shopToken });
    const d = list.data.deliveries.find((x) => x.id === ping.data.id)!;
    expect(d).toMatchObject({ state: "delivered", attempts: 3, lastStatus: 200 });
    expect(d.recent.map((a) => a.status)).toEqual([200, 500, 500]);
    expect(d.recent[1].excerpt).toBe("receiver error");
    // The same event id each time: a receiver dedupes by it.
    expect(new Set(flaky.events().map((e) => e.id)).size).toBe(1);

    const again = await s.api(merchantSelfApi.merchantDeliveryResend, { deliveryId: d.id }, { token: shopToken });
    expect(again.status).toBe(200);
    await flaky.waitFor(() => flaky.received.length >= 4);
    await s.api(merchantSelfApi.merchantWebhookSet, { url: receiver.url }, { token: shopToken });
    await flaky.stop();
  });
});
