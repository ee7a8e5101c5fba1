import { parentPort, workerData } from "node:worker_threads";
import { openChainStore, type ChainStore } from "./db";
import type { IndexerEventName } from "./events";
import { createIndexer } from "./indexer";
import type { IndexedHead, Indexer } from "./indexer-types";
import type { FromThread, SerializedError, ThreadEvent, ThreadOptions, ToThread } from "./worker";

/** The worker side of indexer/worker.ts: one indexer, its own store connection, everything posted to the parent. */
const port = parentPort!;
const opts = (workerData as { opts: ThreadOptions }).opts;
const post = (m: FromThread) => port.postMessage(m);
const serialize = (err: unknown): SerializedError =>
  err instanceof Error ? { name: err.name, message: err.message } : { name: "Error", message: String(err) };

const EVENTS: IndexerEventName[] = ["transaction", "transfer", "tokenEvent", "authorization", "block", "reorg", "error"];
let buffer: ThreadEvent[] = [];
let posted: IndexedHead | null | undefined;
let ix: Indexer | null = null;
/** The events the parent listens to; errors always go (a fatal one must never pass unseen). */
let wanted = new Set<IndexerEventName>(["error"]);

/** Events emitted in one synchronous run (a committed range) go out as one message, with the head after them. */
let flushQueued = false;
function flush(): void {
  flushQueued = false;
  const head = ix?.head() ?? null;
  if (buffer.length === 0 && posted !== undefined && sameHead(head, posted)) return;
  post(buffer.length ? { type: "events", head, events: buffer } : { type: "head", head });
  buffer = [];
  posted = head;
}
const sameHead = (a: IndexedHead | null, b: IndexedHead | null) => a?.number === b?.number && a?.hash === b?.hash;

const ready: Promise<{ store: ChainStore; ix: Indexer }> = (async () => {
  const store = await openChainStore(opts.location);
  ix = createIndexer({
    ...opts,
    store,
    logger: {
      info: (msg) => post({ type: "log", level: "info", msg }),
      warn: (msg) => post({ type: "log", level: "warn", msg }),
      error: (msg) => post({ type: "log", level: "error", msg }),
    },
    onSynced: () => flush(),
  });
  for (const name of EVENTS) {
    ix.on(name, (payload: unknown) => {
      // One message after the range (or rollback) that emitted these; the head goes with it even when no event does.
      if (!flushQueued) {
        flushQueued = true;
        queueMicrotask(flush);
      }
      if (!wanted.has(name)) return;
      buffer.push(
        name === "error"
          ? { name, payload: { error: serialize((payload as { error: Error }).error), fatal: (payload as { fatal: boolean }).fatal } }
          : ({ name, payload } as ThreadEvent),
      );
    });
  }
  return { store, ix };
})();
ready.then(
  () => post({ type: "ready", head: null }),
  // A store that cannot be opened fails every call with its error.
  (err) => post({ type: "ready", head: null, error: serialize(err) }),
);

port.on("message", (m: ToThread) => {
  if (m.type === "listen") {
    wanted = new Set([...m.events, "error"]);
    return;
  }
  void (async () => {
    if (m.type === "start") {
      try {
        (await ready).ix.start();
      } catch (err) {
        buffer.push({ name: "error", payload: { error: serialize(err), fatal: true } });
        flush();
      }
      return;
    }
    try {
      const { store, ix: indexer } = await ready;
      if (m.type === "sync") {
        const head = await indexer.syncOnce();
        flush();
        post({ type: "reply", id: m.id, head });
        return;
      }
      await indexer.stop();
      flush();
      await store.close();
      post({ type: "reply", id: m.id });
      port.close();
    } catch (err) {
      flush();
      post({ type: "reply", id: m.id, error: serialize(err) });
      if (m.type === "stop") port.close();
    }
  })();
});
