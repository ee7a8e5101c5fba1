import { Router } from "express";
import type { AppContext } from "../../context";
import { adminGate } from "../../auth/admin-flags";
import { authOf } from "../../auth/middleware";
import { operatorAccessEnded } from "../../auth/operator-events";
import { hashPassword } from "../../auth/passwords";
import { AppError, badRequest, notFound, ok } from "../../http/errors";
import { valid, validate } from "../../http/validate";
import { insertAdmin } from "./admins.repo";
import { connectableMembers, deleteOperator, listOperators, loginIdTaken, operatorById } from "./operators.repo";
import { checkDelete, planOperator } from "./operator-rules";
import { memberById } from "../members/members.repo";
import { appendAction } from "../audit/audit.repo";
import { flagsToArrays, operatorCreateBody, operatorDetailBody, operatorIdParams, type OperatorCreateBody } from "../../../domain/schemas/operation";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";

/** Operator accounts (spec §7, §8): linkable members, create, list, detail, delete. Every change is audited. */
export function operatorRoutes(ctx: AppContext): Router {
  const r = Router();

  r.get("/api/operation/connect", adminGate(ctx), async (_req, res) => {
    ok(res, await connectableMembers(ctx.db));
  });

  r.post("/api/operation/create", adminGate(ctx), validate(operatorCreateBody), async (req, res) => {
    const body = valid<OperatorCreateBody>(req).body;
    const actor = authOf(req).admin!;
    if (await loginIdTaken(ctx.db, body.id)) throw badRequest(Msg.adminExists);
    const member = await memberById(ctx.db, body.account_id);
    if (!member || member.state !== "repair") throw badRequest(Msg.adminLinkedRequired);
    if (!(await connectableMembers(ctx.db)).some((m) => m.id === member.id)) throw badRequest(Msg.memberHasOperator);
    const plan = planOperator(actor, body, member.permission);
    const passwordHash = await hashPassword(body.password);
    await ctx.db.transaction().execute(async (trx) => {
      const id = await insertAdmin(trx, { login_id: body.id, password_hash: passwordHash, permission: plan.permission, flags: plan.flags, member_id: member.id });
      await appendAction(trx, {
        adminId: actor.id,
        adminLoginId: actor.login_id,
        action: "operator.create",
        targetType: "admin",
        targetId: id,
        after: { loginId: body.id, permission: plan.permission, memberId: member.id, flags: plan.flags },
      });
    });
    ok(res);
  });

  r.get("/api/operation/admin_list", adminGate(ctx), async (_req, res) => {
    ok(res, (await listOperators(ctx.db)).map(({ flags: _flags, ...o }) => o));
  });

  r.post("/api/operation/admin_detail", adminGate(ctx), validate(operatorDetailBody), async (req, res) => {
    const { id } = valid<{ id: number }>(req).body;
    const o = await operatorById(ctx.db, id);
    if (!o) throw notFound();
    const { flags, ...rest } = o;
    ok(res, { ...rest, ...flagsToArrays(flags) });
  });

  r.delete("/api/operation/admin_delete/:id", adminGate(ctx), validate(operatorIdParams, "params"), async (req, res) => {
    const { id } = valid<unknown, { id: number }>(req).params;
    const actor = authOf(req).admin!;
    const target = await operatorById(ctx.db, id);
    if (!target) throw new AppError(Code.NOT_FOUND, Msg.adminDeleteFailed);
    checkDelete(actor, target);
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await deleteOperator(trx, id))) throw new AppError(Code.NOT_FOUND, Msg.adminDeleteFailed);
      await appendAction(trx, { adminId: actor.id, adminLoginId: actor.login_id, action: "operator.delete", targetType: "admin", targetId: id, before: { loginId: target.loginId, permission: target.permission } });
    });
    operatorAccessEnded(ctx, id);
    ok(res);
  });

  return r;
}
