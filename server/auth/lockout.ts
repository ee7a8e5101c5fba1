import type { AppDb } from "../db/schema";
import {
  accountLockoutForCount,
  accountLockoutOf,
  clearAccountLockoutsLike,
  clearLockout,
  clearLockoutsLike,
  lockoutForCount,
  lockoutOf,
  saveAccountLockout,
  saveLockout,
} from "./auth.repo";
import { LOCK_AFTER_FAILURES, LOCK_MINUTES } from "../../domain/constants";

/** The account-wide bound of a login: `afterFailures` wrong passwords within `windowMs` lock it; `liftAfterMs` null: only `resetAll` lifts it. */
export interface AccountLockPolicy {
  afterFailures: number;
  windowMs: number;
  liftAfterMs: number | null;
}

/** Counts of one login from every address together (the account-wide lock): no change of address resets them. */
export interface AccountLockout {
  /** Locked now, and the tries left before the lock. */
  status(subject: string, policy: AccountLockPolicy, now?: Date): Promise<{ locked: boolean; triesLeft: number }>;
  /** Records a failure; the tries left before the lock (0: the subject is locked, by this failure or before it). */
  failAndCount(subject: string, policy: AccountLockPolicy, now?: Date): Promise<number>;
}

/**
 * Five wrong passwords lock a subject (a login from one address 'login:member:<phone>@<ip>', or 'pay:1') for ten minutes.
 * Login and payment dialogs count separately. Logins are also counted account-wide (`account`, every address together).
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
  /** Lifts every subject that starts with `prefix`, account-wide ones included (e.g. a login from every address, and the login itself). */
  resetAll(prefix: string): Promise<void>;
  account: AccountLockout;
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
      await clearAccountLockoutsLike(db, prefix);
    },
    account: createAccountLockout(db),
  };
}

function createAccountLockout(db: AppDb): AccountLockout {
  const lockedNow = (lockedAt: string | null, policy: AccountLockPolicy, now: Date) =>
    lockedAt !== null && (policy.liftAfterMs === null || new Date(lockedAt).getTime() + policy.liftAfterMs > now.getTime());
  /** The failures that still count: those of the window, and none from before a lock that has been lifted (a lifted lock starts afresh). */
  const recent = (row: { failed_at: string; locked_at: string | null } | undefined, policy: AccountLockPolicy, now: Date): string[] => {
    if (!row || row.locked_at !== null) return [];
    const since = now.getTime() - policy.windowMs;
    return (JSON.parse(row.failed_at) as string[]).filter((t) => new Date(t).getTime() > since);
  };
  return {
    async status(subject, policy, now = new Date()) {
      const row = await accountLockoutOf(db, subject);
      if (lockedNow(row?.locked_at ?? null, policy, now)) return { locked: true, triesLeft: 0 };
      return { locked: false, triesLeft: policy.afterFailures - recent(row, policy, now).length };
    },
    async failAndCount(subject, policy, now = new Date()) {
      return db.transaction().execute(async (trx) => {
        const row = await accountLockoutForCount(trx, subject);
        // As the per-address count: a lock in force stays, a failure in flight when it was set does not start a new count.
        if (lockedNow(row?.locked_at ?? null, policy, now)) return 0;
        const failedAt = [...recent(row, policy, now), now.toISOString()];
        const locked = failedAt.length >= policy.afterFailures;
        await saveAccountLockout(trx, subject, failedAt, locked ? now.toISOString() : null);
        return locked ? 0 : policy.afterFailures - failedAt.length;
      });
    },
  };
}
