import type { AppTx, SavedView } from "../../db/schema";
import { nowIso } from "../../db/app-db";

/** Every query is scoped to the owning operator: another operator's views simply do not exist. */

/** The operator's views of one list, oldest first (the order they were saved in). */
export async function viewsOf(db: AppTx, adminId: number, list: string): Promise<SavedView[]> {
  return db.selectFrom("saved_views").selectAll().where("admin_id", "=", adminId).where("list", "=", list).orderBy("id").execute();
}

export async function countViews(db: AppTx, adminId: number, list: string): Promise<number> {
  const r = await db
    .selectFrom("saved_views")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("admin_id", "=", adminId)
    .where("list", "=", list)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Saves a view; undefined when the operator already has one of that name on that list. */
export async function insertView(
  db: AppTx,
  v: { adminId: number; list: string; name: string; stateJson: string },
): Promise<SavedView | undefined> {
  return db
    .insertInto("saved_views")
    .values({ admin_id: v.adminId, list: v.list, name: v.name, state_json: v.stateJson, created_at: nowIso() })
    .onConflict((oc) => oc.columns(["admin_id", "list", "name"]).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Deletes one of the operator's own views; false when it has no such view. */
export async function deleteView(db: AppTx, adminId: number, id: number): Promise<boolean> {
  const r = await db.deleteFrom("saved_views").where("id", "=", id).where("admin_id", "=", adminId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
