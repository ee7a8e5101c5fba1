import type { AppTx } from "../../db/schema";
import { nowIso } from "../../db/app-db";
import type { AdminFlags } from "../../../domain/constants";

export interface OperatorListRow {
  id: number;
  loginId: string;
  permission: number;
  createdAt: string;
  flags: AdminFlags;
  relatedAccount: { id: number; username: string; phonenumber: string } | null;
}

function operators(db: AppTx) {
  return db
    .selectFrom("admins as a")
    .leftJoin("members as m", "m.id", "a.member_id")
    .select(["a.id", "a.login_id", "a.permission", "a.flags", "a.created_at", "m.id as member_id", "m.username", "m.phonenumber"])
    .where("a.deleted_at", "is", null);
}

const toRow = (r: Awaited<ReturnType<ReturnType<typeof operators>["execute"]>>[number]): OperatorListRow => ({
  id: Number(r.id),
  loginId: r.login_id,
  permission: Number(r.permission),
  createdAt: r.created_at,
  flags: JSON.parse(r.flags) as AdminFlags,
  relatedAccount: r.member_id === null ? null : { id: Number(r.member_id), username: r.username ?? "", phonenumber: r.phonenumber ?? "" },
});

/** Live operators, oldest first. */
export async function listOperators(db: AppTx): Promise<OperatorListRow[]> {
  return (await operators(db).orderBy("a.id").execute()).map(toRow);
}

export async function operatorById(db: AppTx, id: number): Promise<OperatorListRow | undefined> {
  const r = await operators(db).where("a.id", "=", id).executeTakeFirst();
  return r && toRow(r);
}

/** Whether a login id was ever taken (a deleted operator's id stays taken: the column is unique). */
export async function loginIdTaken(db: AppTx, loginId: string): Promise<boolean> {
  return (await db.selectFrom("admins").select("id").where("login_id", "=", loginId).executeTakeFirst()) !== undefined;
}

/** Members that can be linked to a new operator: active, and not linked to a live operator. */
export async function connectableMembers(db: AppTx) {
  const rows = await db
    .selectFrom("members as m")
    .select(["m.id", "m.username", "m.phonenumber", "m.permission"])
    .where("m.state", "=", "repair")
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("admins as a").select("a.id").whereRef("a.member_id", "=", "m.id").where("a.deleted_at", "is", null))),
    )
    .orderBy("m.id")
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export async function deleteOperator(db: AppTx, id: number): Promise<boolean> {
  const r = await db
    .updateTable("admins")
    .set({ deleted_at: nowIso() })
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
