/**
 * The relayer's signing thread: signs EIP-712 digests with the given keys (secp256k1, RFC 6979, as viem's `sign`)
 * and answers the signatures in order. Keys arrive from the relayer in this process's memory and are not kept.
 */
import { parentPort } from "node:worker_threads";
import { sign } from "viem/accounts";
import type { Hex } from "viem";
import type { SignJob, SignAnswer } from "./signer";

parentPort!.on("message", async (job: SignJob) => {
  try {
    const sigs = [];
    for (const it of job.items) {
      const sig = await sign({ hash: it.digest, privateKey: it.key as Hex });
      sigs.push({ r: sig.r, s: sig.s, yParity: sig.yParity! });
    }
    parentPort!.postMessage({ id: job.id, sigs } satisfies SignAnswer);
  } catch (err) {
    parentPort!.postMessage({ id: job.id, error: String((err as Error).message ?? err) } satisfies SignAnswer);
  }
});
