import type { AppTx } from "../db/schema";
import { nowIso } from "../db/app-db";

export async function insertBankAccount(db: AppTx, a: { bank_name: string; bank_account: string; owner_name: string; nickname: string | null; is_main: number }) {
  await db.insertInto("bank_accounts").values({ ...a, created_at: nowIso() }).execute();
}
