import { sql } from "kysely";
import type { AppTx } from "../../db/schema";
import { nowIso } from "../../db/app-db";

/** Deposit bank accounts (back-office /admin/address/bank). Exactly one is main once any exists. */

export type BankDbRow = {
  id: number;
  bank_name: string;
  bank_account: string;
  owner_name: string;
  nickname: string | null;
  is_main: number;
  created_at: string;
};

export async function listBanks(db: AppTx): Promise<BankDbRow[]> {
  return db.selectFrom("bank_accounts").selectAll().orderBy("id").execute();
}

export async function bankById(db: AppTx, id: number): Promise<BankDbRow | undefined> {
  return db.selectFrom("bank_accounts").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Adds an account; the first one becomes main. */
export async function insertBank(
  db: AppTx,
  b: { bank_name: string; bank_account: string; owner_name: string; nickname: string | null },
): Promise<BankDbRow> {
  const hasMain = await db.selectFrom("bank_accounts").select("id").where("is_main", "=", 1).limit(1).executeTakeFirst();
  return db
    .insertInto("bank_accounts")
    .values({ ...b, is_main: hasMain ? 0 : 1, created_at: nowIso() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Makes `id` the only main account (one statement, so no moment has two or none). */
export async function setMainBank(db: AppTx, id: number): Promise<void> {
  await db
    .updateTable("bank_accounts")
    .set({ is_main: sql<number>`CASE WHEN id = ${id} THEN 1 ELSE 0 END` })
    .execute();
}

/** Removes a non-main account; false when it is main or gone. */
export async function deleteBank(db: AppTx, id: number): Promise<boolean> {
  const r = await db.deleteFrom("bank_accounts").where("id", "=", id).where("is_main", "=", 0).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The demo seed's first account (scripts/start on an empty store). */
export async function insertBankAccount(
  db: AppTx,
  a: { bank_name: string; bank_account: string; owner_name: string; nickname: string | null; is_main: number },
) {
  await db
    .insertInto("bank_accounts")
    .values({ ...a, created_at: nowIso() })
    .execute();
}
