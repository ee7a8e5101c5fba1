/**
 * The relayer's signing thread: signs EIP-712 digests with the given keys (secp256k1, RFC 6979, as viem's `sign`)
 * and answers the signatures in order. Keys arrive from the relayer in this process's memory and are not kept.
 */
import { parentPort } from "node:worker_threads";
import { signHere, type SignAnswer, type SignJob } from "./signer";

parentPort!.on("message", async (job: SignJob) => {
  try {
    parentPort!.postMessage({ id: job.id, sigs: await signHere(job.items) } satisfies SignAnswer);
  } catch (err) {
    parentPort!.postMessage({ id: job.id, error: String((err as Error).message ?? err) } satisfies SignAnswer);
  }
});

// Listening: the relayer sends it even its smallest batches from now on.
parentPort!.postMessage({ ready: true } satisfies SignAnswer);
