import type { Router } from "express";
import type { AppContext } from "../../context";
import type { ChainCall, OutboxRow } from "../../db/schema";
import { authOf } from "../../auth/middleware";
import { notFound } from "../../http/errors";
import { createRoutes, withMessage } from "../../http/routes";
import { idempotencyOf, idempotent } from "../../money/idempotency";
import { approve, propose, proposalDto, reject } from "../../dual-control/proposals";
import * as repo from "../../dual-control/proposals.repo";
import { proposalsApi as api } from "../../../domain/api/proposals";
import { Msg } from "../../../domain/messages";

/** Dual control: the list, one proposal, propose, approve (the move runs once), reject. */
export function proposalRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);

  handle(api.proposalList, async ({ body: q }, req) => {
    const me = authOf(req).admin!;
    const page = await repo.listProposals(ctx.db, q);
    return { ...page, list: page.list.map((p) => proposalDto(p, me)) };
  });

  handle(api.proposalDetail, async ({ params: { id } }, req) => {
    const p = await repo.proposalById(ctx.db, id);
    if (!p) throw notFound();
    return proposalDto(p, authOf(req).admin!);
  });

  handle(api.propose, async ({ body }, req) =>
    withMessage({ proposal: await propose(ctx, authOf(req).admin!, body), message: Msg.proposalCreated }, Msg.proposalCreated),
  );

  // A retry of an approval whose request died is answered from the proposal its move belongs to (never a second move).
  const byCall = async (c: ChainCall) =>
    answerOf(await ctx.db.selectFrom("proposals").selectAll().where("call_id", "=", c.id).executeTakeFirst());
  const byTransfer = async (t: OutboxRow) =>
    answerOf(await ctx.db.selectFrom("proposals").selectAll().where("transfer_id", "=", t.id).executeTakeFirst());
  const answerOf = (p: Awaited<ReturnType<typeof repo.proposalById>>) =>
    p ? { ...proposalDto(p, { id: 0, login_id: "", permission: 1, flags: {} }), canDecide: false } : null;
  handle(api.proposalApprove, { use: [idempotent(ctx, { call: byCall, transfer: byTransfer })] }, async ({ params: { id } }, req, res) =>
    withMessage(await approve(ctx, id, authOf(req).admin!, idempotencyOf(res)), Msg.proposalApproved),
  );

  handle(api.proposalReject, async ({ params: { id }, body }, req) =>
    withMessage(await reject(ctx, id, authOf(req).admin!, body.reason), Msg.proposalRejected),
  );

  return router;
}
