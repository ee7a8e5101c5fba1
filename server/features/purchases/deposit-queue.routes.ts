import type { Router } from "express";
import type { AppContext } from "../../context";
import { authOf } from "../../auth/middleware";
import { createRoutes } from "../../http/routes";
import { salesApi as api } from "../../../domain/api/purchases";
import { DEPOSIT_REVIEW_LABEL, type DepositReviewReason } from "../../../domain/policy/bank";
import { DEPOSIT_STATE_LABEL, type DepositRow } from "../../../domain/schemas/purchases";
import * as repo from "./money-in.repo";
import { holdDeposit, matchDeposit, returnDeposit } from "./deposit-queue.service";
import { importStatement } from "./statements.service";

type QueueRow = Awaited<ReturnType<typeof repo.depositQueue>>[number];
const dto = (d: QueueRow): DepositRow => ({
  id: Number(d.id),
  source: d.source,
  accountNumber: d.account_number,
  amount: Number(d.amount),
  depositorName: d.depositor_name,
  depositedAt: d.deposited_at,
  state: d.state,
  stateLabel: DEPOSIT_STATE_LABEL[d.state],
  reason: d.reason,
  reasonLabel: d.reason ? (DEPOSIT_REVIEW_LABEL[d.reason as DepositReviewReason] ?? d.reason) : null,
  note: d.note,
  orderNo: d.order_no ?? null,
});

/** 입금 확인 필요: the queue of deposits the machine could not match, and what operators decided (deposit-queue.service.ts). */
export function depositQueueRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  handle(api.saleDeposits, async ({ query: { state } }) => ({
    list: (await repo.depositQueue(ctx.db, state === "waiting" ? ["review", "held"] : ["matched", "returned", "confirmed", "known"])).map(
      dto,
    ),
    waiting: await repo.countReview(ctx.db),
  }));
  handle(api.saleDepositMatch, async ({ params: { id }, body: { orderNo, note } }, req) => {
    await matchDeposit(ctx, id, orderNo, note, authOf(req).admin!);
    return { id, proposalId: null };
  });
  handle(api.saleDepositHold, async ({ params: { id }, body: { note } }, req) => {
    await holdDeposit(ctx, id, note, authOf(req).admin!);
    return { id, proposalId: null };
  });
  handle(api.saleDepositReturn, async ({ params: { id }, body: { note } }, req) => {
    const proposal = await returnDeposit(ctx, id, note, authOf(req).admin!);
    return { id, proposalId: proposal?.id ?? null };
  });
  handle(api.saleStatementUpload, async ({ body: { fileName, content, reason } }, req) =>
    importStatement(ctx, Buffer.from(content, "base64"), fileName, reason, authOf(req).admin!),
  );
  return router;
}
