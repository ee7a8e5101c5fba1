import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { memberByPhone } from "../../records/members.repo";
import { checkoutApi } from "../../../domain/api/merchant-payments";

const M1 = { phone: "01011112222", pw: "111111" };

describe("the demo shop of the embedded default: public API only, paid and partly cancelled through its own webhooks", () => {
  let s: TestStack;
  const shop = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(s.url + path, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, data: (await res.json()) as any };
  };
  const until = async (orderId: string, state: string) => {
    for (let i = 0; i < 400; i++) {
      const o = (await shop("GET", `/demo-shop/api/orders/${orderId}`)).data;
      if (o.state === state) return o;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`order never became ${state}`);
  };
  const balance = async () => {
    const m = (await memberByPhone(s.ctx.db, M1.phone))!;
    return Number(await s.ctx.chain.token.balanceOf((await s.ctx.custody.memberWallet(m.id))!.address));
  };

  beforeAll(async () => {
    s = await startTestStack();
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it("sells a cart, learns of the payment from payment.paid, and gives part back on a cancel", async () => {
    expect((await fetch(`${s.url}/demo-shop`)).status).toBe(200);
    const refused = await shop("POST", "/demo-shop/api/orders", { items: [{ sku: "caviar", qty: 1 }] });
    expect(refused.status).toBe(400);
    const made = await shop("POST", "/demo-shop/api/orders", { items: [{ sku: "latte", qty: 2, price: 1 }] });
    expect(made.status).toBe(200);
    // The price is the shop's, not the browser's.
    expect((await shop("GET", `/demo-shop/api/orders/${made.data.orderId}`)).data.amount).toBe(10_000);
    const paymentId = made.data.checkoutUrl.split("/pay/")[1];
    expect(made.data.checkoutUrl).toBe(`${s.url}/pay/${paymentId}`);
    const page = await (await fetch(`${s.url}/demo-shop/orders/${made.data.orderId}`)).text();
    expect(page).toContain("<svg");

    const token = await s.loginUser(M1.phone, M1.pw);
    const paid = await s.api(checkoutApi.checkoutPay, { paymentId, password: M1.pw }, { token, headers: { "idempotency-key": "demo-1" } });
    expect(paid.data.redirectUrl).toContain(`/demo-shop/orders/${made.data.orderId}?paymentId=${paymentId}`);
    expect((await until(made.data.orderId, "paid")).events.map((e: { type: string }) => e.type)).toEqual(["payment.paid"]);

    const before = await balance();
    const cancel = await shop("POST", `/demo-shop/api/orders/${made.data.orderId}/cancel`, { amount: "3000", reason: "한 잔 취소" });
    expect(cancel.data).toEqual({ ok: true, cancelledAmount: 3_000, remainingAmount: 7_000 });
    expect(await balance()).toBe(before + 3_000);
    const o = await until(made.data.orderId, "partially_cancelled");
    expect(o.cancelled).toBe(3_000);

    // A forged notice is refused by the shop: it believes only what the service signed.
    const forged = await fetch(`${s.url}/demo-shop/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "KRWV-Signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}` },
      body: JSON.stringify({ id: "evt_x", type: "payment.cancelled", data: { paymentId, totalCancelledAmount: 10_000 } }),
    });
    expect(forged.status).toBe(400);
    expect((await shop("GET", `/demo-shop/api/orders/${made.data.orderId}`)).data.cancelled).toBe(3_000);
  });
});
