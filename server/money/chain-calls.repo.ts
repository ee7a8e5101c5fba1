import type { AppTx, ChainCall } from "../db/schema";
import { nowIso } from "../db/app-db";

export async function insertChainCall(db: AppTx, method: string, args: string[], adminId: number | null): Promise<number> {
  const now = nowIso();
  const r = await db
    .insertInto("chain_calls")
    .values({ method, args: JSON.stringify(args), status: "pending", admin_id: adminId, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

/**
 * Marks a pending call submitted with the hash it is about to be sent under; false if it is no longer pending (the
 * resolve job gave it up as never sent), and then it must not be sent.
 */
export async function markCallSubmitted(db: AppTx, id: number, txHash: string, nonce: number): Promise<boolean> {
  const r = await db
    .updateTable("chain_calls")
    .set({ status: "submitted", tx_hash: txHash, nonce, updated_at: nowIso() })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function resolveCall(
  db: AppTx,
  id: number,
  status: "confirmed" | "failed",
  blockNumber: number | null,
  error: string | null,
  txHash?: string,
): Promise<void> {
  await db
    .updateTable("chain_calls")
    .set({ status, block_number: blockNumber, error, updated_at: nowIso(), ...(txHash ? { tx_hash: txHash } : {}) })
    .where("id", "=", id)
    .execute();
}

/** A call that never left the process: nothing happened on chain. */
export async function failUnsentCall(db: AppTx, id: number): Promise<void> {
  await db
    .updateTable("chain_calls")
    .set({ status: "failed", error: "not sent", updated_at: nowIso() })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .execute();
}

/** A submitted call whose transaction can no longer be mined (its nonce went to another one): failed, nothing happened. */
export async function failDroppedCall(db: AppTx, id: number): Promise<boolean> {
  const r = await db
    .updateTable("chain_calls")
    .set({ status: "failed", error: "dropped", updated_at: nowIso() })
    .where("id", "=", id)
    .where("status", "=", "submitted")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function chainCall(db: AppTx, id: number): Promise<ChainCall | undefined> {
  return db.selectFrom("chain_calls").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Calls whose outcome is not recorded: still 'pending' or 'submitted'. */
export async function unresolvedCalls(db: AppTx): Promise<ChainCall[]> {
  return db.selectFrom("chain_calls").selectAll().where("status", "in", ["pending", "submitted"]).orderBy("id").execute();
}

/**
 * The newest pause or unpause call on record that did not fail (sent, confirmed, or still to be sent), or null: what
 * the token's paused state is about to be whatever the index has reached (money moves recorded during a journal
 * replay, when the node's answer is not yet the journal's).
 */
export async function pauseOnRecord(db: AppTx): Promise<"pause" | "unpause" | null> {
  const r = await db
    .selectFrom("chain_calls")
    .select("method")
    .where("method", "in", ["pause", "unpause"])
    .where("status", "!=", "failed")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return (r?.method as "pause" | "unpause" | undefined) ?? null;
}
