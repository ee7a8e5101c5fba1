import type { AppTx } from "../db/schema";

/** The operator chain call (mint, burn, block…) sent as this transaction, if any. */
export async function chainCallByHash(db: AppTx, hash: string) {
  return db.selectFrom("chain_calls").select(["id", "method", "args", "status"]).where("tx_hash", "=", hash).executeTakeFirst();
}

/** The buy order an approval transfer settled. */
export async function orderOfTransfer(db: AppTx, transferId: number) {
  return db.selectFrom("buy_orders").select(["id", "order_no", "member_id"]).where("transfer_id", "=", transferId).executeTakeFirst();
}

/** Confirmed operator chain calls of one method with their tx hashes (mint and burn legs of the reconciliation). */
export async function confirmedCallHashes(db: AppTx): Promise<Set<string>> {
  const rows = await db.selectFrom("chain_calls").select("tx_hash").where("status", "=", "confirmed").where("tx_hash", "is not", null).execute();
  return new Set(rows.map((r) => r.tx_hash!.toLowerCase()));
}
