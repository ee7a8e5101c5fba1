import type { Selectable } from "kysely";
import type { AppTx, VerificationsTable } from "../../db/schema";

/** Identity-verification keys: issued → verified → used. Each transition is one conditional UPDATE. */
export type VerificationRow = Selectable<VerificationsTable>;

export async function verificationByKey(db: AppTx, key: string): Promise<VerificationRow | undefined> {
  return db.selectFrom("verifications").selectAll().where("key", "=", key).executeTakeFirst();
}

export async function insertVerification(
  db: AppTx,
  v: { key: string; purpose: VerificationRow["purpose"]; expires_at: string; created_at: string },
): Promise<void> {
  await db
    .insertInto("verifications")
    .values({ ...v, status: "issued" })
    .execute();
}

/** Drops keys that expired before `before` (they carry identities; kept a while for support). */
export async function deleteVerificationsExpiredBefore(db: AppTx, before: string): Promise<void> {
  await db.deleteFrom("verifications").where("expires_at", "<", before).execute();
}

/** Records the verified identity and code on an issued, unexpired key; false when it was not (or lost a race). */
export async function markVerified(
  db: AppTx,
  key: string,
  v: { code: number; name: string; birth: string; phone: string; carrier: string; expires_at: string },
  now: string,
): Promise<boolean> {
  const r = await db
    .updateTable("verifications")
    .set({ ...v, status: "verified" })
    .where("key", "=", key)
    .where("status", "=", "issued")
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Marks a verified, unexpired key of `purpose` and `code` used and returns it; undefined when it was not usable. */
export async function claimVerification(
  db: AppTx,
  key: string,
  purpose: VerificationRow["purpose"],
  code: number,
  now: string,
): Promise<VerificationRow | undefined> {
  return db
    .updateTable("verifications")
    .set({ status: "used" })
    .where("key", "=", key)
    .where("purpose", "=", purpose)
    .where("status", "=", "verified")
    .where("code", "=", code)
    .where("expires_at", ">", now)
    .returningAll()
    .executeTakeFirst();
}

/** Gives a used key back (the step it was claimed for failed for a transient reason). */
export async function releaseVerification(db: AppTx, key: string): Promise<void> {
  await db.updateTable("verifications").set({ status: "verified" }).where("key", "=", key).where("status", "=", "used").execute();
}

/** Moves a key's expiry (support tooling and tests of expiry). */
export async function setVerificationExpiry(db: AppTx, key: string, expiresAt: string): Promise<void> {
  await db.updateTable("verifications").set({ expires_at: expiresAt }).where("key", "=", key).execute();
}
