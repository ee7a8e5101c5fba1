import type { AppTx } from "../db/schema";
import { nowIso } from "../db/app-db";
import { cutSessions } from "../auth/auth.repo";
import type { OperatorFlags } from "../../domain/constants";
import { MemberState } from "../../domain/constants";

/** Operators (운영자): the row the session check reads (OperatorRow), the list the back-office shows, and their changes. */

export interface OperatorRow {
  id: number;
  login_id: string;
  permission: number;
  flags: Record<string, boolean>;
  member_id: number | null;
}

const parse = (r: { id: number; login_id: string; permission: number; flags: string; member_id: number | null }): OperatorRow => ({
  ...r,
  flags: JSON.parse(r.flags) as Record<string, boolean>,
});

/** A live (not deleted) operator. */
export async function operatorRowById(db: AppTx, id: number): Promise<OperatorRow | undefined> {
  const r = await db
    .selectFrom("admins")
    .select(["id", "login_id", "permission", "flags", "member_id"])
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return r && parse(r);
}

/** The login record of an operator id: the operator and its password hash. */
export async function operatorByLoginId(db: AppTx, loginId: string): Promise<(OperatorRow & { password_hash: string }) | undefined> {
  const r = await db
    .selectFrom("admins")
    .select(["id", "login_id", "permission", "flags", "member_id", "password_hash"])
    .where("login_id", "=", loginId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return r && { ...parse(r), password_hash: r.password_hash };
}

export async function insertOperatorRow(
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

/** Replaces an operator's flags (an approved operatorFlags proposal). */
export async function setOperatorFlags(db: AppTx, id: number, flags: Record<string, boolean>): Promise<boolean> {
  const r = await db
    .updateTable("admins")
    .set({ flags: JSON.stringify(flags) })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export interface OperatorListRow {
  id: number;
  loginId: string;
  permission: number;
  createdAt: string;
  flags: OperatorFlags;
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
  flags: JSON.parse(r.flags) as OperatorFlags,
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
    .where("m.state", "=", MemberState.NORMAL)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("admins as a").select("a.id").whereRef("a.member_id", "=", "m.id").where("a.deleted_at", "is", null))),
    )
    .orderBy("m.id")
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Deletes an operator (kept as a record with deleted_at) and ends every session it holds; false when none was live. */
export async function deleteOperator(db: AppTx, id: number): Promise<boolean> {
  const r = await db
    .updateTable("admins")
    .set({ deleted_at: nowIso() })
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  await cutSessions(db, `a:${id}`);
  return Number(r.numUpdatedRows) > 0;
}
