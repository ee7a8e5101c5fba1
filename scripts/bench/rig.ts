/**
 * The external-chain rig (issue 38 item 5; issue 54 item 2): the stack on an Anvil node mining a block a second,
 * reached only through RPC_URL, books at CONFIRMATIONS deep (BENCH_RIG_DEPTH, default 3, as the rig tests).
 *
 * Members' gifts over HTTP (POST /api/gift/trade/address, PIN in the body) are offered in an open loop from a process
 * of their own (http-load.ts): at a fixed rate above the chain's ceiling (BENCH_RIG_OFFER × the ceiling, default 1.25),
 * for BENCH_RIG_SECONDS (default 8) — arrivals never wait for earlier gifts — after a closed-loop warm-up whose batches
 * give the gas a gift uses. Each request is answered once its gift is confirmed at that depth (or after the route's
 * 20 s wait: not confirmed in time).
 *
 * Figures, each with its anchor from this run:
 * - gifts confirmed per second at that depth, counted on the books (every offered gift confirmed, from the first
 *   request to the last confirmation), against the chain's ceiling for the same gifts: the block gas limit ÷ the gas
 *   one gift used (the batches' gasUsed ÷ their rows), per 1 s block;
 * - p95 from request to the answer "confirmed", against depth × block time (the wait no relayer can shorten);
 * - what bounded the rate, measured while it ran: the machine's CPU (os.cpus busy share), how full the blocks were
 *   (gasUsed ÷ gasLimit of the blocks mined meanwhile), the node's pool (txpool_status, sampled), the rows the relayer
 *   had not sent yet (outbox backlog, sampled) and the fee replacements the lifecycle made.
 */
import { ethers } from "ethers";
import { startAnvilRig } from "../../chain/anvil-rig";
import { startTestStack } from "../../server/test/harness";
import { fund, lastOutboxId, machineBusyMs, machineCores, members } from "./money-kit";
import { NOT_CONFIRMED_MS, startHttpLoad } from "./http-load";
import { maxRow, rateRow, type BenchRow } from "./table";
import {
  gasPerGiftAfter,
  allResolved,
  printTimeline,
  replacements,
  sampleWhileRunning,
  blockFullness,
  boundOf,
  takenRate,
  batchesOf,
} from "./rig-measures";

const DEPTH = Number(process.env.BENCH_RIG_DEPTH ?? 3);
const OFFER = Number(process.env.BENCH_RIG_OFFER ?? 1.25);
const SECONDS = Number(process.env.BENCH_RIG_SECONDS ?? 8);
const SENDERS = Number(process.env.BENCH_RIG_SENDERS ?? 50);
const WARM = 300;
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
    await fund(
      s,
      senders.map((m) => m.address),
      Math.ceil(WARM / SENDERS) * (GIFT + FEE),
    );
    const tokens = await Promise.all(senders.map(async (m) => (await s.ctx.sessions.issue("web", `m:${m.id}`)).accessToken));
    const job = { url: s.url, tokens, pins: senders.map((m) => m.pin), recipients: recipients.map((m) => m.address), value: GIFT };

    // Warm-up, closed loop: its batches give the gas a gift uses, hence the chain's ceiling and the rate to offer.
    const warmFrom = await lastOutboxId(s);
    await load.run({ ...job, concurrency: 100, total: WARM });
    const gasPerGift = await gasPerGiftAfter(s, warmFrom);
    const block = await rig.rpc<{ gasLimit: string }>("eth_getBlockByNumber", ["latest", false]);
    const ceiling = Number(BigInt(block.gasLimit)) / gasPerGift / BLOCK_S;
    const offered = Math.ceil(ceiling * OFFER);
    const total = offered * SECONDS;
    await fund(
      s,
      senders.map((m) => m.address),
      Math.ceil(total / SENDERS) * (GIFT + FEE),
    );

    // The open loop, sampled for what bounds it.
    console.error(
      `bench rig: ${Math.round(gasPerGift)} gas a gift, ceiling ${ceiling.toFixed(0)} gifts/s: offering ${offered}/s for ${SECONDS} s`,
    );
    const firstId = await lastOutboxId(s);
    const firstBlock = await rig.blockNumber();
    const replacedBefore = await replacements(s);
    const sampler = sampleWhileRunning(s, rig, firstId);
    const startedAt = Date.now();
    const busy0 = machineBusyMs();
    const t0 = performance.now();
    const r = await load.run({ ...job, concurrency: 0, total, arrivalsPerSecond: offered });
    // Every gift the server took is on the books once confirmed at depth (answers after 20 s said "not yet").
    const books = await allResolved(s, firstId);
    if (process.env.BENCH_VERBOSE) await printTimeline(s, firstId, startedAt);
    const cpuShare = (machineBusyMs() - busy0) / (performance.now() - t0) / machineCores();
    const samples = await sampler.stop();
    const taken = await takenRate(s, firstId);
    const serverBusy = samples.busyUntil(taken.lastAt);
    const lastBlock = await rig.blockNumber();
    const fullness = await blockFullness(rig, firstBlock + 1, lastBlock);
    const replaced = (await replacements(s)) - replacedBefore;
    const rate = (books.confirmed * 1000) / (books.lastAt - startedAt);
    const refused = new Map<string, number>();
    for (const p of r.problems) refused.set(p, (refused.get(p) ?? 0) + 1);
    const { perTx, txs } = await batchesOf(s, firstId);
    const txsPerBlock = txs / Math.max(1, lastBlock - firstBlock);
    const bound = boundOf({
      cpuShare,
      serverBusy,
      taken: taken.rate,
      fullness: fullness.used,
      packed: fullness.packed,
      queuedShare: samples.queuedShare,
      pool: samples.poolMean,
      txsPerBlock,
      backlog: samples.backlogMean,
      replaced,
      perTx,
    });
    console.error(
      `bench rig: offered ${offered}/s for ${SECONDS} s (${total} gifts, really ${((total * 1000) / r.offeredMs!).toFixed(0)}/s), ${Math.round(gasPerGift)} gas a gift, ceiling ${ceiling.toFixed(0)}/s; ${r.problems.length} answers not confirmed within the route's wait; on the books ${books.confirmed} confirmed, ${books.failed} failed`,
    );
    for (const [answer, n] of refused) console.error(`bench rig: ${n} × ${answer}`);
    return [
      rateRow({
        section,
        figure: `gifts confirmed/s at ${BLOCK_S} s blocks, depth ${DEPTH} (HTTP, open loop: ${offered}/s offered for ${SECONDS} s, ${books.confirmed} of ${total} taken and confirmed)`,
        value: rate,
        unit: "gifts/s",
        anchor: { what: `block gas limit ÷ ${Math.round(gasPerGift)} gas a gift, per block`, value: ceiling, unit: "gifts/s" },
        goal: "≥ 0.5× the chain's ceiling",
        min: 0.5,
      }),
      maxRow({
        section,
        figure: `p95 request → confirmed at depth ${DEPTH} (${BLOCK_S} s blocks, open loop; ${r.problems.length} of ${total} answers not confirmed${r.p95 >= NOT_CONFIRMED_MS ? ": more than 5 %, so no p95" : ""})`,
        value: r.p95,
        unit: "ms",
        anchor: { what: "depth × block time", value: DEPTH * BLOCK_S * 1000, unit: "ms" },
        max: (DEPTH + 2) * BLOCK_S * 1000,
        goal: `p95 ≤ ${(DEPTH + 2) * BLOCK_S} s (depth × block + 2 blocks)`,
      }),
      maxRow({
        section,
        figure: `bound: ${bound} (blocks ${(fullness.used * 100).toFixed(0)} % full by gas used, ${(fullness.declared * 100).toFixed(0)} % by gas declared (${(fullness.packed * 100).toFixed(0)} % of blocks packed by it), node pool ${samples.poolMean.toFixed(1)} pending txs on average (≤ ${samples.pool}), a nonce gap in ${(samples.queuedShare * 100).toFixed(0)} % of samples, ${perTx.toFixed(1)} gifts a transaction, ${txsPerBlock.toFixed(1)} transactions a block, relayer backlog ${samples.backlogMean.toFixed(0)} rows on average (≤ ${samples.backlog}), ${replaced} fee replacements, server's main thread busy ${(serverBusy * 100).toFixed(0)} % while it took ${taken.rate.toFixed(0)} gifts/s)`,
        value: cpuShare * 100,
        unit: "% CPU",
        goal: "printed",
        max: Number.POSITIVE_INFINITY,
      }),
    ];
  } finally {
    load.close();
    await s.stop();
    await rig.stop();
  }
}
