import type { AppTx } from "../../db/schema";
import { nowIso } from "../../db/app-db";
import { cutSessions } from "../../auth/auth.repo";

export interface AdminRow {
  id: number;
  login_id: string;
  permission: number;
  flags: Record<string, boolean>;
  member_id: number | null;
}

const parse = (r: { id: number; login_id: string; permission: number; flags: string; member_id: number | null }): AdminRow => ({
  ...r,
  flags: JSON.parse(r.flags) as Record<string, boolean>,
});

/** A live (not deleted) operator. */
export async function adminById(db: AppTx, id: number): Promise<AdminRow | undefined> {
  const r = await db
    .selectFrom("admins")
    .select(["id", "login_id", "permission", "flags", "member_id"])
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return r && parse(r);
}

/** The login record of an operator id: the operator and its password hash. */
export async function adminLogin(db: AppTx, loginId: string): Promise<(AdminRow & { password_hash: string }) | undefined> {
  const r = await db
    .selectFrom("admins")
    .select(["id", "login_id", "permission", "flags", "member_id", "password_hash"])
    .where("login_id", "=", loginId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return r && { ...parse(r), password_hash: r.password_hash };
}

export async function insertAdmin(
  db: AppTx,
  a: { login_id: string; password_hash: string; permission: number; flags: Record<string, boolean>; member_id: number | null },
): Promise<number> {
  const r = await db
    .insertInto("admins")
    .values({ ...a, flags: JSON.stringify(a.flags), created_at: nowIso() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Deletes an operator (kept as a record with deleted_at) and ends every session it holds. */
export async function deleteAdmin(db: AppTx, id: number): Promise<void> {
  await db.updateTable("admins").set({ deleted_at: nowIso() }).where("id", "=", id).where("deleted_at", "is", null).execute();
  await cutSessions(db, `a:${id}`);
}

/** Replaces an operator's flags (an approved operatorFlags proposal). */
export async function setAdminFlags(db: AppTx, id: number, flags: Record<string, boolean>): Promise<boolean> {
  const r = await db
    .updateTable("admins")
    .set({ flags: JSON.stringify(flags) })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
