import type { Router } from "express";
import type { AppContext } from "../../context";
import { authOf } from "../../auth/middleware";
import { operatorAccessEnded } from "../../auth/operator-events";
import { hashPassword } from "../../auth/passwords";
import { AppError, badRequest, notFound } from "../../http/errors";
import { createRoutes } from "../../http/routes";
import { insertOperatorRow } from "../../records/operators.repo";
import { connectableMembers, deleteOperator, listOperators, loginIdTaken, operatorById } from "../../records/operators.repo";
import { checkDelete, planOperator } from "./operator-rules";
import { memberById } from "../../records/members.repo";
import { appendAction } from "../../records/audit.repo";
import { operatorsApi as api } from "../../../domain/api/operators";
import { flagsToArrays } from "../../../domain/schemas/operators";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { MemberState } from "../../../domain/constants";

/** Operator accounts (spec §7, §8): linkable members, create, list, detail, delete. Every change is audited. */
export function operatorRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);

  handle(api.connectable, async () => connectableMembers(ctx.db));

  handle(api.operatorCreate, async ({ body }, req) => {
    const actor = authOf(req).admin!;
    if (await loginIdTaken(ctx.db, body.id)) throw badRequest(Msg.adminExists);
    const member = await memberById(ctx.db, body.account_id);
    if (member?.state !== MemberState.NORMAL) throw badRequest(Msg.adminLinkedRequired);
    if (!(await connectableMembers(ctx.db)).some((m) => m.id === member.id)) throw badRequest(Msg.memberHasOperator);
    const plan = planOperator(actor, body, member.permission);
    const passwordHash = await hashPassword(body.password);
    await ctx.db.transaction().execute(async (trx) => {
      const id = await insertOperatorRow(trx, {
        login_id: body.id,
        password_hash: passwordHash,
        permission: plan.permission,
        flags: plan.flags,
        member_id: member.id,
      });
      await appendAction(trx, {
        adminId: actor.id,
        adminLoginId: actor.login_id,
        action: "operator.create",
        targetType: "admin",
        targetId: id,
        after: { loginId: body.id, permission: plan.permission, memberId: member.id, flags: plan.flags },
      });
    });
  });

  handle(api.operatorList, async () => (await listOperators(ctx.db)).map(({ flags: _flags, ...o }) => o));

  handle(api.operatorDetail, async ({ body: { id } }) => {
    const o = await operatorById(ctx.db, id);
    if (!o) throw notFound();
    const { flags, ...rest } = o;
    return { ...rest, ...flagsToArrays(flags) };
  });

  handle(api.operatorDelete, async ({ params: { id } }, req) => {
    const actor = authOf(req).admin!;
    const target = await operatorById(ctx.db, id);
    if (!target) throw new AppError(Code.NOT_FOUND, Msg.adminDeleteFailed);
    checkDelete(actor, target);
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await deleteOperator(trx, id))) throw new AppError(Code.NOT_FOUND, Msg.adminDeleteFailed);
      await appendAction(trx, {
        adminId: actor.id,
        adminLoginId: actor.login_id,
        action: "operator.delete",
        targetType: "admin",
        targetId: id,
        before: { loginId: target.loginId, permission: target.permission },
      });
    });
    operatorAccessEnded(ctx, id);
  });

  return router;
}
