import type { AppTx } from "../../db/schema";
import { nowIso } from "../../db/app-db";

/** The active key (at most one): its prefix and creation time. */
export async function activeApiKey(db: AppTx): Promise<{ id: number; prefix: string; key_hash: string; created_at: string } | undefined> {
  const r = await db
    .selectFrom("api_keys")
    .select(["id", "prefix", "key_hash", "created_at"])
    .where("revoked_at", "is", null)
    .orderBy("id", "desc")
    .executeTakeFirst();
  return r && { ...r, id: Number(r.id) };
}

/** Ends the active key and stores a new one (call inside a transaction). */
export async function rotateApiKey(
  db: AppTx,
  k: { prefix: string; key_hash: string; created_by: number },
): Promise<{ created_at: string }> {
  const now = nowIso();
  await db.updateTable("api_keys").set({ revoked_at: now }).where("revoked_at", "is", null).execute();
  await db
    .insertInto("api_keys")
    .values({ ...k, created_at: now })
    .execute();
  return { created_at: now };
}
