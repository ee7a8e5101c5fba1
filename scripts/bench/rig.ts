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
import { performance as nodePerformance } from "node:perf_hooks";
import { ethers } from "ethers";
import { startAnvilRig, type AnvilRig } from "../../chain/anvil-rig";
import { startTestStack, type TestStack } from "../../server/test/harness";
import { fund, lastOutboxId, machineBusyMs, machineCores, members } from "./money-kit";
import { NOT_CONFIRMED_MS, startHttpLoad } from "./http-load";
import { maxRow, rateRow, type BenchRow } from "./table";

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
    // The server runs in this process: its main thread's share of the time it was taking gifts spent working (the
    // rig's own sampling here is a few calls a second), from snapshots every 500 ms.
    const elu0 = nodePerformance.eventLoopUtilization();
    const elus: { at: number; elu: ReturnType<typeof nodePerformance.eventLoopUtilization> }[] = [];
    const eluTimer = setInterval(() => elus.push({ at: Date.now(), elu: nodePerformance.eventLoopUtilization() }), 500);
    const t0 = performance.now();
    const r = await load.run({ ...job, concurrency: 0, total, arrivalsPerSecond: offered });
    // Every gift the server took is on the books once confirmed at depth (answers after 20 s said "not yet").
    const books = await allResolved(s, firstId);
    if (process.env.BENCH_VERBOSE) await printTimeline(s, firstId, startedAt);
    const cpuShare = (machineBusyMs() - busy0) / (performance.now() - t0) / machineCores();
    clearInterval(eluTimer);
    const taken = await takenRate(s, firstId);
    const untilTaken = elus.filter((e) => e.at <= taken.lastAt).at(-1)?.elu ?? nodePerformance.eventLoopUtilization();
    const serverBusy = nodePerformance.eventLoopUtilization(untilTaken, elu0).utilization;
    const samples = await sampler.stop();
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

/** The gas one gift used: the batches of the gift rows after `afterId`, from their receipts. */
async function gasPerGiftAfter(s: TestStack, afterId: number): Promise<number> {
  const rows = await s.ctx.db
    .selectFrom("outbox_transfers")
    .select("tx_hash")
    .where("id", ">", afterId)
    .where("kind", "=", "gift")
    .where("status", "=", "confirmed")
    .execute();
  const batches = new Set(rows.map((r) => r.tx_hash).filter((h): h is string => h !== null));
  let gas = 0n;
  for (const hash of batches) gas += (await s.ctx.chain.provider.getTransactionReceipt(hash))!.gasUsed;
  return Number(gas) / rows.length;
}

/**
 * Waits until no gift row after `afterId` is still on its way (every one the server accepted is confirmed or failed);
 * answers how many were confirmed and when the last one was (ms since the epoch).
 */
async function allResolved(s: TestStack, afterId: number): Promise<{ confirmed: number; failed: number; lastAt: number }> {
  const deadline = Date.now() + 600_000;
  for (;;) {
    const rows = await s.ctx.db
      .selectFrom("outbox_transfers")
      .select((eb) => ["status", eb.fn.countAll<number>().as("n"), eb.fn.max("updated_at").as("last")])
      .where("id", ">", afterId)
      .where("kind", "=", "gift")
      .groupBy("status")
      .execute();
    const of = (status: string) => rows.find((r) => r.status === status);
    const open = Number(of("pending")?.n ?? 0) + Number(of("submitted")?.n ?? 0);
    if (open === 0)
      return {
        confirmed: Number(of("confirmed")?.n ?? 0),
        failed: Number(of("failed")?.n ?? 0),
        lastAt: Date.parse(String(of("confirmed")?.last)),
      };
    if (Date.now() > deadline) throw new Error(`rig: ${open} gifts still open after 10 min`);
    await new Promise((res) => setTimeout(res, 250));
  }
}

/** BENCH_VERBOSE: gift rows taken and confirmed in each 5 s from the first request (where the time went). */
async function printTimeline(s: TestStack, afterId: number, startedAt: number) {
  const rows = await s.ctx.db
    .selectFrom("outbox_transfers")
    .select(["created_at", "updated_at", "status"])
    .where("id", ">", afterId)
    .where("kind", "=", "gift")
    .execute();
  const buckets = new Map<number, { taken: number; confirmed: number }>();
  const at = (iso: string) => Math.floor((Date.parse(iso) - startedAt) / 5000) * 5;
  const of = (k: number) => buckets.get(k) ?? (buckets.set(k, { taken: 0, confirmed: 0 }), buckets.get(k)!);
  for (const r of rows) {
    of(at(r.created_at)).taken++;
    if (r.status === "confirmed") of(at(r.updated_at)).confirmed++;
  }
  const line = [...buckets].sort((a, b) => a[0] - b[0]).map(([k, v]) => `${k}s +${v.taken}/✓${v.confirmed}`);
  console.error(`bench rig: taken/confirmed a 5 s: ${line.join(", ")}`);
}

const replacements = async (s: TestStack) =>
  Number(
    (
      await s.ctx.db
        .selectFrom("tx_replacements")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Samples the node's pool and the relayer's unsent rows every 500 ms until stopped: the largest of each. */
function sampleWhileRunning(s: TestStack, rig: AnvilRig, afterId: number) {
  let running = true;
  let pool = 0;
  let queued = 0;
  let queuedSamples = 0;
  let samples = 0;
  let backlog = 0;
  let poolSum = 0;
  let backlogSum = 0;
  const loop = (async () => {
    while (running) {
      const [status, waiting] = await Promise.all([
        rig.rpc<{ pending: string; queued: string }>("txpool_status"),
        s.ctx.db
          .selectFrom("outbox_transfers")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("id", ">", afterId)
          .where("status", "=", "pending")
          .executeTakeFirstOrThrow(),
      ]);
      pool = Math.max(pool, Number(status.pending));
      poolSum += Number(status.pending);
      backlogSum += Number(waiting.n);
      queued = Math.max(queued, Number(status.queued));
      samples++;
      if (Number(status.queued) > 0) queuedSamples++;
      backlog = Math.max(backlog, Number(waiting.n));
      await new Promise((r) => setTimeout(r, 500));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const mean = (sum: number) => (samples === 0 ? 0 : sum / samples);
      return { pool, poolMean: mean(poolSum), queued, queuedShare: mean(queuedSamples), backlog, backlogMean: mean(backlogSum) };
    },
  };
}

/**
 * Over the blocks mined while the gifts ran: gasUsed ÷ gasLimit (how full they were), and the gas their transactions
 * declared ÷ gasLimit (a node packs a block by the gas each transaction may use, not by what it then uses).
 */
async function blockFullness(rig: AnvilRig, from: number, to: number): Promise<{ used: number; declared: number; packed: number }> {
  let used = 0n;
  let declared = 0n;
  let limit = 0n;
  let withTxs = 0;
  let packedBlocks = 0;
  for (let n = from; n <= to; n++) {
    const b = await rig.rpc<{ gasUsed: string; gasLimit: string; transactions: { gas: string }[] }>("eth_getBlockByNumber", [
      `0x${n.toString(16)}`,
      true,
    ]);
    used += BigInt(b.gasUsed);
    limit += BigInt(b.gasLimit);
    let mine = 0n;
    for (const t of b.transactions) mine += BigInt(t.gas);
    declared += mine;
    if (b.transactions.length > 0) withTxs++;
    // Packed: no other batch of the run's size would have fitted by its declared gas (within 20 % of the limit).
    if (mine * 5n >= BigInt(b.gasLimit) * 4n) packedBlocks++;
  }
  const share = (x: bigint) => (limit === 0n ? 0 : Number((x * 10_000n) / limit) / 10_000);
  return { used: share(used), declared: share(declared), packed: withTxs === 0 ? 0 : packedBlocks / withTxs };
}

/**
 * What held the rate below the offered one, from the measurements (first that applies): full blocks (the chain), blocks
 * full by the gas the relayer's batches declare (120,000 + 90,000 a row in server/money/relayer/batch.ts), fee
 * replacements (the node's fee rules), transactions queued behind a nonce gap in the node's pool in most samples, or
 * more pending there than two blocks took while blocks had room (the pool: pending ones normally just wait for the next
 * 1 s block), both cores busy (the machine's CPU: server, node and clients), otherwise rows the relayer had not sent
 * (the relayer).
 */
function boundOf(m: {
  cpuShare: number;
  serverBusy: number;
  taken: number;
  fullness: number;
  packed: number;
  queuedShare: number;
  pool: number;
  txsPerBlock: number;
  backlog: number;
  replaced: number;
  perTx: number;
}): string {
  if (m.fullness >= 0.9) return "the chain (blocks full)";
  if (m.packed >= 0.5) return "the relayer's declared gas (most blocks full by the gas its batches may use, not by what they use)";
  if (m.replaced > 0) return "the node's fee rules (transactions replaced)";
  if (m.queuedShare >= 0.5) return "the node's pool (transactions queued behind a nonce gap most of the time)";
  // One thread takes the requests, writes the rows and runs the relayer: busy all along, it takes gifts no faster.
  if (m.serverBusy >= 0.85)
    return `the server's main thread (its event loop busy all along: it took gifts at ${m.taken.toFixed(0)}/s, and the relayer waits its turn)`;
  // Averages over the run (500 ms samples), not peaks: a burst at the start says nothing of what bounded the rest.
  if (m.pool > 2 * Math.max(1, m.txsPerBlock))
    return "the node's pool (more transactions waiting than two blocks took, while blocks had room)";
  if (m.cpuShare >= 0.9) return "the machine's CPU (both cores busy)";
  if (m.backlog >= 1) return `the relayer (rows waiting while blocks had room and CPU was free; ${m.perTx.toFixed(1)} gifts a transaction)`;
  return "none measured";
}

/**
 * Gifts the server took a second: the gift rows after `afterId`, from the first one's creation to the last one's
 * (`lastAt`).
 */
async function takenRate(s: TestStack, afterId: number): Promise<{ rate: number; lastAt: number }> {
  const r = await s.ctx.db
    .selectFrom("outbox_transfers")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("created_at").as("first"), eb.fn.max("created_at").as("last")])
    .where("id", ">", afterId)
    .where("kind", "=", "gift")
    .executeTakeFirstOrThrow();
  const lastAt = Date.parse(String(r.last));
  const ms = lastAt - Date.parse(String(r.first));
  return { rate: ms > 0 ? (Number(r.n) * 1000) / ms : 0, lastAt };
}

/** The batch transactions of the gift rows after `afterId`: how many, and how many gifts each carried. */
async function batchesOf(s: TestStack, afterId: number): Promise<{ txs: number; perTx: number }> {
  const r = await s.ctx.db
    .selectFrom("outbox_transfers")
    .select((eb) => [eb.fn.countAll<number>().as("rows"), eb.fn.count<number>("tx_hash").distinct().as("txs")])
    .where("id", ">", afterId)
    .where("kind", "=", "gift")
    .where("status", "=", "confirmed")
    .executeTakeFirstOrThrow();
  return { txs: Number(r.txs), perTx: Number(r.txs) === 0 ? 0 : Number(r.rows) / Number(r.txs) };
}
