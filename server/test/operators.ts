import type { AppContext } from "../context";
import { hashPassword } from "../auth/passwords";
import { insertAdmin } from "../records/operators.repo";
import { deleteOperator as softDelete } from "../records/operators.repo";
import type { AdminFlags } from "../../domain/constants";

/** Test helper: an operator row with the given permission and flags; returns its id. */
export async function insertOperator(
  ctx: AppContext,
  loginId: string,
  permission: number,
  flags: AdminFlags,
  memberId: number | null = null,
): Promise<number> {
  return insertAdmin(ctx.db, {
    login_id: loginId,
    password_hash: await hashPassword("operator1234"),
    permission,
    flags,
    member_id: memberId,
  });
}

/** Test helper: marks an operator deleted, as the admin delete does. */
export async function deleteOperator(ctx: AppContext, id: number): Promise<void> {
  await softDelete(ctx.db, id);
}
