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

/** The stored notification another process announced (null: not there). */
export async function notificationById(db: AppTx, id: number): Promise<Notification | null> {
  return (await db.selectFrom("notifications").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

/** Notifications stored after `afterId`, oldest first (at most `limit`): what a process may have missed. */
export async function notificationsAfter(db: AppTx, afterId: number, limit: number): Promise<Notification[]> {
  return db.selectFrom("notifications").selectAll().where("id", ">", afterId).orderBy("id").limit(limit).execute();
}

/** The newest notification's id (0 when none). */
export async function lastNotificationId(db: AppTx): Promise<number> {
  const r = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(r?.id ?? 0);
}
