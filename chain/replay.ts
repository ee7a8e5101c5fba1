import http from "node:http";
import { ethers } from "ethers";
import type { Journal, JournalEntry } from "./journal";

/**
 * Replays the journal against a fresh embedded node: same order, same timestamps, so the same hashes and blocks.
 *
 * How it is fast: the journal is read one page at a time (constant memory); an entry costs one small JSON-RPC
 * request on one keep-alive connection (eth_sendRawTransaction) written by hand, with no per-entry receipt wait
 * (automine has mined the block when the answer arrives), and the node's per-request console logging is off
 * (chain/node.ts turns it off at start: it is most of a small transaction's cost). An entry's timestamp is set
 * first (evm_setNextBlockTimestamp, a second request) only when the node would not choose it by itself: Hardhat's
 * next block is one second after the previous one unless a second or more has passed since that block was mined
 * (measured: chain/replay.test.ts), so an entry one second after the previous block, sent within 500 ms of it, needs
 * none. That is most of a journal written under load: blocks one second apart, while the sender mines many a second.
 * Checked, not assumed: before a timestamp is set after such entries, and at the end of each page, the head block's
 * timestamp must be the journal's. The end is verified: the last mined entry's receipt is the head block, with its
 * timestamp, and its sender's nonce follows it; a node that disagrees stops the replay with ReplayMismatchError.
 *
 * Not batched nor pipelined on purpose: Hardhat 2.29's node (EDR) hands every request, including each element of a
 * JSON-RPC batch, to its own thread, so two requests in flight may run in either order; a timestamp set after its
 * transaction, or a nonce before its predecessor, gives another chain (measured: a batched replay broke at block 2).
 */
export interface ReplayProgress {
  /** Entries replayed so far (this replay). */
  done: number;
  /** Entries in the journal when the replay started. */
  total: number;
  /** Entries per second over the last 3 to 6 seconds (since the start, at first). */
  rate: number;
  /** Time left at that rate, or null before the first measurement. */
  etaMs: number | null;
  elapsedMs: number;
}

export interface ReplayResult {
  replayed: number;
  /** Transactions that made a block. */
  mined: number;
  /** Whether the whole journal was replayed (false: stopped at `untilMined`, or by `stop()`). */
  finished: boolean;
  /** Timestamps set with evm_setNextBlockTimestamp (the other entries' blocks took the node's own clock). */
  clockSet: number;
  ms: number;
}

export class ReplayMismatchError extends Error {
  constructor(detail: string) {
    super(
      `journal replay: the node does not agree with the journal (${detail}). The node holds another chain than the one journaled; ` +
        `stop the service and keep DATA_DIR (journal-<chainId>.db) for inspection.`,
    );
    this.name = "ReplayMismatchError";
  }
}

export interface Replay {
  /**
   * Replays from where the previous call stopped; stops once `untilMined` transactions have made blocks (the rest
   * is for the next call). Verifies the end when it reaches it.
   */
  run(opts?: { untilMined?: number }): Promise<ReplayResult>;
  progress(): ReplayProgress;
  /** The next `run` (or the one running) returns at the next entry, unfinished. */
  stop(): void;
}

export interface ReplayOptions {
  pageSize?: number;
  /** Called at most every `progressEveryMs` (default 1 s) and once at the end. */
  onProgress?: (p: ReplayProgress) => void;
  progressEveryMs?: number;
}

/** A minimal JSON-RPC client over one keep-alive connection: the request body is written by the caller. */
export function rawRpc(rpcUrl: string) {
  const url = new URL(rpcUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let id = 0;
  const post = (body: string) =>
    new Promise<{ result?: any; error?: { code: number; message: string; data?: any } }>((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          agent,
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            try {
              resolve(JSON.parse(Buffer.concat(chunks).toString()));
            } catch (err) {
              reject(err);
            }
          });
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  return {
    /** Answers `{result}` or `{error}` (JSON-RPC errors are answers, not throws). */
    request: (method: string, paramsJson: string) => post(`{"jsonrpc":"2.0","id":${++id},"method":"${method}","params":${paramsJson}}`),
    async call(method: string, params: unknown[] = []) {
      const r = await post(`{"jsonrpc":"2.0","id":${++id},"method":"${method}","params":${JSON.stringify(params)}}`);
      if (r.error) throw new Error(`${method}: ${r.error.message}`);
      return r.result;
    },
    close: () => agent.destroy(),
  };
}

export function createReplay(rpcUrl: string, journal: Journal, opts: ReplayOptions = {}): Replay {
  const rpc = rawRpc(rpcUrl);
  let afterSeq = 0;
  let total: number | null = null;
  let done = 0;
  let mined = 0;
  let lastMined: { hash: string; ts: number | null; payload: string } | null = null;
  // The journal's timestamp of the node's head block and when it was mined (null: unknown, set the next one), and
  // whether blocks have been mined on the node's own clock since the head's timestamp was last checked.
  let tip: { ts: number; at: number } | null = null;
  let unchecked = false;
  let clockSet = 0;
  let startedAt: number | null = null;
  let stopped = false;
  let lastReport = 0;

  // The rate over the last few seconds (a replay paused between its two parts, or slowed by a busy machine,
  // does not skew the time left for long).
  let mark = { t: 0, done: 0 };
  let prevMark = { t: 0, done: 0 };
  const progress = (): ReplayProgress => {
    const now = performance.now();
    const elapsedMs = startedAt === null ? 0 : now - startedAt;
    if (now - mark.t >= 3_000) [prevMark, mark] = [mark, { t: now, done }];
    const windowMs = now - prevMark.t;
    const rate =
      prevMark.t > 0 && windowMs > 0 ? ((done - prevMark.done) * 1000) / windowMs : elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
    const t = total ?? 0;
    return { done, total: t, rate, etaMs: rate > 0 ? ((t - done) / rate) * 1000 : null, elapsedMs };
  };
  const report = (force = false) => {
    if (!opts.onProgress) return;
    const now = performance.now();
    if (!force && now - lastReport < (opts.progressEveryMs ?? 1000)) return;
    lastReport = now;
    opts.onProgress(progress());
  };

  /** Blocks mined on the node's clock got the journal's timestamps: the head's is the last one's. */
  async function checkHead() {
    if (!unchecked || !tip) return;
    const block = await rpc.call("eth_getBlockByNumber", ["latest", false]);
    const ts = parseInt(block.timestamp, 16);
    if (ts !== tip.ts) throw new ReplayMismatchError(`block ${parseInt(block.number, 16)} has timestamp ${ts}, the journal ${tip.ts}`);
    unchecked = false;
  }

  async function replayEntry(e: JournalEntry) {
    if (e.kind === "rpc") {
      const { method, params } = JSON.parse(e.payload) as { method: string; params: unknown[] };
      await checkHead();
      await rpc.call(method, params);
      tip = null;
      return;
    }
    const ownClock = e.ts !== null && tip !== null && e.ts === tip.ts + 1 && performance.now() - tip.at < 500;
    if (e.ts !== null && !ownClock) {
      await checkHead();
      const r = await rpc.request("evm_setNextBlockTimestamp", `[${e.ts}]`);
      if (r.error) throw new ReplayMismatchError(`entry ${e.seq}: the node refused timestamp ${e.ts}: ${r.error.message}`);
      clockSet++;
    }
    const hash = e.hash ?? ethers.keccak256(e.payload);
    const r = await rpc.request("eth_sendRawTransaction", `["${e.payload}"]`);
    // Hardhat answers an error for a reverted transaction it still mined (the receipt decides, as the first time);
    // a rejected one was rejected then too.
    const wasMined = !r.error || (await rpc.call("eth_getTransactionReceipt", [hash])) !== null;
    if (!r.error && r.result !== hash)
      throw new ReplayMismatchError(`entry ${e.seq}: the node named its transaction ${r.result}, the journal ${hash}`);
    if (wasMined) {
      mined++;
      lastMined = { hash, ts: e.ts, payload: e.payload };
      tip = e.ts === null ? null : { ts: e.ts, at: performance.now() };
      if (ownClock) unchecked = true;
    } else {
      // No block: a timestamp set for it is still pending on the node; set the next entry's, whatever it is.
      await checkHead();
      tip = null;
    }
  }

  /** The node's head is the last mined entry, at its timestamp, and its sender's next nonce follows it. */
  async function verifyEnd() {
    const head = parseInt(await rpc.call("eth_blockNumber"), 16);
    if (!lastMined) {
      if (head !== 0) throw new ReplayMismatchError(`no transaction replayed, yet the head is block ${head}`);
      return;
    }
    const receipt = await rpc.call("eth_getTransactionReceipt", [lastMined.hash]);
    if (!receipt) throw new ReplayMismatchError(`the last transaction ${lastMined.hash} has no receipt`);
    const at = parseInt(receipt.blockNumber, 16);
    if (at !== head || head !== mined)
      throw new ReplayMismatchError(`${mined} transactions replayed, the last one in block ${at}, the head is block ${head}`);
    const block = await rpc.call("eth_getBlockByNumber", [receipt.blockNumber, false]);
    if (lastMined.ts !== null && parseInt(block.timestamp, 16) !== lastMined.ts)
      throw new ReplayMismatchError(`block ${head} has timestamp ${parseInt(block.timestamp, 16)}, the journal ${lastMined.ts}`);
    const tx = ethers.Transaction.from(lastMined.payload);
    const nonce = parseInt(await rpc.call("eth_getTransactionCount", [tx.from, "latest"]), 16);
    if (nonce !== tx.nonce + 1) throw new ReplayMismatchError(`${tx.from}'s nonce is ${nonce} after its transaction of nonce ${tx.nonce}`);
  }

  return {
    progress,
    stop() {
      stopped = true;
    },
    async run(o = {}) {
      const t0 = performance.now();
      startedAt ??= t0;
      if (mark.t === 0) mark = { t: t0, done };
      total ??= await journal.count();
      const until = o.untilMined ?? Infinity;
      const replayedBefore = done;
      let finished = false;
      try {
        if (mined < until && !stopped) {
          finished = true;
          outer: for await (const page of journal.pages({ afterSeq, pageSize: opts.pageSize })) {
            for (const e of page) {
              if (stopped || mined >= until) {
                finished = false;
                break outer;
              }
              await replayEntry(e);
              afterSeq = e.seq;
              done++;
              report();
            }
            await checkHead();
          }
        }
        if (finished) await verifyEnd();
      } finally {
        if (finished || stopped) rpc.close();
      }
      report(true);
      return { replayed: done - replayedBefore, mined, finished, clockSet, ms: performance.now() - t0 };
    },
  };
}

/** Replays a whole journal (see createReplay). */
export async function replayJournal(rpcUrl: string, journal: Journal, opts: ReplayOptions = {}): Promise<ReplayResult> {
  return createReplay(rpcUrl, journal, opts).run();
}

/** "1,200 / 10,000 entries, 850/s, 10 s left" */
export function formatProgress(p: ReplayProgress): string {
  const n = (x: number) => Math.round(x).toLocaleString("en-US");
  const left =
    p.etaMs === null
      ? ""
      : `, ${p.etaMs >= 60_000 ? `${Math.floor(p.etaMs / 60_000)} min ${Math.round((p.etaMs % 60_000) / 1000)} s` : `${Math.ceil(p.etaMs / 1000)} s`} left`;
  return `${n(p.done)} / ${n(p.total)} entries, ${n(p.rate)}/s${left}`;
}
