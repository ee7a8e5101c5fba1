import type { EventEmitter } from "node:events";
import type { AppDb } from "../../db/schema";
import type { OutboxRow } from "../outbox";
import * as repo from "../outbox.repo";

const isResolved = (r: OutboxRow | undefined) => !r || r.status === "confirmed" || r.status === "failed";

/**
 * The relayer's `waitFor`: resolves when the row is confirmed or failed (its `resolved:<id>` event), or with its
 * current state after `timeoutMs`. Another process may be the one relaying, so waiting rows are also polled: one
 * query every 250 ms for all of them, not one per waiting request. `release()` ends every wait at once with the
 * row as it is, and later waits do not wait (the process stops and nothing more can be sent).
 */
export function createWaiters(db: AppDb, events: EventEmitter) {
  /** Rows some request waits for (id → its waiters). */
  const waiting = new Map<number, Set<(r: OutboxRow) => void>>();
  let released = false;
  let pollTimer: NodeJS.Timeout | null = null;
  function schedulePoll() {
    if (pollTimer || waiting.size === 0) return;
    pollTimer = setTimeout(() => {
      const ids = [...waiting.keys()];
      const chunks: number[][] = [];
      for (let i = 0; i < ids.length; i += 500) chunks.push(ids.slice(i, i + 500));
      void Promise.all(chunks.map((c) => repo.outboxRows(db, c)))
        .then((found) => {
          for (const row of found.flat()) if (isResolved(row)) for (const finish of [...(waiting.get(row.id) ?? [])]) finish(row);
        })
        .catch(() => undefined)
        .finally(() => {
          pollTimer = null;
          schedulePoll();
        });
    }, 250);
    pollTimer.unref();
  }

  async function waitFor(id: number, timeoutMs: number, known?: OutboxRow): Promise<OutboxRow> {
    // A row the caller has just written (pending) is not read again: the wait starts listening at once, before
    // anything this process does could resolve it, and the poll below finds a settlement made by another process.
    const first = known && known.id === id && !isResolved(known) ? known : await repo.outboxRow(db, id);
    if (isResolved(first) || released) return first as OutboxRow;
    return new Promise<OutboxRow>((resolve) => {
      let done = false;
      const finish = (r: OutboxRow) => {
        if (done) return;
        done = true;
        clearTimeout(t);
        events.off(`resolved:${id}`, finish);
        const left = waiting.get(id);
        left?.delete(finish);
        if (left?.size === 0) waiting.delete(id);
        resolve(r);
      };
      events.once(`resolved:${id}`, finish);
      waiting.set(id, (waiting.get(id) ?? new Set()).add(finish));
      schedulePoll();
      const now = () =>
        void repo.outboxRow(db, id).then(
          (r) => finish(r as OutboxRow),
          () => undefined,
        );
      const t = setTimeout(now, timeoutMs);
      // Released while the row was being read: not waited for either.
      if (released) now();
    });
  }

  async function release(): Promise<void> {
    released = true;
    const ids = [...waiting.keys()];
    if (ids.length === 0) return;
    for (const row of await repo.outboxRows(db, ids)) for (const finish of [...(waiting.get(row.id) ?? [])]) finish(row);
  }

  return { waitFor, release };
}
