import { sql, type Insertable } from "kysely";
import { tableExists } from "../../../db/open";
import type { AppDb, AppTx } from "../../db/schema";
import type { CutoffBalancesTable, CutoffsTable } from "../../db/schema-month-end";

/** The month-end's reads and writes of the app store (cut-offs, their holders, wallets' kinds, the period's rows). */

export async function walletAddresses(db: AppTx): Promise<string[]> {
  return (await db.selectFrom("wallets").select("address").execute()).map((w) => w.address);
}

/**
 * Every row of an app-store table whose `timeColumn` lies in (fromIso, toIso], oldest first; null when no table of
 * that name exists (sections another feature brings). `name` and `timeColumn` come from the code, never a request.
 */
export async function rowsCreatedIn(
  db: AppDb,
  name: string,
  timeColumn: string,
  fromIso: string,
  toIso: string,
): Promise<Record<string, unknown>[] | null> {
  if (!(await tableExists(db, name))) return null;
  const col = sql.ref(timeColumn);
  return (
    await sql<
      Record<string, unknown>
    >`SELECT * FROM ${sql.table(name)} WHERE ${col} > ${fromIso} AND ${col} <= ${toIso} ORDER BY ${col}`.execute(db)
  ).rows;
}

export const cutoffById = (db: AppTx, id: number) => db.selectFrom("cutoffs").selectAll().where("id", "=", id).executeTakeFirst();

export const cutoffAtBlock = (db: AppTx, block: number) =>
  db.selectFrom("cutoffs").selectAll().where("block_number", "=", block).executeTakeFirst();

export const cutoffsNewestFirst = (db: AppTx, limit: number) =>
  db.selectFrom("cutoffs").selectAll().orderBy("block_number", "desc").limit(limit).execute();

/** Cut-offs whose root is not on chain yet. */
export async function unpublishedCutoffIds(db: AppTx): Promise<number[]> {
  return (await db.selectFrom("cutoffs").select("id").where("root_tx_hash", "is", null).execute()).map((c) => Number(c.id));
}

/** The cut-off before a block (a pack's period starts after it). */
export const cutoffBefore = (db: AppTx, block: number) =>
  db
    .selectFrom("cutoffs")
    .select(["block_number", "block_time"])
    .where("block_number", "<", block)
    .orderBy("block_number", "desc")
    .limit(1)
    .executeTakeFirst();

/** A cut-off with its holders, in one transaction. */
export async function insertCutoff(db: AppDb, c: Insertable<CutoffsTable>, rows: Omit<Insertable<CutoffBalancesTable>, "cutoff_id">[]) {
  return db.transaction().execute(async (trx) => {
    const row = await trx.insertInto("cutoffs").values(c).returningAll().executeTakeFirstOrThrow();
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto("cutoff_balances")
        .values(rows.slice(i, i + 500).map((r) => ({ ...r, cutoff_id: row.id })))
        .execute();
    return row;
  });
}

/** The root's transaction, kept once (two publishers of one root: the first hash stays). */
export async function setRootTx(db: AppTx, id: number, hash: string): Promise<void> {
  await db.updateTable("cutoffs").set({ root_tx_hash: hash }).where("id", "=", id).where("root_tx_hash", "is", null).execute();
}

export async function setPackSha(db: AppTx, id: number, sha: string): Promise<void> {
  await db.updateTable("cutoffs").set({ pack_sha256: sha }).where("id", "=", id).execute();
}

/** A wallet's balance at each cut-off where it was a customer, newest first. */
export const customerCutoffsOf = (db: AppTx, address: string, limit: number) =>
  db
    .selectFrom("cutoff_balances as b")
    .innerJoin("cutoffs as c", "c.id", "b.cutoff_id")
    .select(["c.id", "c.label", "c.block_number", "c.merkle_root", "c.root_tx_hash", "b.balance"])
    .where("b.address", "=", address)
    .where("b.class", "=", "member")
    .orderBy("c.block_number", "desc")
    .limit(limit)
    .execute();
