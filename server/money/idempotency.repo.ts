import type { AppTx } from "../db/schema";
import { nowIso } from "../db/app-db";

/** A request's Idempotency-Key, within its scope (the caller). */
export interface IdempotencyRef {
  scope: string;
  key: string;
}

export async function idempotencyRecord(db: AppTx, scope: string, key: string) {
  return db
    .selectFrom("idempotency")
    .select(["request_hash", "status", "response", "created_at", "transfer_id", "call_id"])
    .where("scope", "=", scope)
    .where("key", "=", key)
    .executeTakeFirst();
}

/** Claims a key for a request in progress; false when another request holds it already. */
export async function claimIdempotencyKey(db: AppTx, scope: string, key: string, requestHash: string): Promise<boolean> {
  const r = await db
    .insertInto("idempotency")
    .values({ scope, key, request_hash: requestHash, created_at: nowIso() })
    .onConflict((oc) => oc.columns(["scope", "key"]).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function completeIdempotencyKey(db: AppTx, scope: string, key: string, status: number, response: string): Promise<void> {
  await db.updateTable("idempotency").set({ status, response }).where("scope", "=", scope).where("key", "=", key).execute();
}

/** Records, in the transaction that wrote it, the money move a keyed request made: its outbox row or token call. */
export async function linkIdempotencyMove(
  trx: AppTx,
  ref: IdempotencyRef,
  move: { transfer_id: number } | { call_id: number },
): Promise<void> {
  await trx.updateTable("idempotency").set(move).where("scope", "=", ref.scope).where("key", "=", ref.key).execute();
}

/**
 * Marks a key still held by its living request (a bulk request between its items): its age restarts, so a duplicate
 * keeps getting 'in progress' while the request runs, however long, instead of being taken for a dead one's.
 */
export async function holdIdempotencyKey(db: AppTx, ref: IdempotencyRef): Promise<void> {
  await db
    .updateTable("idempotency")
    .set({ created_at: nowIso() })
    .where("scope", "=", ref.scope)
    .where("key", "=", ref.key)
    .where("status", "is", null)
    .execute();
}

export async function releaseIdempotencyKey(db: AppTx, scope: string, key: string): Promise<void> {
  await db.deleteFrom("idempotency").where("scope", "=", scope).where("key", "=", key).execute();
}

/** Forgets keys made before `before` (ISO). */
export async function expireIdempotencyKeys(db: AppTx, before: string): Promise<number> {
  const r = await db.deleteFrom("idempotency").where("created_at", "<", before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
