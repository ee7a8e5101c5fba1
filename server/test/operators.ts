import type { AppContext } from "../context";
import { hashPassword } from "../auth/passwords";
import { insertOperatorRow } from "../records/operators.repo";
import { deleteOperator as softDelete } from "../records/operators.repo";
import type { OperatorFlags } from "../../domain/constants";

/** Test helper: an operator row with the given permission and flags; returns its id. */
export async function insertOperator(
  ctx: AppContext,
  loginId: string,
  permission: number,
  flags: OperatorFlags,
  memberId: number | null = null,
): Promise<number> {
  return insertOperatorRow(ctx.db, {
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
