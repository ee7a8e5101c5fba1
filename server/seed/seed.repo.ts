import type { AppTx, BoardType } from "../db/schema";
import { nowIso } from "../db/app-db";

export async function insertBankAccount(db: AppTx, a: { bank_name: string; bank_account: string; owner_name: string; nickname: string | null; is_main: number }) {
  await db.insertInto("bank_accounts").values({ ...a, created_at: nowIso() }).execute();
}

export async function insertPolicy(db: AppTx, id: number, content: string) {
  const now = nowIso();
  await db.insertInto("policies").values({ id, content, state: 1, created_at: now, updated_at: now }).execute();
}

export async function insertBoardPost(db: AppTx, type: BoardType, title: string, content: string) {
  const now = nowIso();
  await db.insertInto("boards").values({ type, title, content, state: "1", created_at: now, updated_at: now }).execute();
}
