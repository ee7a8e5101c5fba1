import type { Replacement } from "../../chain/tx-lifecycle";
import type { AppDb, AppTx } from "../db/schema";
import { nowIso } from "../db/app-db";

/**
 * Records a replacement before it is sent, and moves the records that named the old hash (outbox rows and chain
 * calls still awaiting their receipt) to the new one, in one transaction: the dashboard shows the transaction in
 * flight, and whichever of the two lands, its receipt is found (`hashFamily`) and its hash recorded.
 */
export async function recordReplacement(db: AppDb, account: string, r: Replacement): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("tx_replacements")
      .values({
        account,
        nonce: r.nonce,
        old_hash: r.oldHash,
        new_hash: r.newHash,
        reason: r.reason,
        max_fee_per_gas: r.maxFeePerGas.toString(),
        max_priority_fee_per_gas: r.maxPriorityFeePerGas.toString(),
        created_at: nowIso(),
      })
      // The same replacement again (same nonce, fees and so hash): a process that died after recording it and before
      // sending it, taken over by another whose bump of the same fees signs the same bytes. It is on record already.
      .onConflict((oc) => oc.column("new_hash").doNothing())
      .execute();
    if (!r.oldHash) return;
    const now = nowIso();
    await trx
      .updateTable("outbox_transfers")
      .set({ tx_hash: r.newHash, updated_at: now })
      .where("tx_hash", "=", r.oldHash)
      .where("status", "=", "submitted")
      .execute();
    await trx
      .updateTable("chain_calls")
      .set({ tx_hash: r.newHash, updated_at: now })
      .where("tx_hash", "=", r.oldHash)
      .where("status", "=", "submitted")
      .execute();
  });
}

/** Every hash sent for the nonce of `hash` (its replacements and what it replaced), `hash` first; [hash] when none. */
export async function hashFamily(db: AppTx, hash: string): Promise<string[]> {
  const own = await db
    .selectFrom("tx_replacements")
    .select(["account", "nonce"])
    .where((eb) => eb.or([eb("new_hash", "=", hash), eb("old_hash", "=", hash)]))
    .executeTakeFirst();
  if (!own) return [hash];
  const rows = await db
    .selectFrom("tx_replacements")
    .select(["old_hash", "new_hash"])
    .where("account", "=", own.account)
    .where("nonce", "=", own.nonce)
    .orderBy("id", "desc")
    .execute();
  const all = new Set<string>([hash]);
  for (const r of rows) {
    all.add(r.new_hash);
    if (r.old_hash) all.add(r.old_hash);
  }
  return [...all];
}

/** The replacements of the newest first (the dashboard's list). */
export async function recentReplacements(db: AppTx, limit = 20) {
  return db.selectFrom("tx_replacements").selectAll().orderBy("id", "desc").limit(limit).execute();
}
