import type { Request, Router } from "express";
import type { AppContext } from "../../context";
import { authOf } from "../../auth/middleware";
import { AppError, forbidden, notFound } from "../../http/errors";
import { createRoutes } from "../../http/routes";
import { sanitizeRichText } from "../../http/rich-text";
import { appendAction } from "../../records/audit.repo";
import { policiesApi as api } from "../../../domain/api/policies";
import { POLICY_AREA, type PolicyDto, type PolicyWriteBody } from "../../../domain/schemas/policies";
import { allowsArea, type AdminArea } from "../../../domain/admin-access";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { allPolicies, insertPolicy, policyById, updatePolicy, type Policy } from "./policies.repo";

const toPolicy = (p: Policy): PolicyDto => ({
  id: Number(p.id),
  content: p.content,
  createdAt: p.created_at,
  state: Number(p.state),
  updatedAt: p.updated_at,
});

function requireArea(req: Request, area: AdminArea) {
  if (!allowsArea(area, authOf(req).admin!)) throw forbidden();
}

/** The three policies (1 terms, 2 privacy, 3 voucher terms): read by anyone, written by operators with the policy's flag. Content is operator HTML, sanitised when written. */
export function policyRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  const audit = (req: Request) => {
    const a = authOf(req).admin!;
    return { adminId: a.id, adminLoginId: a.login_id };
  };
  handle(api.policy, async ({ params: { id } }) => {
    const p = await policyById(ctx.db, id);
    if (!p) throw notFound();
    return { id: p.id, content: p.content, createdAt: p.created_at, state: p.state, updatedAt: p.updated_at };
  });
  // The operators' list and writes; each policy id names the flag that may write it.
  handle(api.policyList, async (_in, req) => {
    const admin = authOf(req).admin!;
    return (await allPolicies(ctx.db)).filter((p) => allowsArea(POLICY_AREA[Number(p.id)], admin)).map(toPolicy);
  });

  const write =
    (method: "post" | "put") =>
    async ({ body: { id, policy } }: { body: PolicyWriteBody }, req: Request) => {
      requireArea(req, POLICY_AREA[id]);
      const content = sanitizeRichText(policy);
      if (!content) throw new AppError(Code.BAD_REQUEST, Msg.required);
      const saved = await ctx.db.transaction().execute(async (trx) => {
        const before = await policyById(trx, id);
        if (method === "post" ? !(await insertPolicy(trx, id, content)) : !(await updatePolicy(trx, id, content))) {
          throw method === "post" ? new AppError(Code.BAD_REQUEST, Msg.policyExists) : notFound(Msg.policyNone);
        }
        await appendAction(trx, {
          ...audit(req),
          action: method === "post" ? "policy.create" : "policy.update",
          targetType: "policy",
          targetId: id,
          before: before?.content,
          after: content,
        });
        return (await policyById(trx, id))!;
      });
      return toPolicy(saved);
    };
  handle(api.policyCreate, write("post"));
  handle(api.policyUpdate, write("put"));

  return router;
}
