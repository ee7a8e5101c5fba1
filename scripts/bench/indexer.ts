/**
 * Indexer: catch-up rate of a fresh indexer (its own worker thread, a fresh SQLite store) over a mined token
 * history, against a plain JSON-RPC fetch of the same logs and blocks in 500-block ranges with the same client, in a
 * fresh thread too (the anchor, same run; the indexer picks its own ranges: 100 blocks first, then 500, halving near the head);
 * and the live lag while blocks are mined at a steady rate: every ~23 ms the node's eth_blockNumber minus the indexed
 * head as the API thread sees it when that answer arrives (head() of the worker's handle: what a request would read).
 * BENCH_INDEXER_BLOCKS (10000), BENCH_INDEXER_ROUNDS (3), BENCH_LIVE_BLOCKS (150), BENCH_LIVE_RATE (10 blocks/s);
 * BENCH_VERBOSE=1 prints the lag samples.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { startLocalNodeOnFreePort } from "../../chain/node";
import { startIndexerWorker, WORKER_BOOT } from "../../indexer/worker";
import { eth_blockNumber } from "../../indexer/rpc";
import type { PlainFetchJob } from "./plain-fetch-thread";
import { deployBenchChain } from "./indexer-history";
import { maxRow, quantile, rateRow, type BenchRow } from "./table";

const BLOCKS = Number(process.env.BENCH_INDEXER_BLOCKS ?? 10_000);
/** The start of the same catch-up, printed beside the whole: a fresh thread's first ranges run its code cold. */
const EARLY = 2_000;
const BATCH = 500;
const ROUNDS = Number(process.env.BENCH_INDEXER_ROUNDS ?? 3);
const LIVE_BLOCKS = Number(process.env.BENCH_LIVE_BLOCKS ?? 150);
const LIVE_RATE = Number(process.env.BENCH_LIVE_RATE ?? 10);
/** The anchor's thread, booted as the indexer's is (WORKER_BOOT). */
const PLAIN_FETCH = path.join(__dirname, "plain-fetch-thread.ts");
/** The limit's thread: the indexer with its writes made no-ops (issue 54: the machine's limit printed beside it). */
const NO_WRITE = path.join(__dirname, "no-write-thread.ts");

export async function run(): Promise<BenchRow[]> {
  const node = await startLocalNodeOnFreePort();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "krw-bench-indexer-"));
  try {
    const chain = await deployBenchChain(node.rpcUrl);
    await chain.mine(BLOCKS);
    const head = await eth_blockNumber(chain.rpc);
    const from = chain.deployBlock;
    const blocks = head - from + 1;
    const quiet = { info: () => undefined, warn: (m: string) => console.error(m), error: (m: string) => console.error(m) };

    /**
     * The anchor: eth_getLogs and the full blocks of each range, nothing else, in a fresh thread of its own as the
     * indexer is. On this bench's main thread the same fetch ran 6,100–6,500 blocks/s alone but 6,600–7,400 after
     * the money section (a heap that earlier work had grown), so the ratio measured what ran before it.
     */
    const inThread = async (entry: string): Promise<{ rate: number; early: number }> => {
      const job: PlainFetchJob = { rpcUrl: node.rpcUrl, token: chain.token, from, head, batch: BATCH, early: EARLY };
      const worker = new Worker(WORKER_BOOT, { workerData: { entry, job } });
      try {
        return await new Promise((resolve, reject) => {
          worker.on("error", reject);
          worker.on("exit", (code) => reject(new Error(`${path.basename(entry)} exited (${code})`)));
          worker.on("message", (m: { ready?: true; result?: { rate: number; early: number }; error?: string }) => {
            if (m.ready) worker.postMessage("go");
            else if (m.result) resolve(m.result);
            else reject(new Error(`${path.basename(entry)} failed: ${m.error}`));
          });
        });
      } finally {
        await worker.terminate();
      }
    };
    let round = 0;
    const catchUp = async (): Promise<{ rate: number; early: number }> => {
      const ix = startIndexerWorker({
        rpcUrl: node.rpcUrl,
        location: { dataDir: path.join(root, `c${round++}`), databaseUrl: null },
        token: chain.token,
        fromBlock: from,
        batchSize: BATCH,
        logger: quiet,
      });
      try {
        // The thread's start-up (loading the code, opening the store) is not catch-up.
        await ix.ready;
        const t = performance.now();
        // The head as this thread sees it when the first range ending EARLY blocks in or more arrives (waited for,
        // not polled: a 1 ms timer on this thread took CPU the indexer and the node share).
        const earlyAt = ix.waitForBlock(from + EARLY - 1, 600_000).then((ok) => {
          const n = ix.head()?.number ?? from;
          return ok ? ((n - from + 1) * 1000) / (performance.now() - t) : 0;
        });
        const h = await ix.syncOnce();
        const ms = performance.now() - t;
        if (h?.number !== head) throw new Error(`the indexer stopped at ${h?.number}, not ${head}`);
        return { rate: (blocks * 1000) / ms, early: await earlyAt };
      } finally {
        await ix.stop();
      }
    };
    // Alternate the three (the machine's load drifts), keep each one's best.
    const anchor = { rate: 0, early: 0 };
    const figure = { rate: 0, early: 0 };
    const limit = { rate: 0, early: 0 };
    const best = (into: { rate: number; early: number }, x: { rate: number; early: number }) => {
      into.rate = Math.max(into.rate, x.rate);
      into.early = Math.max(into.early, x.early);
    };
    for (let r = 0; r < ROUNDS; r++) {
      best(anchor, await inThread(PLAIN_FETCH));
      best(figure, await catchUp());
      best(limit, await inThread(NO_WRITE));
    }

    // Live: an indexer at the head, blocks mined at a steady rate, the lag sampled as the API thread sees it.
    const live = startIndexerWorker({
      rpcUrl: node.rpcUrl,
      location: { dataDir: path.join(root, "live"), databaseUrl: null },
      token: chain.token,
      fromBlock: from,
      batchSize: BATCH,
      logger: quiet,
    });
    const lags: number[] = [];
    // The API thread's own event-loop stalls (BENCH_VERBOSE): a late sample is this thread's, not the indexer's.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    try {
      await live.syncOnce();
      live.start();
      loopDelay.enable();
      let mining = true;
      const sampler = (async () => {
        while (mining) {
          const chainHead = await eth_blockNumber(chain.rpc);
          lags.push(chainHead - (live.head()?.number ?? 0));
          await new Promise((r) => setTimeout(r, 23));
        }
      })();
      await chain.mineSteady(LIVE_BLOCKS, LIVE_RATE);
      mining = false;
      await sampler;
      loopDelay.disable();
    } finally {
      await live.stop();
    }

    if (process.env.BENCH_VERBOSE) {
      console.error("lags", JSON.stringify(lags));
      console.error(
        `API thread event-loop delay: p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms, max ${(loopDelay.max / 1e6).toFixed(0)} ms`,
      );
    }
    return [
      rateRow({
        section: "indexer",
        figure: `catch-up of ${blocks} blocks into a fresh SQLite store`,
        value: figure.rate,
        unit: "blocks/s",
        anchor: { what: "eth_getLogs + blocks over JSON-RPC", value: anchor.rate, unit: "blocks/s" },
        // Issue 54: at the machine's measured limit. On 2 cores the node takes most of the machine while merely being
        // read, and the indexer with no writes at all reached 0.91× (the limit row below, measured each run).
        goal: "≥ 0.8× plain fetch",
        min: 0.8,
      }),
      rateRow({
        section: "indexer",
        figure: `the same catch-up's first ~${EARLY} blocks (a fresh thread: its code still cold)`,
        value: figure.early,
        unit: "blocks/s",
        anchor: { what: `the plain fetch's first ${EARLY}`, value: anchor.early, unit: "blocks/s" },
        goal: "≥ 0.7× plain fetch",
        min: 0.7,
      }),
      // The limit the two rows above are measured against: the same indexer writing nothing (printed, no goal).
      rateRow({
        section: "indexer",
        figure: `limit: the same catch-up with its writes made no-ops (first ~${EARLY}: ${Math.round(limit.early)} blocks/s)`,
        value: limit.rate,
        unit: "blocks/s",
        anchor: { what: "eth_getLogs + blocks over JSON-RPC", value: anchor.rate, unit: "blocks/s" },
        goal: "printed",
        min: 0,
      }),
      // "Stays ≤ 1 block" is a bound on every sample, so the goal is on the max; p95 and p99 go in the figure text.
      maxRow({
        section: "indexer",
        figure: `live lag at ${LIVE_RATE} blocks/s (node head − head on the API thread): max of ${lags.length} samples, p95 ${quantile(lags, 0.95)}, p99 ${quantile(lags, 0.99)}`,
        value: Math.max(...lags),
        unit: "blocks",
        goal: "≤ 1 block",
        max: 1,
      }),
    ];
  } finally {
    await node.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
