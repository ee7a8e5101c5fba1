/**
 * Money in without an operator (issue 51), each figure beside an anchor from the same run (issue 54 item 4):
 * - linked-account charges: 20 concurrent charges (chargeLinked: limit, order, debit request); the simulated bank then
 *   sends its signed `debit.succeeded` notice over HTTP; the figure is from that notice's first delivery to the moment
 *   the member's call answers with the issuance confirmed;
 * - virtual-account deposits: 20 concurrent virtual-account orders (requestBuy "virtual"), the bank's signed `deposit`
 *   notice for each at once; from its first delivery to the order seen confirmed with its issuance on chain;
 * - the anchor: the same 20 members each giving a gift at once through the gifts service (PIN, outbox, relayer, the
 *   wait for the move confirmed): what one confirmed money move costs on this machine now.
 * Three rounds of 20 each, after a warm-up.
 */
import { startTestStack, type TestStack } from "../../server/test/harness";
import type { SimulatedBank } from "../../server/providers/bank/simulated";
import { linkAccount, chargeLinked } from "../../server/features/purchases/linked-accounts.service";
import { requestBuy } from "../../server/features/purchases/purchases.service";
import { pay } from "../../server/features/gifts/gifts.service";
import { memberById, type MemberRow } from "../../server/records/members.repo";
import { fund, members } from "./money-kit";
import { callToken } from "../../server/money/chain-calls";
import { maxRow, quantile, type BenchRow } from "./table";

const section = "money-in";
const CONCURRENT = 20;
const ROUNDS = 3;

type Person = { id: number; pin: string; address: string; row: MemberRow };

export async function run(): Promise<BenchRow[]> {
  const s = await startTestStack({ seedDemo: false });
  try {
    const bank = s.ctx.bank as SimulatedBank;
    // The treasury issues what the charges and deposits pay for (no demo seed here).
    const treasury = (await s.ctx.custody.byKind("treasury"))!.address;
    await s.waitIndexed((await callToken(s.ctx, "mint", [treasury, BigInt(2 * CONCURRENT * (ROUNDS + 1) * 1_000)])).block_number!);
    const people: Person[] = await Promise.all(
      (await members(s, "0109500", CONCURRENT)).map(async (p) => ({ ...p, row: (await memberById(s.ctx.db, p.id))! })),
    );
    for (const [i, p] of people.entries()) await linkAccount(s.ctx, p.row, "국민은행", `11000${String(i).padStart(6, "0")}`, p.pin);
    await fund(
      s,
      people.map((p) => p.address),
      (ROUNDS + 1) * 1_200,
    );

    const charges = () =>
      Promise.all(
        people.map(async (p) => {
          const order = await chargeLinked(s.ctx, p.row, 1_000, p.pin);
          const answered = Date.now();
          if (order.state !== "confirmed" || !order.txHash) throw new Error(`charge ${order.order_no} ${order.state}`);
          return answered - bank.delivered.find((d) => d.ref === order.debit_id)!.sentAt;
        }),
      );
    const deposits = async () => {
      const orders = await Promise.all(people.map((p) => requestBuy(s.ctx, p.row, 1_000, p.pin, new Date(), "virtual")));
      await Promise.all(
        orders.map((o, i) => bank.deposit({ accountNumber: o.bank_account!, amount: 1_000, depositorName: people[i].row.username })),
      );
      const confirmed = await Promise.all(orders.map((o) => confirmedAt(s, Number(o.id))));
      // A delivery is recorded once the bank has the answer, which may come after the confirmation was seen.
      await bank.idle();
      return orders.map((o, i) => confirmed[i] - bank.delivered.find((d) => d.ref === o.bank_account)!.sentAt);
    };
    const gifts = () =>
      Promise.all(
        people.map(async (p, i) => {
          const t = Date.now();
          const r = await pay(
            s.ctx,
            p.row,
            { opponentAddress: people[(i + 1) % CONCURRENT].address, kind: 0, type: 1, value: 1_000, password: p.pin },
            "gift",
          );
          if (r.status !== "confirmed") throw new Error(`anchor gift ${r.status}`);
          return Date.now() - t;
        }),
      );

    // Warm-up: the first batches of a node are slower to mine.
    await charges();
    await deposits();
    await gifts();
    const samples = { charge: [] as number[], deposit: [] as number[], gift: [] as number[] };
    for (let r = 0; r < ROUNDS; r++) {
      samples.gift.push(...(await gifts()));
      samples.charge.push(...(await charges()));
      samples.deposit.push(...(await deposits()));
    }
    const anchor = {
      what: `${CONCURRENT} concurrent gifts (PIN, outbox, confirmed), p95`,
      value: Math.round(quantile(samples.gift, 0.95)),
      unit: "ms",
    };
    return [
      maxRow({
        section,
        figure: `bank callback → tokens confirmed, ${CONCURRENT} concurrent linked-account charges (p95 of ${samples.charge.length})`,
        value: Math.round(quantile(samples.charge, 0.95)),
        unit: "ms",
        anchor,
        goal: "p95 ≤ 1 s",
        max: 1_000,
      }),
      maxRow({
        section,
        figure: `bank deposit notice → tokens confirmed, ${CONCURRENT} concurrent virtual-account orders (p95 of ${samples.deposit.length})`,
        value: Math.round(quantile(samples.deposit, 0.95)),
        unit: "ms",
        anchor,
        goal: "p95 ≤ 1 s",
        max: 1_000,
      }),
    ];
  } finally {
    await s.stop();
  }
}

/** When the order's issuance was first seen confirmed on chain (its move's outbox row; polled every 10 ms). */
async function confirmedAt(s: TestStack, orderId: number): Promise<number> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const o = await s.ctx.db
      .selectFrom("buy_orders")
      .leftJoin("outbox_transfers as t", "t.id", "buy_orders.transfer_id")
      .select("t.status")
      .where("buy_orders.id", "=", orderId)
      .executeTakeFirstOrThrow();
    if (o.status === "confirmed") return Date.now();
    if (Date.now() > deadline) throw new Error(`virtual-account order ${orderId}: its issuance not confirmed after 60 s`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
