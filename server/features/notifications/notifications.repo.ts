import type { AppTx, Notification } from "../../db/schema";
import { nowIso } from "../../db/app-db";

export async function insertNotification(
  db: AppTx,
  n: { category: string; type: string; message: string; ref_id: number | null },
): Promise<Notification> {
  return db
    .insertInto("notifications")
    .values({ ...n, created_at: nowIso() })
    .returningAll()
    .executeTakeFirstOrThrow();
}
