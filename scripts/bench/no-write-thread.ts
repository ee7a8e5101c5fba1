/**
 * The indexer bench's limit in a thread of its own, started like the indexer's (indexer/worker-boot.cjs): the real
 * indexer (fetch, checks, decode, events) over the same history, but its ranges written nowhere (a writer that keeps
 * only the head and the blocks it was told of): how fast the indexer could go if writing cost nothing. It waits for
 * "go", catches up from..head, posts { rate, early } and ends.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { openChainStore, type SyncState } from "../../indexer/db";
import { createIndexer } from "../../indexer/indexer";
import type { IndexerStore } from "../../indexer/store";
import type { PlainFetchJob } from "./plain-fetch-thread";

/** The same job as the plain fetch's: the same history, ranges and early mark. */
export type NoWriteJob = PlainFetchJob;

const job = (workerData as { job: NoWriteJob }).job;

/** Keeps the sync state and the hashes of the ranges' last blocks (the indexer's parent checks read them). */
function headOnlyWriter(onHead: (n: number) => void): IndexerStore {
  let state: SyncState | null = null;
  const blocks = new Map<number, string>();
  return {
    state: async () => state,
    init: async (s) => void (state = { ...s, lastBlock: null, lastHash: null, totalSupply: 0n }),
    wipe: async () => void (state = null),
    applyRange: async (_range, head) => {
      state = { ...state!, lastBlock: head.number, lastHash: head.hash };
      blocks.set(head.number, head.hash);
      onHead(head.number);
      return state;
    },
    rollbackTo: async () => ({ removedTxHashes: [], state: state! }),
    storedBlocksBelow: async (n, limit) =>
      [...blocks]
        .filter(([b]) => b <= n)
        .sort((a, b) => b[0] - a[0])
        .slice(0, limit)
        .map(([number, hash]) => ({ number, hash })),
    storedBlock: async (n) => (blocks.has(n) ? { number: n, hash: blocks.get(n)! } : null),
    prune: async () => undefined,
    feeCollector: async () => null,
  };
}

async function catchUp(): Promise<{ rate: number; early: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "krw-bench-nowrite-"));
  const store = await openChainStore({ dataDir: dir, databaseUrl: null });
  let t = 0;
  let early = 0;
  const ix = createIndexer({
    rpcUrl: job.rpcUrl,
    store,
    token: job.token,
    fromBlock: job.from,
    batchSize: job.batch,
    wsUrl: null,
    logger: { info: () => undefined, warn: () => undefined, error: (m) => console.error(m) },
    writer: headOnlyWriter((n) => {
      if (!early && n - job.from + 1 >= job.early) early = ((n - job.from + 1) * 1000) / (performance.now() - t);
    }),
  });
  try {
    t = performance.now();
    const h = await ix.syncOnce();
    if (h?.number !== job.head) throw new Error(`the no-write catch-up stopped at ${h?.number}, not ${job.head}`);
    return { rate: ((job.head - job.from + 1) * 1000) / (performance.now() - t), early };
  } finally {
    await ix.stop();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

parentPort!.once("message", () => {
  catchUp().then(
    (result) => parentPort!.postMessage({ result }),
    (err: Error) => parentPort!.postMessage({ error: err.message }),
  );
});
parentPort!.postMessage({ ready: true });
