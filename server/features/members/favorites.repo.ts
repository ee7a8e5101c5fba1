import type { AppTx, Favorite } from "../../db/schema";
import { nowIso } from "../../db/app-db";

/** Every query is scoped to the owning member: another member's ids simply do not exist. */

export async function favoriteOf(db: AppTx, memberId: number, id: number): Promise<Favorite | undefined> {
  return db.selectFrom("favorites").selectAll().where("id", "=", id).where("member_id", "=", memberId).executeTakeFirst();
}

/** Starred first, then the most recently touched. */
export async function favoritesOf(db: AppTx, memberId: number): Promise<Favorite[]> {
  return db
    .selectFrom("favorites")
    .selectAll()
    .where("member_id", "=", memberId)
    .orderBy("checked", "desc")
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** Adds an address to a member's book; undefined when it is already there. */
export async function insertFavorite(db: AppTx, memberId: number, nickname: string, address: string): Promise<number | undefined> {
  const now = nowIso();
  const r = await db
    .insertInto("favorites")
    .values({ member_id: memberId, nickname, address, checked: 0, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(["member_id", "address"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return r?.id;
}

/** Stars or unstars an own entry; false when the member has no such entry. */
export async function setFavoriteChecked(db: AppTx, memberId: number, id: number, checked: boolean): Promise<boolean> {
  const r = await db
    .updateTable("favorites")
    .set({ checked: checked ? 1 : 0, updated_at: nowIso() })
    .where("id", "=", id)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes the member's own entries among `ids`; the number deleted. */
export async function deleteFavorites(db: AppTx, memberId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await db.deleteFrom("favorites").where("member_id", "=", memberId).where("id", "in", ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}
