import type { AppTx } from "../../db/schema";
import { nowIso } from "../../db/app-db";

/** An operator's two-factor row (secrets still sealed), or undefined when it never started an enrolment. */
export async function totpOf(db: AppTx, adminId: number) {
  return db
    .selectFrom("operator_totp")
    .select(["pending_secret", "secret", "last_step", "enabled_at", "reset_at"])
    .where("admin_id", "=", adminId)
    .executeTakeFirst();
}

/** Stores a new pending secret (an enrolment started again replaces the one before); refused (false) while one is in force. */
export async function savePendingSecret(db: AppTx, adminId: number, sealed: string): Promise<boolean> {
  const now = nowIso();
  const u = await db
    .updateTable("operator_totp")
    .set({ pending_secret: sealed, updated_at: now })
    .where("admin_id", "=", adminId)
    .where("secret", "is", null)
    .executeTakeFirst();
  if (Number(u.numUpdatedRows) === 1) return true;
  // No row, or one in force: a new row only in the first case (and only once, should two starts race).
  const i = await db
    .insertInto("operator_totp")
    .values({ admin_id: adminId, pending_secret: sealed, secret: null, last_step: null, enabled_at: null, updated_at: now, reset_at: null })
    .onConflict((oc) => oc.column("admin_id").doNothing())
    .executeTakeFirst();
  return Number(i.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Puts the pending secret in force with the step of its first code (that code is then spent), only if it is still the
 * pending one (two confirmations at once: one wins).
 */
export async function activatePendingSecret(db: AppTx, adminId: number, sealed: string, step: number): Promise<boolean> {
  const now = nowIso();
  const r = await db
    .updateTable("operator_totp")
    .set({ secret: sealed, pending_secret: null, last_step: step, enabled_at: now, updated_at: now, reset_at: null })
    .where("admin_id", "=", adminId)
    .where("pending_secret", "=", sealed)
    .where("secret", "is", null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Spends a TOTP time step: true only if it is later than the last one accepted (a code is good once, even in a race). */
export async function spendStep(db: AppTx, adminId: number, step: number): Promise<boolean> {
  const r = await db
    .updateTable("operator_totp")
    .set({ last_step: step, updated_at: nowIso() })
    .where("admin_id", "=", adminId)
    .where("secret", "is not", null)
    .where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Turns two-factor login off: the secret and every recovery code go. */
export async function deleteTwoFactor(db: AppTx, adminId: number): Promise<void> {
  await db.deleteFrom("operator_recovery_codes").where("admin_id", "=", adminId).execute();
  await db.deleteFrom("operator_totp").where("admin_id", "=", adminId).execute();
}

/**
 * A super admin's reset (dual control): the secret, any pending one and every recovery code go, and the row remembers
 * the reset, so the operator's next login can only enrol again (activatePendingSecret clears it).
 */
export async function resetTwoFactor(db: AppTx, adminId: number): Promise<void> {
  const now = nowIso();
  await db.deleteFrom("operator_recovery_codes").where("admin_id", "=", adminId).execute();
  await db
    .updateTable("operator_totp")
    .set({ secret: null, pending_secret: null, last_step: null, enabled_at: null, updated_at: now, reset_at: now })
    .where("admin_id", "=", adminId)
    .execute();
}

/** Replaces an operator's recovery codes by new ones (their keyed hashes). */
export async function replaceRecoveryCodes(db: AppTx, adminId: number, hashes: string[]): Promise<void> {
  await db.deleteFrom("operator_recovery_codes").where("admin_id", "=", adminId).execute();
  const now = nowIso();
  await db
    .insertInto("operator_recovery_codes")
    .values(hashes.map((code_hash) => ({ admin_id: adminId, code_hash, used_at: null, created_at: now })))
    .execute();
}

/** Whether an unused recovery code with this hash exists (not spent). */
export async function hasRecoveryCode(db: AppTx, adminId: number, hash: string): Promise<boolean> {
  const r = await db
    .selectFrom("operator_recovery_codes")
    .select("id")
    .where("admin_id", "=", adminId)
    .where("code_hash", "=", hash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return r !== undefined;
}

/** Spends a recovery code: true only for the one request that marks it used. */
export async function spendRecoveryCode(db: AppTx, adminId: number, hash: string): Promise<boolean> {
  const r = await db
    .updateTable("operator_recovery_codes")
    .set({ used_at: nowIso() })
    .where("admin_id", "=", adminId)
    .where("code_hash", "=", hash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(db: AppTx, adminId: number): Promise<number> {
  const r = await db
    .selectFrom("operator_recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("admin_id", "=", adminId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
