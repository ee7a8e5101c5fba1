import type { Router } from "express";
import type { AppContext } from "../../context";
import type { OutboxRow } from "../../db/schema";
import { authOf } from "../../auth/middleware";
import { createRoutes, withMessage } from "../../http/routes";
import { idempotencyOf, idempotent } from "../../money/idempotency";
import { streamXlsx, type SheetColumn } from "../../http/xlsx";
import { allPages } from "../../db/paged";
import * as repo from "./refunds.repo";
import { refundAdminDto, refundDto } from "./refunds.dto";
import { checkHolder, refundInfo, requestRefund, withdrawPurchase } from "./refunds.service";
import { changeClosingRefundAccount, payRefund, rejectRefund, type PayoutResult } from "./refunds-payout.service";
import { refundsApi as api } from "../../../domain/api/refunds";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { formatDateTime } from "../../../domain/format";
import { PHONE_HEADER } from "../../../domain/access-log";
import type { RefundAdminRow, RefundSearchRequest } from "../../../domain/schemas/refunds";

const FILE: SheetColumn<RefundAdminRow>[] = [
  { header: "환불 번호", value: (r) => r.orderNo, width: 22 },
  { header: "구분", value: (r) => r.kindLabel },
  { header: "회원", value: (r) => r.username, width: 16 },
  { header: PHONE_HEADER, value: (r) => r.phonenumber, width: 16 },
  { header: "환불 금액(원)", value: (r) => r.value },
  { header: "공제(원)", value: (r) => r.deduction },
  { header: "적용 규정", value: (r) => r.ruleLabel, width: 24 },
  { header: "은행", value: (r) => r.bankName },
  { header: "계좌번호", value: (r) => r.bankAccount, width: 20 },
  { header: "예금주", value: (r) => r.holderName },
  { header: "상태", value: (r) => r.stateLabel },
  { header: "이체 참조번호", value: (r) => r.bankRef ?? "", width: 20 },
  { header: "반려 사유", value: (r) => r.rejectReason ?? "", width: 24 },
  { header: "신청 시간", value: (r) => formatDateTime(r.createdAt), width: 20 },
  { header: "처리 시간", value: (r) => (r.decidedAt ? formatDateTime(r.decidedAt) : ""), width: 20 },
];

const filterOf = (q: RefundSearchRequest) => ({
  start: q.start!,
  end: q.end!,
  state: q.state && q.state !== "all" ? q.state : undefined,
  keyword: q.keyword || undefined,
});

/** Refunds: the member's quote, holder check, request, 청약철회 and history; the operators' list, download, payout and rejection. */
export function refundRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  // A keyed retry of a request whose process died is answered from the refund its move belongs to.
  const byTransfer = async (t: OutboxRow) => {
    const r = await ctx.db.selectFrom("refund_orders").selectAll().where("request_transfer_id", "=", t.id).executeTakeFirst();
    return r ? refundDto(r) : null;
  };
  const money = () => ({ refusalCode: Code.AMOUNT_REFUSED, use: [idempotent(ctx, { transfer: byTransfer })] });

  handle(api.refundInfo, async (_input, req) => refundInfo(ctx, authOf(req).member!));

  handle(api.refundHolderCheck, async ({ body }, req) => {
    const member = authOf(req).member!;
    await checkHolder(member, body.bank, body.account);
    return { ok: true as const, holderName: member.username };
  });

  handle(api.refundRequest, money(), async ({ body }, req, res) =>
    refundDto(await requestRefund(ctx, authOf(req).member!, body, idempotencyOf(res))),
  );

  handle(api.refundWithdraw, money(), async ({ body }, req, res) =>
    refundDto(await withdrawPurchase(ctx, authOf(req).member!, body, idempotencyOf(res))),
  );

  handle(api.refundHistory, async ({ body }, req) => {
    const page = await repo.memberRefundsPage(ctx.db, authOf(req).member!.id, body.perPage, (body.page - 1) * body.perPage);
    return { total: page.total, list: page.rows.map(refundDto) };
  });

  handle(api.refundSearch, async ({ body: q }) => {
    const page = await repo.refundsPage(ctx.db, filterOf(q), q.perPage, (q.page - 1) * q.perPage);
    return {
      list: page.rows.map(refundAdminDto),
      total: page.total,
      ...(page.capped ? { capped: true } : {}),
      page: q.page,
      perPage: q.perPage,
    };
  });

  handle(api.refundDownload, async ({ body: q }, _req, res) => {
    const rows = allPages(async (page, perPage) => ({
      list: (await repo.refundsPage(ctx.db, filterOf(q), perPage, (page - 1) * perPage)).rows.map(refundAdminDto),
    }));
    await streamXlsx(res, { fileName: api.refundDownload.file, sheetName: "환불 관리", columns: FILE, rows, emptyMessage: Msg.noResults });
  });

  // The decision's answer: the order as the list shows it (payRefund / rejectRefund have told the member: refunds-notice.ts).
  const decision = async (r: PayoutResult) => {
    const row = await repo.refundListRow(ctx.db, r.refund.order_no);
    return { refund: refundAdminDto(row), proposalId: r.proposalId, txHash: r.txHash };
  };

  handle(api.refundPay, { use: [idempotent(ctx)] }, async ({ params, body }, req, res) => {
    const r = await payRefund(ctx, authOf(req).admin!, params.orderNo, body.bankRef, idempotencyOf(res));
    return r.proposalId === null ? decision(r) : withMessage(await decision(r), Msg.refundProposed);
  });

  handle(api.refundAccount, async ({ params, body }, req) =>
    withMessage(await decision(await changeClosingRefundAccount(ctx, authOf(req).admin!, params.orderNo, body)), Msg.refundAccountChanged),
  );

  handle(api.refundReject, async ({ params, body }, req) =>
    decision(await rejectRefund(ctx, authOf(req).admin!, params.orderNo, body.reason)),
  );

  return router;
}
