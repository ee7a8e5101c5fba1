import { ethers } from "ethers";
import { voucherArtifact } from "../chain/artifacts";
import type { SyncState } from "./db";
import { decodeRange, type DecodedRange } from "./decode";
import { FatalError, RetryableError, StaleHeadError, isRetryable } from "./errors";
import { createEmitter, emitRange } from "./events";
import { watchHeads, wsUrlOf } from "./heads";
import { createRpc, eth_blockNumber, eth_chainId, fromHex, type RpcBlock } from "./rpc";
import { blockHashes, fetchRange, type FetchedRange } from "./fetch";
import { createStore, type IndexerStore } from "./store";
import type { IndexedHead, Indexer, IndexerOptions, Logger } from "./indexer-types";

export type { IndexedHead, Indexer, IndexerOptions, Logger } from "./indexer-types";

const defaultLogger: Logger = {
  info: () => undefined,
  warn: (m) => console.warn(m),
  error: (m) => console.error(m),
};

const PRUNE_STEP = 64;
const TOO_LARGE = /range|limit|too many|too large|exceed|size/i;
/** The first range of a pass, at most: 100 blocks are one batch of the node's (rpc.ts MAX_BATCH). */
const FIRST_SPAN = 100;

/**
 * Follows the token into the chain store.
 *
 * Invariant of the stored recent window (the last `keepBlocks` blocks): each block's parent_hash
 * is the hash of the stored block just below it, and sync_state.last_hash is the top one. A new
 * range is only written when its first block's parentHash equals last_hash and every block links
 * to the previous one; otherwise the chain reorganised and the store rolls back to the highest
 * stored block that the chain still has (the common ancestor) before indexing again.
 */
export function createIndexer(opts: IndexerOptions): Indexer {
  const token = ethers.getAddress(opts.token);
  const batchSize = Math.max(1, opts.batchSize ?? 500);
  const pollMs = opts.pollMs ?? 500;
  const keepBlocks = opts.keepBlocks ?? 1024;
  const finalityDepth = opts.finalityDepth ?? 64;
  /** The highest block treated as final so far (it only moves up). */
  let finalized = -1;
  const log = opts.logger ?? defaultLogger;
  const iface = new ethers.Interface(voucherArtifact().abi);
  const rpc = createRpc(opts.rpcUrl);
  const store: IndexerStore = opts.writer ?? createStore(opts.store);
  const emitter = createEmitter((event, err) => log.error(`indexer: a '${event}' listener threw: ${(err as Error)?.message ?? err}`));

  let checkedChain = false;
  /** Called after every sync pass (waitForBlock's head checks). */
  const synced = new Set<() => void>();
  /** The store's sync state as this indexer (its only writer) last left it: head() answers from it. */
  let current: SyncState | null = null;
  let stopped = false;
  let closed = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let prunedUpTo = 0;
  let span = batchSize;
  /** The head number of the latest new-head notification not yet used by a pass. */
  let headHint: number | null = null;
  /** The fee collector after the last written range (undefined: ask the store). */
  let collector: string | null | undefined;

  /** Same chain, same genesis, same token as the mirror? Otherwise the mirror is rebuilt. */
  async function ensureChain(): Promise<void> {
    const chainId = await eth_chainId(rpc);
    const [genesis] = await blockHashes(rpc, [0]);
    if (!genesis) throw new RetryableError("the node has no genesis block yet");
    const s = await store.state();
    if (s && (s.chainId !== chainId || s.genesisHash !== genesis || s.token !== token || s.deployBlock !== opts.fromBlock)) {
      log.warn(`indexer: chain.db mirrors another chain or token (chain ${s.chainId}, token ${s.token}); rebuilding it`);
      await store.wipe();
      prunedUpTo = 0;
    }
    collector = undefined;
    current = await store.state();
    if (!current) {
      await store.init({ chainId, genesisHash: genesis, token, deployBlock: opts.fromBlock });
      current = await store.state();
    }
    checkedChain = true;
  }

  async function rollbackToCommonAncestor(chainHead: number): Promise<void> {
    const s = current!;
    const last = s.lastBlock ?? opts.fromBlock - 1;
    let ancestor = opts.fromBlock - 1;
    let below = Math.min(chainHead, last);
    search: for (;;) {
      const stored = await store.storedBlocksBelow(below, 64);
      if (stored.length === 0) break;
      const onChain = await blockHashes(
        rpc,
        stored.map((b) => b.number),
      );
      for (let i = 0; i < stored.length; i++) {
        if (onChain[i] === stored[i].hash) {
          ancestor = stored[i].number;
          break search;
        }
      }
      below = stored[stored.length - 1].number - 1;
    }
    if (ancestor < finalized) {
      throw new FatalError(
        `reorg below the finalized block ${finalized} (common ancestor ${ancestor}): the chain rewrote blocks treated as final; stop the service, check the node, and rebuild the chain store (delete chain.db or the chain schema) before starting again`,
      );
    }
    const { removedTxHashes, state } = await store.rollbackTo(ancestor, s.lastHash);
    current = state;
    collector = undefined;
    prunedUpTo = Math.min(prunedUpTo, ancestor);
    const depth = last - ancestor;
    log.warn(`indexer: reorg, rolled back ${depth} block(s) to common ancestor ${ancestor} (${removedTxHashes.length} tx removed)`);
    emitter.emit("reorg", { commonAncestor: ancestor, depth, removedTxHashes });
  }

  function decode(range: FetchedRange, feeCollector: string | null): DecodedRange {
    return decodeRange({ token, iface, blocks: range.blocks, logs: range.logs, txs: range.txs, feeCollector });
  }

  /**
   * One pass up to the chain's head. Another writer having moved the store (a hand-over between
   * processes) aborts a range with nothing written: the state is read again and the pass goes on.
   */
  async function sync(): Promise<IndexedHead | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        const h = await syncPass();
        for (const check of [...synced]) check();
        opts.onSynced?.(h);
        return h;
      } catch (err) {
        if (!(err instanceof StaleHeadError) || attempt >= 10) throw err;
        log.warn(`indexer: ${err.message}; reading its state again`);
        checkedChain = false;
      }
    }
  }

  /**
   * Ranges up to the chain's head; between ranges it yields to stop(). While a range is decoded and written,
   * the next one is already being read (it must extend the range before it, or it is read again).
   */
  async function syncPass(): Promise<IndexedHead | null> {
    if (!checkedChain) await ensureChain();
    let ahead: { from: number; to: number; parent: string; chainHead: number; read: Promise<FetchedRange | "reorg"> } | null = null;
    const drop = () => {
      ahead = null;
    };
    try {
      for (;;) {
        const s = current!;
        const last = s.lastBlock;
        let from: number;
        let to: number;
        let chainHead: number;
        let range: FetchedRange | "reorg";
        try {
          if (ahead && last !== null && ahead.from === last + 1 && ahead.parent === s.lastHash) {
            ({ from, to, chainHead } = ahead);
            const read: Promise<FetchedRange | "reorg"> = ahead.read;
            ahead = null;
            range = await read;
          } else {
            drop();
            // A new-head notification said how far the chain is: no need to ask (unless it is not past the mirror).
            const hint = headHint;
            headHint = null;
            chainHead = hint !== null && last !== null && hint > last ? hint : await eth_blockNumber(rpc);
            if (last !== null && chainHead <= last) {
              const [hashThere] = await blockHashes(rpc, [chainHead]);
              const storedThere = await store.storedBlock(chainHead);
              if (chainHead === last && hashThere === s.lastHash) return head();
              if (chainHead < last || !storedThere || hashThere !== storedThere.hash) {
                // The chain is shorter than the mirror, or differs at its tip.
                await rollbackToCommonAncestor(chainHead);
                continue;
              }
            }
            from = last === null ? opts.fromBlock : last + 1;
            if (from > chainHead) return head();
            // A pass starts with a short range (the node's first answer is what nothing overlaps); the reads
            // ahead then take whole spans.
            to = Math.min(chainHead, from + Math.min(span, FIRST_SPAN) - 1);
            range = await fetchRange(rpc, token, from, to, last === null ? null : s.lastHash);
          }
        } catch (err) {
          // Providers cap eth_getLogs ranges and batch sizes: halve the range and go on.
          if (span > 1 && TOO_LARGE.test((err as Error).message)) {
            span = Math.ceil(span / 2);
            log.warn(`indexer: ${(err as Error).message}; ranges of ${span} blocks from now on`);
            drop();
            continue;
          }
          throw err;
        }
        if (range === "reorg") {
          await rollbackToCommonAncestor(chainHead);
          continue;
        }
        const top: RpcBlock = range.blocks[range.blocks.length - 1];
        if (to < chainHead && !stopped) {
          // Near the head the read ahead takes half of what is left (above FIRST_SPAN): the last range's decode and
          // write overlap nothing, so it is kept short.
          const left = chainHead - to;
          const take = left > span ? span : left > FIRST_SPAN ? Math.ceil(left / 2) : left;
          const next: { from: number; to: number; parent: string; chainHead: number } = {
            from: to + 1,
            to: to + take,
            parent: top.hash,
            chainHead,
          };
          const read = fetchRange(rpc, token, next.from, next.to, top.hash);
          // Awaited on the next turn of the loop (or dropped): a node that goes away meanwhile fails that await,
          // not the process with a rejection nobody handles while this range is decoded and written.
          read.catch(() => undefined);
          ahead = { ...next, read };
          // Let its requests leave before the decode and the write below hold this thread: queued behind them,
          // they reached the node only afterwards and the read ahead overlapped nothing.
          await new Promise((r) => setImmediate(r));
        }
        const decoded = decode(range, collector === undefined ? await store.feeCollector() : collector);
        current = await store.applyRange(decoded, { number: fromHex(top.number), hash: top.hash }, s.lastHash);
        collector = decoded.feeCollector;
        finalized = Math.max(finalized, fromHex(top.number) - finalityDepth);
        const keepFrom = fromHex(top.number) - keepBlocks;
        // Pruned in steps (not one DELETE per live block): the window holds keepBlocks to keepBlocks + 64 blocks.
        if (keepFrom >= prunedUpTo + PRUNE_STEP || (keepFrom > prunedUpTo && to - from + 1 >= PRUNE_STEP)) {
          await store.prune(keepFrom, prunedUpTo);
          prunedUpTo = keepFrom;
        }
        if (to > from) log.info(`indexer: indexed blocks ${from}..${to} (${decoded.transfers.length} transfers)`);
        emitRange(emitter, decoded);
        if (to >= chainHead || stopped) return head();
      }
    } finally {
      drop();
    }
  }

  function head(): IndexedHead | null {
    if (closed) return null;
    const s = current;
    return s && s.lastBlock !== null && s.lastHash !== null ? { number: s.lastBlock, hash: s.lastHash } : null;
  }

  /** Syncs never overlap: the live loop and callers of syncOnce() take turns. */
  function serial(): Promise<IndexedHead | null> {
    if (stopped) return Promise.reject(new Error("indexer is stopped"));
    const run = queue.then(() => (closed ? Promise.reject(new Error("indexer is stopped")) : sync()));
    queue = run.catch(() => undefined);
    return run;
  }

  async function runLoop(): Promise<void> {
    let delay = pollMs;
    // A new head wakes the loop at once (and a head seen during a pass makes it run again right after).
    let newHead = false;
    const ws = opts.wsUrl === null ? null : (opts.wsUrl ?? wsUrlOf(opts.rpcUrl));
    const again = () => {
      if (wake) wake();
      else newHead = true;
    };
    const onHead = (n: number) => {
      headHint = Math.max(headHint ?? -1, n);
      again();
    };
    // Once subscribed, a pass at once: blocks mined while the subscription was being set up were announced to nobody.
    const heads = ws ? watchHeads(ws, onHead, (m) => log.info(m), again) : null;
    try {
      while (!stopped) {
        try {
          await serial();
          delay = pollMs;
        } catch (err) {
          const fatal = !isRetryable(err);
          const error = err instanceof Error ? err : new Error(String(err));
          emitter.emit("error", { error, fatal });
          if (fatal) {
            log.error(`indexer: stopped on a fatal error: ${error.message}`);
            return;
          }
          log.warn(`indexer: ${error.message}; retrying in ${delay} ms`);
          delay = Math.min(delay * 2, 10_000);
        }
        if (stopped) return;
        if (newHead && delay === pollMs) {
          newHead = false;
          continue;
        }
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, delay);
          wake = () => (clearTimeout(t), resolve());
        });
        wake = null;
        newHead = false;
      }
    } finally {
      heads?.close();
    }
  }

  return {
    start() {
      if (closed) throw new FatalError("indexer is stopped");
      if (!loop) loop = runLoop();
    },
    async stop() {
      if (closed) return;
      stopped = true;
      wake?.();
      await loop;
      await queue;
      closed = true;
    },
    syncOnce: serial,
    head,
    waitForBlock(n, timeoutMs = 30_000) {
      const h = head();
      if (h && h.number >= n) return Promise.resolve(true);
      return new Promise((resolve) => {
        const onBlock = (b: { number: number }) => {
          if (b.number < n) return;
          done(true);
        };
        // The head can also move without a block event of this indexer (state read again after another writer).
        const onSynced = () => {
          const now = head();
          if (now && now.number >= n) done(true);
        };
        const timer = setTimeout(() => done(false), timeoutMs);
        const done = (ok: boolean) => {
          clearTimeout(timer);
          emitter.off("block", onBlock);
          synced.delete(onSynced);
          resolve(ok);
        };
        emitter.on("block", onBlock);
        synced.add(onSynced);
      });
    },
    on: (event, fn) => emitter.on(event, fn),
    off: (event, fn) => emitter.off(event, fn),
  };
}
