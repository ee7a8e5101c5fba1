import http from "node:http";
import { describe, expect, it } from "vitest";
import { crashRig, until } from "../../test/crash-rig";
import { freePort } from "../../../chain/ports";
import { verifyWebhook } from "./webhook-signature";
import { DEMO } from "../../seed";
import { WEBHOOK_SIGNATURE_HEADER } from "../../../domain/policy/merchant-payments";

/**
 * The server killed (SIGKILL) after a member's payment was recorded and its move sent, before it was mined and before
 * its webhook could go (issue 52 "Bad input and faults"), with the merchant's receiver down meanwhile: the next
 * process, on the same store and chain, finishes the move once and delivers `payment.paid` once the receiver is back.
 */
describe("merchant payments: the server killed between a payment and its webhook", () => {
  const rig = crashRig("krw-pay-crash-", { WEBHOOK_RETRY_BASE_MS: "200", DEMO_SHOP: "false" });
  const [minjun] = DEMO.members;

  async function call(pathname: string, body: unknown, headers: Record<string, string> = {}, method = body === undefined ? "GET" : "POST") {
    const res = await fetch(rig.p.url + pathname, {
      method,
      headers: { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, ...((await res.json()) as { code: number; message?: string; data: any }) };
  }
  const operator = async (id: string, password: string) => ({
    authorization: `Bearer ${(await call("/api/auth/login_admin", { username: id, password })).data.accessToken}`,
    "cookie-type": "operation",
  });

  it("finishes the payment once and delivers its webhook once after the restart, the receiver back", async () => {
    const admin = await operator(DEMO.admin.id, DEMO.admin.password);
    expect((await call("/api/operation/merchants", { phone: DEMO.members[2].phonenumber, name: "재시작 가게" }, admin)).code).toBe(200);
    const shop = await operator(DEMO.shopAdmin.id, DEMO.shopAdmin.password);
    const key = (await call("/api/merchant/keys", { label: "k" }, shop)).data.key as string;
    // The receiver's port is chosen now and nothing listens there yet: every attempt meanwhile is refused.
    const port = await freePort();
    const hook = await call("/api/merchant/webhook", { url: `http://127.0.0.1:${port}/hooks` }, shop, "PUT");
    const secret = hook.data.secret as string;
    const payment = (
      await call(
        "/api/v1/payments",
        {
          orderId: "CRASH-1",
          amount: 7_000,
          itemName: "재시작 상품",
          returnUrl: "https://shop.example/r",
          cancelUrl: "https://shop.example/c",
        },
        { authorization: `Bearer ${key}`, "idempotency-key": "crash-1" },
      )
    ).data;
    const member = (await call("/api/auth/login_user", { username: minjun.phonenumber, password: minjun.password })).data
      .accessToken as string;
    const wallet = await rig.walletOf(minjun.phonenumber);
    const before = Number(await rig.token.balanceOf(wallet));

    // Paid: recorded and sent, not mined; the request is left waiting when the process dies.
    await rig.provider.send("evm_setAutomine", [false]);
    void call(
      `/api/checkout/${payment.paymentId}/pay`,
      { password: minjun.password },
      { authorization: `Bearer ${member}`, "cookie-type": "web", "idempotency-key": "crash-pay" },
    ).catch(() => undefined);
    const row = () => rig.store.db.selectFrom("payments").selectAll().where("public_id", "=", payment.paymentId).executeTakeFirstOrThrow();
    const move = async () => {
      const t = (await row()).transfer_id;
      return t === null
        ? undefined
        : rig.store.db.selectFrom("outbox_transfers").selectAll().where("id", "=", Number(t)).executeTakeFirst();
    };
    let sent = "";
    await until("the payment's move sent", async () => {
      sent = (await move())?.tx_hash ?? "";
      return sent !== "" && (await rig.provider.getTransaction(sent)) !== null;
    });
    expect((await row()).state).toBe("paid");
    await rig.killAndRestart(async () => {
      // The node loses the transaction while no process runs: nothing moved yet.
      await rig.provider.send("hardhat_dropTransaction", [sent]);
      await rig.provider.send("evm_setAutomine", [true]);
      expect(Number(await rig.token.balanceOf(wallet))).toBe(before);
    });
    await until("the payment's move confirmed", async () => (await move())?.status === "confirmed");
    expect(Number(await rig.token.balanceOf(wallet))).toBe(before - 7_000 - 200);

    // The receiver comes back: the event, kept through the crash, arrives once, signed.
    const received: { body: string; signature: string }[] = [];
    const receiver = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        received.push({ body, signature: String(req.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]) });
        res.writeHead(200).end("ok");
      });
    });
    await new Promise<void>((r) => receiver.listen(port, "127.0.0.1", r));
    try {
      await until("payment.paid delivered", async () => received.length > 0);
      await new Promise((r) => setTimeout(r, 1_500));
      expect(received.length).toBe(1);
      const event = JSON.parse(received[0].body);
      expect([event.type, event.data.payment.paymentId, event.data.payment.transfer.status]).toEqual([
        "payment.paid",
        payment.paymentId,
        "confirmed",
      ]);
      expect(verifyWebhook(secret, received[0].signature, received[0].body)).toBe(true);
    } finally {
      receiver.closeAllConnections();
      await new Promise((r) => receiver.close(r));
    }
    // The member's answer, asked again with the same key, is the payment's (replayed from its move).
    const again = await call(
      `/api/checkout/${payment.paymentId}/pay`,
      { password: minjun.password },
      { authorization: `Bearer ${member}`, "cookie-type": "web", "idempotency-key": "crash-pay" },
    );
    expect([again.code, again.data?.paymentId, again.data?.status]).toEqual([200, payment.paymentId, "confirmed"]);
    expect(Number(await rig.token.balanceOf(wallet))).toBe(before - 7_200);
  }, 300_000);
});
