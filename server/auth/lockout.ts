import type { AppDb } from "../db/app-db";
import { LOCK_AFTER_FAILURES, LOCK_MINUTES } from "../../domain/constants";

/**
 * Five wrong passwords lock a subject ('member:1', 'admin:2', 'pay:1') for ten minutes.
 * Login and payment dialogs count separately.
 */
export interface Lockout {
  isLocked(subject: string, now?: Date): boolean;
  /** Records a failure; true when this failure locked the subject. */
  fail(subject: string, now?: Date): boolean;
  reset(subject: string): void;
}

export function createLockout(db: AppDb): Lockout {
  const get = db.prepare("SELECT failures, locked_until FROM lockouts WHERE subject = ?");
  return {
    isLocked(subject, now = new Date()) {
      const row = get.get(subject) as { failures: number; locked_until: string | null } | undefined;
      return Boolean(row?.locked_until && new Date(row.locked_until) > now);
    },
    fail(subject, now = new Date()) {
      return db.transaction(() => {
        const row = get.get(subject) as { failures: number; locked_until: string | null } | undefined;
        // An expired lock starts a fresh count.
        const expired = row?.locked_until && new Date(row.locked_until) <= now;
        const failures = (expired ? 0 : (row?.failures ?? 0)) + 1;
        const lockedUntil = failures >= LOCK_AFTER_FAILURES ? new Date(now.getTime() + LOCK_MINUTES * 60_000).toISOString() : null;
        db.prepare(
          "INSERT INTO lockouts (subject, failures, locked_until) VALUES (?, ?, ?) ON CONFLICT(subject) DO UPDATE SET failures = excluded.failures, locked_until = excluded.locked_until",
        ).run(subject, lockedUntil ? 0 : failures, lockedUntil);
        return lockedUntil !== null;
      })();
    },
    reset(subject) {
      db.prepare("DELETE FROM lockouts WHERE subject = ?").run(subject);
    },
  };
}
