import { sql } from "kysely";
import type { AppDb, AppTx } from "../db/schema";
import { hotQuery } from "../../db/hot";
import { dialectOf } from "../../db/open";

// Asked on every signed-in request and every payment: compiled once (db/hot.ts).
const lockoutQuery = hotQuery((db: AppDb, subject: string) =>
  db.selectFrom("lockouts").select(["failures", "locked_until"]).where("subject", "=", subject),
);
const revokedQuery = hotQuery((db: AppDb, jti: string) => db.selectFrom("revoked_tokens").select("jti").where("jti", "=", jti));
const cutoffQuery = hotQuery((db: AppDb, subject: string) =>
  db.selectFrom("session_cutoffs").select("valid_after_ms").where("subject", "=", subject),
);

export async function lockoutOf(db: AppTx, subject: string) {
  return (await lockoutQuery(db, subject))[0];
}

/**
 * The subject's row, for counting a failure in the caller's transaction. On PostgreSQL it is made if missing and
 * locked (FOR UPDATE), so that concurrent failures count one after another (read, then written, each one saw the
 * count before the others: thirty at once all answered 'wrong'); SQLite's write transactions already run one at a time.
 */
export async function lockoutForCount(db: AppTx, subject: string) {
  if (dialectOf(db) !== "postgres") return lockoutOf(db, subject);
  await db
    .insertInto("lockouts")
    .values({ subject, failures: 0, locked_until: null })
    .onConflict((oc) => oc.column("subject").doNothing())
    .execute();
  return db.selectFrom("lockouts").select(["failures", "locked_until"]).where("subject", "=", subject).forUpdate().executeTakeFirst();
}

export async function saveLockout(db: AppTx, subject: string, failures: number, lockedUntil: string | null): Promise<void> {
  await db
    .insertInto("lockouts")
    .values({ subject, failures, locked_until: lockedUntil })
    .onConflict((oc) => oc.column("subject").doUpdateSet({ failures, locked_until: lockedUntil }))
    .execute();
}

export async function clearLockout(db: AppTx, subject: string): Promise<void> {
  await db.deleteFrom("lockouts").where("subject", "=", subject).execute();
}

/** Lifts every lockout whose subject starts with `prefix` (a login from every address). */
export async function clearLockoutsLike(db: AppTx, prefix: string): Promise<void> {
  await db.deleteFrom("lockouts").where(sql<string>`substr(subject, 1, ${prefix.length})`, "=", prefix).execute();
}

// ---- account-wide login locks (every address together) -------------------------------------------------

const accountLockoutQuery = hotQuery((db: AppDb, subject: string) =>
  db.selectFrom("account_lockouts").select(["failed_at", "locked_at"]).where("subject", "=", subject),
);

export async function accountLockoutOf(db: AppTx, subject: string): Promise<{ failed_at: string; locked_at: string | null } | undefined> {
  return (await accountLockoutQuery(db, subject))[0];
}

/** The row, for recording a failure in the caller's transaction: made if missing and locked on PostgreSQL, as `lockoutForCount`. */
export async function accountLockoutForCount(db: AppTx, subject: string) {
  if (dialectOf(db) !== "postgres") return accountLockoutOf(db, subject);
  await db
    .insertInto("account_lockouts")
    .values({ subject, failed_at: "[]", locked_at: null })
    .onConflict((oc) => oc.column("subject").doNothing())
    .execute();
  return db.selectFrom("account_lockouts").select(["failed_at", "locked_at"]).where("subject", "=", subject).forUpdate().executeTakeFirst();
}

export async function saveAccountLockout(db: AppTx, subject: string, failedAt: string[], lockedAt: string | null): Promise<void> {
  const failed_at = JSON.stringify(failedAt);
  await db
    .insertInto("account_lockouts")
    .values({ subject, failed_at, locked_at: lockedAt })
    .onConflict((oc) => oc.column("subject").doUpdateSet({ failed_at, locked_at: lockedAt }))
    .execute();
}

/** Lifts the account-wide locks whose subject starts with `prefix`. */
export async function clearAccountLockoutsLike(db: AppTx, prefix: string): Promise<void> {
  await db.deleteFrom("account_lockouts").where(sql<string>`substr(subject, 1, ${prefix.length})`, "=", prefix).execute();
}

export async function isRevoked(db: AppTx, jti: string): Promise<boolean> {
  return (await revokedQuery(db, jti)).length > 0;
}

/** Revokes a token id until its expiry, and forgets revocations that have expired anyway. */
export async function revokeToken(db: AppTx, jti: string, expiresAt: string): Promise<void> {
  await db
    .insertInto("revoked_tokens")
    .values({ jti, expires_at: expiresAt })
    .onConflict((oc) => oc.column("jti").doNothing())
    .execute();
  await db.deleteFrom("revoked_tokens").where("expires_at", "<", new Date().toISOString()).execute();
}

/** Sessions of `subject` ('m:1', 'a:2') issued at or before this instant (ms) are no longer valid; null: none cut. */
export async function sessionCutoff(db: AppTx, subject: string): Promise<number | null> {
  const [r] = await cutoffQuery(db, subject);
  return r ? Number(r.valid_after_ms) : null;
}

/** Ends every session of `subject` issued up to now (password reset, suspension, kick-out, deletion). */
export async function cutSessions(db: AppTx, subject: string, atMs: number = Date.now()): Promise<void> {
  await db
    .insertInto("session_cutoffs")
    .values({ subject, valid_after_ms: atMs })
    .onConflict((oc) => oc.column("subject").doUpdateSet({ valid_after_ms: atMs }))
    .execute();
}

export async function apiKeyByHash(db: AppTx, keyHash: string): Promise<{ id: number } | undefined> {
  const r = await db.selectFrom("api_keys").select("id").where("key_hash", "=", keyHash).where("revoked_at", "is", null).executeTakeFirst();
  return r && { id: Number(r.id) };
}
