/**
 * Money path: read latency of a member's balance and history, and N concurrent gifts through HTTP
 * (outbox, relayer, batched on-chain).
 */
import { startTestStack } from "../../server/test/harness";
import { createMember } from "../../server/services/members";
import { maxRow, quantile, timed, type BenchRow } from "./table";

const GIFTS = Number(process.env.BENCH_GIFTS ?? 200);
const READS = Number(process.env.BENCH_READS ?? 300);

export async function run(): Promise<BenchRow[]> {
  const s = await startTestStack();
  const rows: BenchRow[] = [];
  try {
    const token = await s.loginUser("01011112222", "111111");
    const reads: number[] = [];
    for (let i = 0; i < READS; i++) reads.push((await timed(() => s.call("GET", "/api/info/balance", { token })))[1]);
    rows.push(maxRow({ section: "money", figure: "GET /api/info/balance p95", value: quantile(reads, 0.95), unit: "ms", goal: "≤ 2 ms", max: 2 }));

    const from = await createMember(s.ctx, { phonenumber: "01090000001", username: "벤치", password: "123456" });
    const to = await createMember(s.ctx, { phonenumber: "01090000002", username: "수신", password: "123456" });
    const treasury = (await s.ctx.custody.byKind("treasury"))!.address;
    const fund = await s.ctx.outbox.send({ kind: "seed", from: treasury, to: from.address, value: GIFTS * 1_200 });
    s.ctx.relayer.kick();
    await s.ctx.relayer.waitFor(fund.id, 60_000);
    await s.waitIndexed();
    const senderToken = await s.loginUser("01090000001", "123456");
    const latencies: number[] = [];
    const [results, burstMs] = await timed(() =>
      Promise.all(
        Array.from({ length: GIFTS }, async () => {
          const [r, ms] = await timed(() =>
            s.call("POST", "/api/gift/trade/address", { token: senderToken, body: { opponentAddress: to.address, kind: 0, type: 1, value: 1_000, password: "123456" } }),
          );
          latencies.push(ms);
          return r;
        }),
      ),
    );
    const ok = results.filter((r) => r.code === 200).length;
    if (ok !== GIFTS) throw new Error(`${GIFTS - ok} gifts failed: ${JSON.stringify(results.find((r) => r.code !== 200))}`);
    rows.push(maxRow({ section: "money", figure: `${GIFTS} concurrent HTTP gifts: rate`, value: (GIFTS * 1000) / burstMs, unit: "gifts/s", goal: "(see raw)", max: Infinity }));
    rows.push(maxRow({ section: "money", figure: `${GIFTS} concurrent HTTP gifts: p95`, value: quantile(latencies, 0.95), unit: "ms", goal: "printed", max: Infinity }));
    const onChain = await s.ctx.chain.token.balanceOf(to.address);
    if (onChain !== BigInt(GIFTS * 1_000)) throw new Error(`recipient holds ${onChain}, expected ${GIFTS * 1_000}`);
  } finally {
    await s.stop();
  }
  return rows;
}
