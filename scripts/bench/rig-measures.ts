/**
 * What the rig section (rig.ts) reads off the books, the node and this process while and after the open loop runs:
 * the gas a gift used, when every gift was resolved, the pool, backlog and event loop sampled, how full the blocks
 * were, and the bound they name.
 */
import { performance, type EventLoopUtilization } from "node:perf_hooks";
import type { AnvilRig } from "../../chain/anvil-rig";
import type { TestStack } from "../../server/test/harness";

/** The gas one gift used: the batches of the gift rows after `afterId`, from their receipts. */
export async function gasPerGiftAfter(s: TestStack, afterId: number): Promise<number> {
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
export async function allResolved(s: TestStack, afterId: number): Promise<{ confirmed: number; failed: number; lastAt: number }> {
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
export async function printTimeline(s: TestStack, afterId: number, startedAt: number) {
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

export const replacements = async (s: TestStack) =>
  Number(
    (
      await s.ctx.db
        .selectFrom("tx_replacements")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * Samples the node's pool, the relayer's unsent rows and this process's event loop every 500 ms until stopped: the
 * largest and the average of the first two; `busyUntil(at)`, the share of the time from the start to `at` the main
 * thread spent working (the server runs in this process; the sampling itself is a few calls a second).
 */
export function sampleWhileRunning(s: TestStack, rig: AnvilRig, afterId: number) {
  const elu0 = performance.eventLoopUtilization();
  const elus: { at: number; elu: EventLoopUtilization }[] = [];
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
      elus.push({ at: Date.now(), elu: performance.eventLoopUtilization() });
      await new Promise((r) => setTimeout(r, 500));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const mean = (sum: number) => (samples === 0 ? 0 : sum / samples);
      const busyUntil = (at: number) =>
        performance.eventLoopUtilization(elus.filter((e) => e.at <= at).at(-1)?.elu ?? performance.eventLoopUtilization(), elu0)
          .utilization;
      return { pool, poolMean: mean(poolSum), queued, queuedShare: mean(queuedSamples), backlog, backlogMean: mean(backlogSum), busyUntil };
    },
  };
}

/**
 * Over the blocks mined while the gifts ran: gasUsed ÷ gasLimit (how full they were), and the gas their transactions
 * declared ÷ gasLimit (a node packs a block by the gas each transaction may use, not by what it then uses).
 */
export async function blockFullness(rig: AnvilRig, from: number, to: number): Promise<{ used: number; declared: number; packed: number }> {
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
export function boundOf(m: {
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
export async function takenRate(s: TestStack, afterId: number): Promise<{ rate: number; lastAt: number }> {
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
export async function batchesOf(s: TestStack, afterId: number): Promise<{ txs: number; perTx: number }> {
  const r = await s.ctx.db
    .selectFrom("outbox_transfers")
    .select((eb) => [eb.fn.countAll<number>().as("rows"), eb.fn.count<number>("tx_hash").distinct().as("txs")])
    .where("id", ">", afterId)
    .where("kind", "=", "gift")
    .where("status", "=", "confirmed")
    .executeTakeFirstOrThrow();
  return { txs: Number(r.txs), perTx: Number(r.txs) === 0 ? 0 : Number(r.rows) / Number(r.txs) };
}
