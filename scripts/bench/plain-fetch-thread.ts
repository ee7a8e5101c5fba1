/**
 * The indexer bench's anchor in a thread of its own, started like the indexer's (indexer/worker-boot.cjs): eth_getLogs
 * and the full blocks of each range over JSON-RPC, nothing else. It waits for "go" (start-up is not timed, as the
 * indexer's ready is not), fetches from..head in `batch`-block ranges, posts { rate, early } and ends.
 */
import { parentPort, workerData } from "node:worker_threads";
import { createRpc, eth_getBlockByNumber_batch, eth_getLogs } from "../../indexer/rpc";

export interface PlainFetchJob {
  rpcUrl: string;
  token: string;
  from: number;
  head: number;
  batch: number;
  /** The rate of the first `early` blocks is reported too. */
  early: number;
}

const job = (workerData as { job: PlainFetchJob }).job;
const rpc = createRpc(job.rpcUrl);

async function fetchAll(): Promise<{ rate: number; early: number }> {
  const blocks = job.head - job.from + 1;
  const t = performance.now();
  let early = 0;
  for (let a = job.from; a <= job.head; a += job.batch) {
    const b = Math.min(job.head, a + job.batch - 1);
    const numbers = Array.from({ length: b - a + 1 }, (_, i) => a + i);
    await Promise.all([eth_getBlockByNumber_batch(rpc, numbers), eth_getLogs(rpc, { address: job.token, fromBlock: a, toBlock: b })]);
    if (!early && b - job.from + 1 >= job.early) early = ((b - job.from + 1) * 1000) / (performance.now() - t);
  }
  return { rate: (blocks * 1000) / (performance.now() - t), early };
}

parentPort!.once("message", () => {
  fetchAll().then(
    (result) => parentPort!.postMessage({ result }),
    (err: Error) => parentPort!.postMessage({ error: err.message }),
  );
});
parentPort!.postMessage({ ready: true });
