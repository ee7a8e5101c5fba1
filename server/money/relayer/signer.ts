import path from "node:path";
import { Worker } from "node:worker_threads";
import { signDigest } from "../../../chain/secp256k1";
import type { Hex } from "viem";

/** One signature to make: a 32-byte digest and the private key of the wallet that signs it. */
export interface SignItem {
  digest: Hex;
  key: string;
}
export interface Signature {
  r: Hex;
  s: Hex;
  yParity: number;
}
export interface SignJob {
  id: number;
  items: SignItem[];
}
export type SignAnswer =
  | { id: number; sigs: Signature[]; error?: undefined }
  | { id: number; error: string; sigs?: undefined }
  | { ready: true };

export interface Signer {
  /** The signatures of `items`, in order. */
  signAll(items: SignItem[]): Promise<Signature[]>;
  /** How many batches went to the signing thread so far (diagnostics, tests). */
  threadBatches(): number;
  /** Ends the thread (a later signAll starts another). */
  close(): Promise<void>;
}

/**
 * Below this many items a batch is signed on the calling thread while the signing thread is still starting (a
 * first gift does not wait for its boot). Once it has started, every batch goes there, however small: under load
 * the relayer gathers rows in small groups as they arrive, and every signature on the event loop is what the
 * requests then wait for (a message costs the event loop a few microseconds).
 */
const INLINE_BELOW = 4;

// The thread boots through the indexer's worker boot file, which loads TypeScript when the process runs it.
const BOOT = path.join(__dirname, "..", "..", "..", "indexer", "worker-boot.cjs");
const THREAD = path.join(__dirname, `sign-thread${path.extname(__filename) || ".ts"}`);

/** Signs in the calling thread (the signing thread runs this too). */
export async function signHere(items: SignItem[]): Promise<Signature[]> {
  const out: Signature[] = [];
  for (const it of items) {
    out.push(await signDigest(it.digest, it.key));
  }
  return out;
}

/**
 * Signs the relayer's authorizations on a thread of its own: a batch's signatures (~70 µs each natively, ~0.7 ms in
 * JavaScript: chain/secp256k1.ts) would otherwise hold the event loop that serves requests and reads the node's
 * answers. The thread starts at the first batch and
 * does not keep the process alive; if it fails, batches are signed on the calling thread.
 */
export function createSigner(): Signer {
  let worker: Worker | null = null;
  let broken = false;
  let ready = false;
  let nextId = 1;
  let sent = 0;
  const waiting = new Map<number, { resolve(s: Signature[]): void; reject(e: Error): void }>();

  function fail(err: Error) {
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
    worker = null;
    ready = false;
  }

  function thread(): Worker | null {
    if (worker || broken) return worker;
    const w = new Worker(BOOT, { workerData: { entry: THREAD } });
    w.unref();
    w.on("message", (a: SignAnswer) => {
      if ("ready" in a) {
        if (worker === w) ready = true;
        return;
      }
      const pending = waiting.get(a.id);
      waiting.delete(a.id);
      if (!pending) return;
      if (a.error !== undefined) pending.reject(new Error(`signing thread: ${a.error}`));
      else pending.resolve(a.sigs);
    });
    w.on("error", (err) => {
      broken = true;
      fail(err);
    });
    w.on("exit", () => {
      if (worker === w) fail(new Error("the signing thread exited"));
    });
    worker = w;
    return w;
  }

  return {
    async signAll(items) {
      const w = thread();
      if (!w || (!ready && items.length < INLINE_BELOW)) return signHere(items);
      const id = nextId++;
      sent++;
      return new Promise<Signature[]>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        w.postMessage({ id, items } satisfies SignJob);
      }).catch(() => signHere(items));
    },
    threadBatches: () => sent,
    async close() {
      const w = worker;
      worker = null;
      ready = false;
      if (w) await w.terminate();
      fail(new Error("the signing thread was closed"));
    },
  };
}
