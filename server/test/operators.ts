import type { AppContext } from "../context";
import { hashPassword } from "../auth/passwords";
import { nowIso } from "../db/app-db";
import type { AdminFlags } from "../../domain/constants";

/** Test helper: an operator row with the given permission and flags; returns its id. */
export async function insertOperator(ctx: AppContext, loginId: string, permission: number, flags: AdminFlags, memberId: number | null = null): Promise<number> {
  const info = ctx.db
    .prepare("INSERT INTO admins (login_id, password_hash, permission, flags, member_id, created_at) VALUES (?, ?, ?, ?, ?, ?)")
    .run(loginId, await hashPassword("operator1234"), permission, JSON.stringify(flags), memberId, nowIso());
  return Number(info.lastInsertRowid);
}

/** Test helper: marks an operator deleted, as the admin delete does. */
export function deleteOperator(ctx: AppContext, id: number): void {
  ctx.db.prepare("UPDATE admins SET deleted_at = ? WHERE id = ?").run(nowIso(), id);
}
