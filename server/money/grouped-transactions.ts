import { sql } from "kysely";
import { dialectOf } from "../../db/open";
import type { AppDb, AppTx } from "../db/schema";

/** How many callers' work one grouped transaction carries at most (it holds SQLite's one writer meanwhile). */
const GROUP_MAX = 64;

/**
 * Runs each caller's `fn` in a transaction and resolves with its result once that is committed, as
 * `db.transaction().execute(fn)` does. On SQLite, callers that arrive while a transaction runs share the next one
 * (group commit): each runs in a savepoint of its own, one after the other (the one writer connection ran them one
 * after the other anyway), and a caller that throws has only its savepoint rolled back and gets its error; the
 * others are committed together. One commit for a group instead of one a caller: under load the commit was the
 * costliest statement of a gift (docs/bench.md). A group starts on the turn of the event loop after its first
 * caller arrives, so the callers of that turn share it (0.97 → 0.10 commits a gift at 50 clients). A later caller
 * sees what an earlier one of its group wrote, as it would after that one's commit. If the commit itself fails, every caller of the group gets that error and nothing
 * of theirs is recorded. PostgreSQL: a transaction each (its wallet locks must not be held across callers: two
 * processes grouping wallets in opposite orders would deadlock).
 */
export function groupedTransactions(db: AppDb): <T>(fn: (trx: AppTx) => Promise<T>) => Promise<T> {
  if (dialectOf(db) === "postgres") return (fn) => db.transaction().execute(fn);
  interface Call {
    fn: (trx: AppTx) => Promise<unknown>;
    resolve(v: unknown): void;
    reject(e: unknown): void;
    outcome?: { ok: boolean; value: unknown };
  }
  const queue: Call[] = [];
  let running = false;

  async function drain() {
    running = true;
    try {
      while (queue.length > 0) {
        const taken: Call[] = [];
        try {
          await db.transaction().execute(async (trx) => {
            // The first caller runs without a savepoint: if it throws, the transaction holds nothing else and is
            // rolled back whole (its error goes to it alone, below). Alone in its group, as it mostly is at a
            // lower rate, a payment costs no more statements than a transaction of its own.
            const first = queue.shift()!;
            taken.push(first);
            first.outcome = { ok: true, value: await first.fn(trx) };
            // Callers that arrive while earlier ones of the group run join it (up to GROUP_MAX).
            while (queue.length > 0 && taken.length < GROUP_MAX) {
              const call = queue.shift()!;
              taken.push(call);
              await sql`SAVEPOINT grouped`.execute(trx);
              try {
                call.outcome = { ok: true, value: await call.fn(trx) };
                await sql`RELEASE grouped`.execute(trx);
              } catch (err) {
                call.outcome = { ok: false, value: err };
                await sql`ROLLBACK TO grouped`.execute(trx);
                await sql`RELEASE grouped`.execute(trx);
              }
            }
          });
        } catch (err) {
          // Not committed: nobody's work of this group is recorded (the first caller's own error is its answer).
          for (const call of taken) if (call.outcome?.ok !== false) call.outcome = { ok: false, value: err };
        }
        for (const call of taken) (call.outcome!.ok ? call.resolve : call.reject)(call.outcome!.value);
      }
    } finally {
      running = false;
    }
  }

  return <T>(fn: (trx: AppTx) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ fn, resolve: resolve as (v: unknown) => void, reject });
      if (!running) {
        // The group starts after this turn of the event loop: the payments whose requests arrived in the same turn
        // reach here too (their reads before the transaction run at once on the synchronous driver) and join it.
        // Started at once, a group held the one connection while they read, and they came one after the other.
        running = true;
        setImmediate(() => void drain());
      }
    });
}
