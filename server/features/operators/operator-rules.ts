import { ADMIN_FLAGS, OperatorPermission, MemberPermission, type OperatorFlags } from "../../../domain/constants";
import { arraysToFlags, type PermissionGroup } from "../../../domain/schemas/operators";
import { Msg } from "../../../domain/messages";
import { AppError, forbidden } from "../../http/errors";
import { Code } from "../../../domain/codes";

export interface Actor {
  id: number;
  permission: number;
  flags: OperatorFlags;
}

/**
 * What a new operator becomes (README.md "Operator create"): permission 3 when its member is a shop
 * owner, else 1; never 0. The flags come from the eight arrays, and an actor below permission 0 may
 * grant only flags it holds itself.
 */
export function planOperator(
  actor: Actor,
  arrays: Partial<Record<PermissionGroup, readonly boolean[]>>,
  memberPermission: string,
): { permission: number; flags: OperatorFlags } {
  const flags = arraysToFlags(arrays);
  if (actor.permission !== OperatorPermission.SUPER) {
    const beyond = ADMIN_FLAGS.filter((f) => flags[f] && !actor.flags[f]);
    if (beyond.length > 0) throw forbidden(Msg.adminGrantBeyondOwn);
  }
  const permission = memberPermission === MemberPermission.EXCHANGER ? OperatorPermission.EXCHANGER : OperatorPermission.SUB;
  return { permission, flags };
}

/** Who may delete whom: never oneself; permission 0 only by permission 0. */
export function checkDelete(actor: Actor, target: { id: number; permission: number }): void {
  if (target.id === actor.id) throw new AppError(Code.BAD_REQUEST, Msg.adminDeleteSelf);
  if (target.permission === OperatorPermission.SUPER && actor.permission !== OperatorPermission.SUPER) throw forbidden();
}
