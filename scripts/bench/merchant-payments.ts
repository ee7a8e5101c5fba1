/**
 * Merchant payments (issue 52), over HTTP against a stack, at 50 clients: a merchant's server creating payments
 * (`POST /api/v1/payments` with its key and an Idempotency-Key), members paying them (`POST /api/checkout/:id/pay`,
 * answered once the move is confirmed, as a gift is), and the time from the member's pay request to the signed
 * `payment.paid` received by the merchant's receiver on 127.0.0.1. The anchor is the same 50 members' gifts over HTTP
 * in the same run: a checkout is a market use plus a payment row and its event, so it should cost about a gift.
 */
import { startTestStack } from "../../server/test/harness";
import { startReceiver } from "../../server/test/receiver";
import { makeKey, setWebhook } from "../../server/features/merchant-payments/merchants.service";
import { fund, members } from "./money-kit";
import { costRow, maxRow, quantile, type BenchRow } from "./table";

const section = "merchant-payments";
const CLIENTS = 50;
const ROUNDS = 3;

export async function run(): Promise<BenchRow[]> {
  const s = await startTestStack({ seedDemo: false, demoShop: false });
  const receiver = await startReceiver();
  try {
    const people = await members(s, "0109600", CLIENTS);
    await fund(s, [...people.map((p) => p.address)], 100_000);
    const [owner] = await members(s, "0109700", 1, "exchanger");
    await s.ctx.db
      .insertInto("merchants")
      .values({ member_id: owner.id, name: "벤치 가게", state: "active", created_at: new Date().toISOString() })
      .execute();
    const { key } = await makeKey(s.ctx, owner.id, "bench");
    await setWebhook(s.ctx, owner.id, receiver.url);
    const tokens = await Promise.all(people.map(async (p) => (await s.ctx.sessions.issue("web", `m:${p.id}`)).accessToken));
    let n = 0;

    const post = async (path: string, body: unknown, headers: Record<string, string>) => {
      const t = performance.now();
      const res = await fetch(s.url + path, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
      const out = (await res.json()) as { code: number; message?: string; data: { paymentId: string; status?: string } };
      if (out.code !== 200) throw new Error(`${path}: ${out.code} ${out.message}`);
      return { out: out.data, ms: performance.now() - t };
    };
    const create = () =>
      post(
        "/api/v1/payments",
        {
          orderId: `B-${++n}`,
          amount: 1_000,
          itemName: "벤치 상품",
          returnUrl: "https://shop.example/r",
          cancelUrl: "https://shop.example/c",
        },
        { authorization: `Bearer ${key}`, "idempotency-key": `bench-${n}` },
      );
    const member = (i: number) => ({ authorization: `Bearer ${tokens[i]}`, "cookie-type": "web", "idempotency-key": `k-${i}-${++n}` });

    const round = async () => {
      const created = await Promise.all(people.map(() => create()));
      const sentAt = new Map<string, number>();
      const paid = await Promise.all(
        people.map((p, i) => {
          const id = created[i].out.paymentId;
          sentAt.set(id, Date.now());
          return post(`/api/checkout/${id}/pay`, { password: p.pin }, member(i));
        }),
      );
      if (paid.some((x) => x.out.status !== "confirmed")) throw new Error("a checkout answered before its move was confirmed");
      await receiver.waitFor(
        () => [...sentAt.keys()].every((id) => receiver.events("payment.paid").some((e) => e.data.payment.paymentId === id)),
        60_000,
      );
      const arrived = new Map(
        receiver.received.map((r) => [(JSON.parse(r.body) as { data: { payment?: { paymentId: string } } }).data.payment?.paymentId, r.at]),
      );
      return {
        create: created.map((c) => c.ms),
        pay: paid.map((x) => x.ms),
        webhook: [...sentAt].map(([id, at]) => arrived.get(id)! - at),
      };
    };
    const gifts = async () =>
      Promise.all(
        people.map((p, i) =>
          post(
            "/api/gift/trade/address",
            { opponentAddress: people[(i + 1) % CLIENTS].address, kind: 0, type: 1, value: 1_000, password: p.pin },
            member(i),
          ).then((x) => x.ms),
        ),
      );

    await round(); // warm-up
    await gifts();
    const samples = { create: [] as number[], pay: [] as number[], webhook: [] as number[], gift: [] as number[] };
    for (let r = 0; r < ROUNDS; r++) {
      const x = await round();
      samples.create.push(...x.create);
      samples.pay.push(...x.pay);
      samples.webhook.push(...x.webhook);
      samples.gift.push(...(await gifts()));
    }
    const p95 = (xs: number[]) => Math.round(quantile(xs, 0.95));
    const gift = { what: `a gift's p95, the same ${CLIENTS} members over HTTP`, value: p95(samples.gift), unit: "ms" };
    return [
      costRow({
        section,
        figure: `payment created (POST /api/v1/payments), ${CLIENTS} at once (p95 of ${samples.create.length})`,
        value: p95(samples.create),
        unit: "ms",
        anchor: gift,
        goal: "p95 ≤ 0.75× a gift's (it moves no money)",
        times: 0.75,
      }),
      costRow({
        section,
        figure: `checkout paid and confirmed (POST /api/checkout/:id/pay), ${CLIENTS} at once (p95 of ${samples.pay.length})`,
        value: p95(samples.pay),
        unit: "ms",
        anchor: gift,
        goal: "p95 ≤ 1.5× a gift's",
        times: 1.5,
      }),
      maxRow({
        section,
        figure: `pay request → signed payment.paid received by the shop (p95 of ${samples.webhook.length})`,
        value: p95(samples.webhook),
        unit: "ms",
        goal: "p95 ≤ 2 s",
        max: 2_000,
      }),
    ];
  } finally {
    await receiver.stop();
    await s.stop();
  }
}
