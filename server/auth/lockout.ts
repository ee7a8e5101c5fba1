import type { AppDb } from "../db/schema";
import { clearLockout, clearLockoutsLike, lockoutForCount, lockoutOf, saveLockout } from "./auth.repo";
import { LOCK_AFTER_FAILURES, LOCK_MINUTES } from "../../domain/constants";

/**
 * Five wrong passwords lock a subject (a login from one address 'login:member:<phone>@<ip>', or 'pay:1') for ten minutes.
 * Login and payment dialogs count separately.
 */
export interface Lockout {
  isLocked(subject: string, now?: Date): Promise<boolean>;
  /** Locked, and whether anything is recorded for the subject at all (failures, or a lock, even an expired one). */
  status(subject: string, now?: Date): Promise<{ locked: boolean; recorded: boolean }>;
  /** Records a failure; true when this failure locked the subject. */
  fail(subject: string, now?: Date): Promise<boolean>;
  /** Records a failure; the tries left before the lock (0: this failure locked the subject). */
  failAndCount(subject: string, now?: Date): Promise<number>;
  reset(subject: string): Promise<void>;
  /** Lifts every subject that starts with `prefix` (e.g. a login from every address). */
  resetAll(prefix: string): Promise<void>;
}

export function createLockout(db: AppDb): Lockout {
  return {
    async isLocked(subject, now = new Date()) {
      return (await this.status(subject, now)).locked;
    },
    async status(subject, now = new Date()) {
      const row = await lockoutOf(db, subject);
      return { locked: Boolean(row?.locked_until && new Date(row.locked_until) > now), recorded: row !== undefined };
    },
    async fail(subject, now = new Date()) {
      return (await this.failAndCount(subject, now)) === 0;
    },
    async failAndCount(subject, now = new Date()) {
      return db.transaction().execute(async (trx) => {
        const row = await lockoutForCount(trx, subject);
        // A lock in force stays: a failure that was in flight when it was set must not start a new count (it lifted
        // the lock, and concurrent wrong guesses could go on past five).
        if (row?.locked_until && new Date(row.locked_until) > now) return 0;
        // An expired lock starts a fresh count.
        const expired = row?.locked_until && new Date(row.locked_until) <= now;
        const failures = (expired ? 0 : (row?.failures ?? 0)) + 1;
        const lockedUntil = failures >= LOCK_AFTER_FAILURES ? new Date(now.getTime() + LOCK_MINUTES * 60_000).toISOString() : null;
        await saveLockout(trx, subject, lockedUntil ? 0 : failures, lockedUntil);
        return lockedUntil ? 0 : LOCK_AFTER_FAILURES - failures;
      });
    },
    async reset(subject) {
      await clearLockout(db, subject);
    },
    async resetAll(prefix) {
      await clearLockoutsLike(db, prefix);
    },
  };
}
