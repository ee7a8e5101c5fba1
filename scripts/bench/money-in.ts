/**
 * Money in without an operator (issue 51): from the bank's callback to the tokens confirmed on the embedded chain, at
 * 20 concurrent linked-account charges. Each charge is a member's call (chargeLinked: limit, order, debit request);
 * the simulated bank then sends its signed `debit.succeeded` notice over HTTP; the figure is from that notice's first
 * delivery to the moment the member's call answers with the issuance confirmed. Three rounds of 20, after a warm-up.
 */
import { startTestStack } from "../../server/test/harness";
import type { SimulatedBank } from "../../server/providers/bank/simulated";
import { linkAccount, chargeLinked } from "../../server/features/purchases/linked-accounts.service";
import { memberById } from "../../server/records/members.repo";
import { members } from "./money-kit";
import { callToken } from "../../server/money/chain-calls";
import { maxRow, quantile, type BenchRow } from "./table";

const section = "money-in";
const CONCURRENT = 20;
const ROUNDS = 3;

export async function run(): Promise<BenchRow[]> {
  const s = await startTestStack({ seedDemo: false });
  try {
    const bank = s.ctx.bank as SimulatedBank;
    // The treasury issues what the charges pay for (no demo seed here).
    const treasury = (await s.ctx.custody.byKind("treasury"))!.address;
    await s.waitIndexed((await callToken(s.ctx, "mint", [treasury, BigInt(CONCURRENT * (ROUNDS + 1) * 1_000)])).block_number!);
    const people = await members(s, "0109500", CONCURRENT);
    const rows = await Promise.all(people.map(async (p) => ({ ...p, row: (await memberById(s.ctx.db, p.id))! })));
    for (const [i, p] of rows.entries()) await linkAccount(s.ctx, p.row, "국민은행", `11000${String(i).padStart(6, "0")}`, p.pin);
    const round = async () =>
      Promise.all(
        rows.map(async (p) => {
          const order = await chargeLinked(s.ctx, p.row, 1_000, p.pin);
          const answered = Date.now();
          if (order.state !== "confirmed" || !order.txHash) throw new Error(`charge ${order.order_no} ${order.state}`);
          const sent = bank.delivered.find((d) => d.ref === order.debit_id)!.sentAt;
          return answered - sent;
        }),
      );
    await round(); // warm-up: the first batches of a node are slower to mine
    const samples: number[] = [];
    for (let r = 0; r < ROUNDS; r++) samples.push(...(await round()));
    return [
      maxRow({
        section,
        figure: `bank callback → tokens confirmed, ${CONCURRENT} concurrent linked-account charges (p95 of ${samples.length})`,
        value: Math.round(quantile(samples, 0.95)),
        unit: "ms",
        goal: "p95 ≤ 1 s",
        max: 1_000,
      }),
    ];
  } finally {
    await s.stop();
  }
}
