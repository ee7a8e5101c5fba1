import path from "node:path";
import { Worker } from "node:worker_threads";
import type { ChainStoreOptions } from "./db";
import { FatalError, RetryableError } from "./errors";
import { createEmitter, type IndexerEventName, type IndexerEvents } from "./events";
import type { IndexedHead, Indexer, IndexerOptions, Logger } from "./indexer-types";

/**
 * The indexer on its own thread. Decoding logs and writing the chain store cost CPU that the API's event
 * loop should not pay, so the leader process runs the indexer in a worker_threads Worker that opens its own
 * write connection to the store (`location`); this side keeps the `Indexer` interface: events, the head,
 * waitForBlock, syncOnce, start and stop, answered from what the worker posts after each committed range.
 */
export interface IndexerWorkerOptions extends Omit<IndexerOptions, "store" | "onSynced"> {
  /** Where the chain store is: the worker opens (and migrates) it, writes it, and closes it on stop(). */
  location: Omit<ChainStoreOptions, "readonly">;
}

/** What goes to the thread: its options (no functions: the logger stays here). */
export type ThreadOptions = Omit<IndexerWorkerOptions, "logger">;

export interface SerializedError {
  name: string;
  message: string;
}

export type ToThread =
  | { type: "sync"; id: number }
  | { type: "start" }
  | { type: "stop"; id: number }
  /** Which events this side listens to: only those cross (the head always does). */
  | { type: "listen"; events: IndexerEventName[] };

export type ThreadEvent = {
  [K in IndexerEventName]: { name: K; payload: K extends "error" ? { error: SerializedError; fatal: boolean } : IndexerEvents[K] };
}[IndexerEventName];

export type FromThread =
  /** Events of one committed range (or a reorg, or an error) in order, and the head after them. */
  | { type: "events"; head: IndexedHead | null; events: ThreadEvent[] }
  | { type: "head"; head: IndexedHead | null }
  /** The store is open and migrated (or could not be: error). */
  | { type: "ready"; head: IndexedHead | null; error?: SerializedError }
  | { type: "log"; level: keyof Logger; msg: string }
  | { type: "reply"; id: number; head?: IndexedHead | null; error?: SerializedError };

/** The script a worker thread starts with: it loads `workerData.entry`, TypeScript through tsx when needed. */
export const WORKER_BOOT = path.join(__dirname, "worker-boot.cjs");
const THREAD = path.join(__dirname, `worker-thread${path.extname(__filename) || ".ts"}`);

/** Errors cross the thread boundary as name + message; the kind (retryable or fatal) comes back from the name. */
export function reviveError(e: SerializedError): Error {
  const err =
    e.name === "FatalError"
      ? new FatalError(e.message)
      : e.name === "RetryableError" || e.name === "StaleHeadError"
        ? new RetryableError(e.message)
        : new Error(e.message);
  err.name = e.name;
  return err;
}

const defaultLogger: Logger = { info: () => undefined, warn: (m) => console.warn(m), error: (m) => console.error(m) };

export interface IndexerWorker extends Indexer {
  /** Resolves once the thread has opened its store (rejects if it could not): what a start-up timing leaves out. */
  ready: Promise<void>;
}

export function startIndexerWorker(opts: IndexerWorkerOptions): IndexerWorker {
  const { logger, ...threadOpts } = opts;
  const log = logger ?? defaultLogger;
  const emitter = createEmitter((event, err) => log.error(`indexer: a '${event}' listener threw: ${(err as Error)?.message ?? err}`));
  const worker = new Worker(WORKER_BOOT, { workerData: { entry: THREAD, opts: threadOpts satisfies ThreadOptions } });
  let current: IndexedHead | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve(h: IndexedHead | null | undefined): void; reject(e: Error): void }>();
  const headWatchers = new Set<() => void>();
  let started = false;
  let stopping: Promise<void> | null = null;
  let closed = false;
  /** Set once the thread is gone (stopped, crashed): calls fail with it. */
  let gone: Error | null = null;

  let markReady: (err?: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = (err) => (err ? reject(err) : resolve());
  });
  ready.catch(() => undefined);
  const setHead = (h: IndexedHead | null) => {
    current = h;
    for (const w of [...headWatchers]) w();
  };

  worker.on("message", (m: FromThread) => {
    switch (m.type) {
      case "events":
        for (const e of m.events) {
          // The head moves with the block it reached, so a 'block' listener reading head() sees it.
          if (e.name === "block") current = { number: e.payload.number, hash: e.payload.hash };
          else if (e.name === "reorg") current = m.head;
          if (e.name === "error") emitter.emit("error", { error: reviveError(e.payload.error), fatal: e.payload.fatal });
          else emitter.emit(e.name, e.payload as never);
        }
        setHead(m.head);
        break;
      case "head":
        setHead(m.head);
        break;
      case "ready":
        if (!m.error) setHead(m.head);
        markReady(m.error ? reviveError(m.error) : undefined);
        break;
      case "log":
        log[m.level](m.msg);
        break;
      case "reply": {
        const p = pending.get(m.id);
        pending.delete(m.id);
        if (m.error) p?.reject(reviveError(m.error));
        else p?.resolve(m.head);
        break;
      }
    }
  });
  const fail = (err: Error) => {
    if (gone) return;
    gone = err;
    markReady(err);
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  worker.on("error", (err) => {
    log.error(`indexer: the worker thread failed: ${err.message}`);
    const error = new FatalError(`the indexer's worker thread failed: ${err.message}`, { cause: err });
    fail(error);
    emitter.emit("error", { error, fatal: true });
  });
  const exited = new Promise<void>((resolve) =>
    worker.once("exit", (code) => {
      if (!stopping && !gone) {
        const error = new FatalError(`the indexer's worker thread exited (code ${code})`);
        log.error(`indexer: ${error.message}`);
        emitter.emit("error", { error, fatal: true });
      }
      fail(new Error("indexer is stopped"));
      resolve();
    }),
  );

  const call = (msg: { type: "sync" | "stop" }): Promise<IndexedHead | null | undefined> => {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...msg, id } satisfies ToThread);
    });
  };

  // Events cross the thread boundary only while someone here listens to them (catch-up emits thousands).
  const listening = new Map<IndexerEventName, number>();
  const listen = (event: IndexerEventName, d: 1 | -1) => {
    const before = listening.get(event) ?? 0;
    const after = Math.max(0, before + d);
    listening.set(event, after);
    if ((before === 0) !== (after === 0) && !gone)
      worker.postMessage({ type: "listen", events: [...listening].filter(([, n]) => n > 0).map(([e]) => e) } satisfies ToThread);
  };

  return {
    ready,
    start() {
      if (closed || stopping) throw new FatalError("indexer is stopped");
      if (gone) throw gone;
      if (started) return;
      started = true;
      worker.postMessage({ type: "start" } satisfies ToThread);
    },
    stop() {
      if (!stopping) {
        stopping = (async () => {
          if (!gone) {
            // The thread ends its loop after the range in progress, closes its store, then exits.
            const timer = setTimeout(() => void worker.terminate(), 60_000);
            await call({ type: "stop" }).catch((err: Error) => log.warn(`indexer: stopping the worker: ${err.message}`));
            clearTimeout(timer);
          }
          await worker.terminate().catch(() => undefined);
          await exited;
          closed = true;
          setHead(null);
        })();
      }
      return stopping;
    },
    async syncOnce() {
      if (stopping || closed) throw new Error("indexer is stopped");
      return (await call({ type: "sync" })) ?? null;
    },
    head: () => (closed ? null : current),
    waitForBlock(n, timeoutMs = 30_000) {
      if (current && current.number >= n) return Promise.resolve(true);
      return new Promise((resolve) => {
        const check = () => {
          if (current && current.number >= n) done(true);
          else if (closed) done(false);
        };
        const timer = setTimeout(() => done(false), timeoutMs);
        const done = (ok: boolean) => {
          clearTimeout(timer);
          headWatchers.delete(check);
          resolve(ok);
        };
        headWatchers.add(check);
      });
    },
    on(event, fn) {
      emitter.on(event, fn);
      listen(event, 1);
    },
    off(event, fn) {
      emitter.off(event, fn);
      listen(event, -1);
    },
  };
}
