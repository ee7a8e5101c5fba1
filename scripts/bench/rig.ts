/**
 * The external-chain rig (issue 38 item 5): the stack on an Anvil node mining a block a second, reached only through
 * RPC_URL, books at CONFIRMATIONS deep (BENCH_RIG_DEPTH, default 3, as the rig tests). Members' gifts over HTTP
 * (POST /api/gift/trade/address, PIN in the body) from BENCH_RIG_CONCURRENCY (default 300) clients in a process of
 * their own (http-load.ts), each answered once its gift is confirmed at that depth; BENCH_RIG_GIFTS (default 1,500)
 * of them after a warm-up.
 *
 * Figures, each with its anchor from this run:
 * - gifts confirmed per second against the chain's ceiling for the same gifts: the block gas limit ÷ the gas one
 *   gift used (the batches' gasUsed ÷ their rows, from the receipts), per 1 s block: what the chain could carry if
 *   every block were full of these gifts;
 * - p95 time from request to the answer "confirmed" at the chosen depth, against depth × block time (the wait no
 *   relayer can shorten: a gift waits for its block, then depth − 1 more).
 */
import { ethers } from "ethers";
import { startAnvilRig } from "../../chain/anvil-rig";
import { startTestStack } from "../../server/test/harness";
import { fund, members } from "./money-kit";
import { startHttpLoad } from "./http-load";
import { maxRow, rateRow, type BenchRow } from "./table";

const DEPTH = Number(process.env.BENCH_RIG_DEPTH ?? 3);
const GIFTS = Number(process.env.BENCH_RIG_GIFTS ?? 1_500);
const CONCURRENCY = Number(process.env.BENCH_RIG_CONCURRENCY ?? 300);
const SENDERS = Number(process.env.BENCH_RIG_SENDERS ?? 50);
const BLOCK_S = 1;
const GIFT = 1_000;
const FEE = 200;
const section = "rig";

export async function run(): Promise<BenchRow[]> {
  const rig = await startAnvilRig({ blockTime: BLOCK_S });
  const operator = ethers.Wallet.createRandom();
  await rig.setBalance(operator.address, 10n ** 24n);
  const s = await startTestStack({
    rpcUrl: rig.rpcUrl,
    operatorPrivateKey: operator.privateKey,
    seedDemo: false,
    lifecycle: { confirmations: DEPTH, replaceAfterMs: 30_000, maxReplacements: 10, maxFeeCap: 500n * 10n ** 9n },
  });
  const load = startHttpLoad();
  try {
    const senders = await members(s, "0109300", SENDERS);
    const recipients = await members(s, "0109400", 5);
    const warm = Math.min(200, GIFTS);
    await fund(
      s,
      senders.map((m) => m.address),
      Math.ceil((2 * (GIFTS + warm)) / SENDERS) * (GIFT + FEE),
    );
    const tokens = await Promise.all(senders.map(async (m) => (await s.ctx.sessions.issue("web", `m:${m.id}`)).accessToken));
    const job = (concurrency: number, total: number) => ({
      url: s.url,
      tokens,
      pins: senders.map((m) => m.pin),
      recipients: recipients.map((m) => m.address),
      concurrency,
      total,
      value: GIFT,
    });
    await load.run(job(Math.min(50, CONCURRENCY), warm));
    const firstId = Number(
      (
        await s.ctx.db
          .selectFrom("outbox_transfers")
          .select((eb) => eb.fn.max("id").as("id"))
          .executeTakeFirst()
      )?.id ?? 0,
    );
    const r = await load.run(job(CONCURRENCY, GIFTS));
    if (r.problems.length > 0) console.error(`bench rig: ${r.problems.length} answers not confirmed, e.g. ${r.problems[0]}`);

    // The gas one gift used: the measured gifts' batches, from their receipts.
    const rows = await s.ctx.db
      .selectFrom("outbox_transfers")
      .select("tx_hash")
      .where("id", ">", firstId)
      .where("kind", "=", "gift")
      .where("status", "=", "confirmed")
      .execute();
    const batches = new Map<string, number>();
    for (const row of rows) if (row.tx_hash) batches.set(row.tx_hash, (batches.get(row.tx_hash) ?? 0) + 1);
    let gas = 0n;
    for (const hash of batches.keys()) gas += (await s.ctx.chain.provider.getTransactionReceipt(hash))!.gasUsed;
    const gasPerGift = Number(gas) / rows.length;
    const block = await rig.rpc<{ gasLimit: string }>("eth_getBlockByNumber", ["latest", false]);
    const ceiling = Number(BigInt(block.gasLimit)) / gasPerGift / BLOCK_S;
    console.error(
      `bench rig: ${rows.length} gifts in ${batches.size} transactions, ${Math.round(gasPerGift)} gas a gift, block gas limit ${BigInt(block.gasLimit)}`,
    );
    return [
      rateRow({
        section,
        figure: `gifts confirmed/s at ${BLOCK_S} s blocks, depth ${DEPTH} (HTTP, ${CONCURRENCY} clients)`,
        value: r.rate,
        unit: "gifts/s",
        anchor: { what: `block gas limit ÷ ${Math.round(gasPerGift)} gas a gift, per block`, value: ceiling, unit: "gifts/s" },
        // A fraction of the chain's physical limit: one batch of up to 150 rows a transaction, on 2 shared cores.
        min: 0.05,
        goal: "≥ 0.05× the chain's ceiling",
      }),
      maxRow({
        section,
        figure: `p95 request → confirmed at depth ${DEPTH} (${BLOCK_S} s blocks)`,
        value: r.p95,
        unit: "ms",
        anchor: { what: "depth × block time", value: DEPTH * BLOCK_S * 1000, unit: "ms" },
        max: (DEPTH + 2) * BLOCK_S * 1000,
        goal: `p95 ≤ ${(DEPTH + 2) * BLOCK_S} s (depth × block + 2 blocks)`,
      }),
    ];
  } finally {
    load.close();
    await s.stop();
    await rig.stop();
  }
}
