import crypto from "node:crypto";
import express, { type Router } from "express";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { QRCodeSVG } from "qrcode.react";
import { itemNameOf, linesOf, totalOf, type DemoOrder } from "./catalog";
import { orderPage, shopPage, SHOP_JS } from "./page";

/**
 * The demo shop (/demo-shop): a merchant of the embedded default that uses only the public payment API
 * (docs/merchant-api.md) with its own key, and learns that it was paid from its own signed webhooks. Its orders live
 * in this process's memory. The server gives it its key, signing secret and the API's address once it listens
 * (server/features/merchant-payments/demo-merchant.ts); until then its pages say it is not ready.
 */
export interface DemoShop {
  router: Router;
  configure(c: { apiBase: string; key: string; secret: string }): void;
}

/** The receiver's check, as docs/merchant-api.md shows it: HMAC-SHA256 of "<t>.<raw body>", at most 5 minutes old. */
function verified(secret: string, header: string | undefined, body: Buffer): boolean {
  const parts = Object.fromEntries((header ?? "").split(",").map((p) => p.split("=", 2)));
  const expected = crypto.createHmac("sha256", secret).update(`${parts.t}.`).update(body).digest();
  const given = Buffer.from(parts.v1 ?? "", "hex");
  return (
    given.length === expected.length && crypto.timingSafeEqual(given, expected) && Math.abs(Date.now() / 1000 - Number(parts.t)) <= 300
  );
}

export function createDemoShop(): DemoShop {
  let cfg: { apiBase: string; key: string; secret: string } | null = null;
  const orders = new Map<string, DemoOrder>();
  const router = express.Router();

  async function api(method: string, path: string, body?: unknown, idempotencyKey?: string) {
    if (!cfg) throw new Error("not ready");
    const res = await fetch(cfg.apiBase + path, {
      method,
      headers: {
        authorization: `Bearer ${cfg.key}`,
        "content-type": "application/json",
        ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as {
      code: number;
      message?: string;
      data: { paymentId: string; amount: number; checkoutUrl: string; cancelledAmount: number; remainingAmount: number };
    };
  }

  const qrSvg = (value: string) => renderToStaticMarkup(createElement(QRCodeSVG, { value, size: 220, title: "결제 QR", marginSize: 2 }));

  router.get("/demo-shop", (_req, res) => void res.type("html").send(shopPage(cfg !== null)));
  router.get("/demo-shop/shop.js", (_req, res) => void res.type("application/javascript").send(SHOP_JS));

  router.post("/demo-shop/api/orders", express.json({ limit: "10kb" }), async (req, res) => {
    const lines = linesOf((req.body as { items?: unknown } | undefined)?.items);
    if (!lines) return void res.status(400).json({ message: "장바구니가 비어 있습니다." });
    if (!cfg) return void res.status(503).json({ message: "데모 가맹점이 아직 준비되지 않았습니다." });
    const orderId = `DEMO-${Date.now().toString(36).toUpperCase()}-${crypto.randomBytes(3).toString("hex").toUpperCase()}`;
    const origin = `${req.protocol}://${req.get("host")}`;
    const r = await api(
      "POST",
      "/api/v1/payments",
      {
        orderId,
        amount: totalOf(lines),
        itemName: itemNameOf(lines),
        returnUrl: `${origin}/demo-shop/orders/${orderId}`,
        cancelUrl: `${origin}/demo-shop`,
        expiresInMinutes: 15,
      },
      orderId,
    );
    if (r.code !== 200) return void res.status(502).json({ message: r.message ?? "결제 요청을 만들지 못했습니다." });
    const o: DemoOrder = {
      orderId,
      lines,
      amount: r.data.amount,
      paymentId: r.data.paymentId,
      checkoutUrl: r.data.checkoutUrl,
      state: "pending",
      cancelled: 0,
      events: [],
      createdAt: new Date().toISOString(),
    };
    orders.set(orderId, o);
    res.json({ orderId, checkoutUrl: o.checkoutUrl });
  });

  router.get("/demo-shop/orders/:orderId", (req, res) => {
    const o = orders.get(req.params.orderId);
    if (!o) return void res.status(404).type("html").send(orderPage(null, ""));
    res.type("html").send(orderPage(o, qrSvg(o.checkoutUrl)));
  });
  router.get("/demo-shop/api/orders/:orderId", (req, res) => {
    const o = orders.get(req.params.orderId);
    if (!o) return void res.status(404).json({ message: "주문을 찾을 수 없습니다." });
    res.json(o);
  });
  router.post("/demo-shop/api/orders/:orderId/cancel", express.json({ limit: "10kb" }), async (req, res) => {
    const o = orders.get(req.params.orderId);
    if (!o) return void res.status(404).json({ message: "주문을 찾을 수 없습니다." });
    const b = req.body as { amount?: unknown; reason?: unknown };
    const amount = b.amount === undefined || b.amount === "" ? undefined : Number(b.amount);
    const r = await api(
      "POST",
      `/api/v1/payments/${o.paymentId}/cancel`,
      { ...(amount === undefined ? {} : { amount }), reason: String(b.reason ?? "").trim() || "고객 요청" },
      `cancel-${crypto.randomUUID()}`,
    );
    if (r.code !== 200) return void res.status(400).json({ message: r.message ?? "취소하지 못했습니다." });
    res.json({ ok: true, cancelledAmount: r.data.cancelledAmount, remainingAmount: r.data.remainingAmount });
  });

  // The webhook: the raw bytes are what was signed; a bad signature is refused, an event seen before changes nothing.
  router.post("/demo-shop/webhook", express.raw({ type: "*/*", limit: "100kb" }), (req, res) => {
    const body = req.body as Buffer;
    if (!cfg || !Buffer.isBuffer(body) || !verified(cfg.secret, req.get("KRWV-Signature"), body))
      return void res.status(400).send("bad signature");
    const event = JSON.parse(body.toString("utf8")) as {
      id: string;
      type: string;
      data: { payment?: { paymentId: string }; paymentId?: string; totalCancelledAmount?: number };
    };
    const paymentId: string | undefined = event.data?.payment?.paymentId ?? event.data?.paymentId;
    const o = [...orders.values()].find((x) => x.paymentId === paymentId);
    if (o && !o.events.some((e) => e.id === event.id)) {
      o.events.push({ id: event.id, type: event.type, at: new Date().toISOString() });
      if (event.type === "payment.paid" && o.state === "pending") o.state = "paid";
      if (event.type === "payment.expired" && o.state === "pending") o.state = "expired";
      if (event.type === "payment.cancelled") {
        o.cancelled = Math.max(o.cancelled, Number(event.data.totalCancelledAmount));
        o.state = o.cancelled >= o.amount ? "cancelled" : "partially_cancelled";
      }
    }
    res.status(200).send("ok");
  });

  return {
    router,
    configure(c) {
      cfg = c;
    },
  };
}
