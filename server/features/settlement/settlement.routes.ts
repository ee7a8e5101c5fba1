import type { Request, Router } from "express";
import type { AppContext } from "../../context";
import { authOf } from "../../auth/middleware";
import { appendAction } from "../../records/audit.repo";
import { badRequest, notFound } from "../../http/errors";
import { idempotent } from "../../money/idempotency";
import { createRoutes, withMessage } from "../../http/routes";
import { eachItem } from "../../http/bulk";
import { settlementApi as api } from "../../../domain/api/settlement";
import { Code } from "../../../domain/codes";
import { streamXlsx, type SheetColumn } from "../../http/xlsx";
import { settlementDetail, settlementsPage, walletGiftsPage } from "./settlement.repo";
import { allPages } from "../../db/paged";
import {
  approveSettlement,
  deleteSettlement,
  historyDto,
  orderDetailDto,
  orderDto,
  ownerHistory,
  owners,
  requestSettlement,
  shopOf,
  shopWallets,
  statusCards,
} from "./settlement.service";
import {
  GIFT_DIRECTION,
  type SettlementGiftDto,
  type SettlementStatusMove,
  type SettlementGiftRequest,
  type SettlementHistoryDto,
  type SettlementHistoryRequest,
  type SettlementOrderDto,
} from "../../../domain/schemas/settlement";
import { defaultDateRange, resolveDateRange, seoulBounds } from "../../../domain/schemas/shared/list";
import { ethers } from "ethers";
import type { z } from "zod";
import { Msg } from "../../../domain/messages";
import { PHONE_HEADER } from "../../../domain/access-log";
import { formatDateTime } from "../../../domain/format";

const ORDER_FILE: SheetColumn<SettlementOrderDto>[] = [
  { header: "주문번호", value: (r) => r.orderNo, width: 22 },
  { header: PHONE_HEADER, value: (r) => r.phonenumber, width: 16 },
  { header: "점주", value: (r) => r.username, width: 20 },
  { header: "지갑 주소", value: (r) => r.wallet, width: 44 },
  { header: "금액(원)", value: (r) => r.value },
  { header: "상태", value: (r) => r.state },
  { header: "신청 시간", value: (r) => formatDateTime(r.createdAt), width: 20 },
];
const HISTORY_FILE: SheetColumn<SettlementHistoryDto>[] = [
  { header: "정산 번호", value: (r) => r.exchangeNo, width: 22 },
  { header: "금액(원)", value: (r) => r.balance },
  { header: "신청 시간", value: (r) => formatDateTime(r.createdAt), width: 20 },
  { header: "상태", value: (r) => r.exchangeAccept },
];

const GIFT_FILE: SheetColumn<SettlementGiftDto>[] = [
  { header: "번호", value: (r) => r.id },
  { header: "보낸 주소", value: (r) => r.from, width: 44 },
  { header: "받는 주소", value: (r) => r.to, width: 44 },
  { header: "구분", value: (r) => r.type },
  { header: "금액(원)", value: (r) => r.value },
  { header: "시간", value: (r) => formatDateTime(r.createdAt), width: 20 },
];

const STATUS_FILE: SheetColumn<SettlementStatusMove>[] = [
  { header: "번호", value: (r) => r.id },
  { header: "구분", value: (r) => r.type },
  { header: "방향", value: (r) => r.direction },
  { header: "보낸 주소", value: (r) => r.from, width: 44 },
  { header: "받는 주소", value: (r) => r.to, width: 44 },
  { header: "금액(원)", value: (r) => r.value },
  { header: "수수료(원)", value: (r) => r.fee },
  { header: "시간", value: (r) => formatDateTime(r.createdAt), width: 20 },
];

/** Settlement (spec calc/*): the shop owner's request and history; the operators' management, approval (burn) and deletion (return). */
export function settlementRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  const adminOf = (req: Request) => authOf(req).admin!;
  const idem = { use: [idempotent(ctx)] };

  // ---- shop owner (permission 3, isExchange3): only its own linked member's wallet and orders ----
  handle(api.settlementWallets, async (_in, req) => shopWallets(ctx, adminOf(req)));

  handle(api.settlementRequest, { ...idem, refusalCode: Code.AMOUNT_REFUSED }, async ({ body }, req) => {
    const order = await requestSettlement(ctx, adminOf(req), body);
    return withMessage(
      { orderNo: order.order_no, value: Number(order.value), state: "승인 대기", createdAt: order.created_at },
      Msg.settlementRequestDone,
    );
  });

  const history = async (req: Request, q: SettlementHistoryRequest) => {
    const { member, wallet } = await shopOf(ctx, adminOf(req));
    return { memberId: member.id, wallet: q.wallet ?? wallet };
  };
  handle(api.settlementHistory, async ({ body: q }, req) => {
    const own = await history(req, q);
    const page = await settlementsPage(ctx.db, q.start!, q.end!, { ...own, page: q.page, perPage: q.perPage, oldestFirst: !q.sortDesc });
    return { list: page.rows.map(historyDto), total: page.total, page: q.page, perPage: q.perPage };
  });
  handle(api.settlementHistoryDownload, async ({ body: q }, req, res) => {
    const own = await history(req, q);
    // The table's filter and order, every row (page after page).
    const rows = allPages(async (page, perPage) => ({
      list: (await settlementsPage(ctx.db, q.start!, q.end!, { ...own, page, perPage, oldestFirst: !q.sortDesc })).rows.map(historyDto),
    }));
    await streamXlsx(res, {
      fileName: api.settlementHistoryDownload.file,
      sheetName: "정산 신청 내역",
      columns: HISTORY_FILE,
      rows,
      emptyMessage: Msg.noResults,
    });
  });

  // The shop wallet's gifts (isExchange5): always the operator's own member's wallet, whatever `wallet` says.
  const gifts = async (req: Request, q: SettlementGiftRequest, page: number, perPage: number) => {
    const { wallet } = await shopOf(ctx, adminOf(req));
    const r = await walletGiftsPage(ctx.db, wallet, q.start!, q.end!, { page, perPage, oldestFirst: !q.sortDesc });
    const list: SettlementGiftDto[] = r.rows.map((t) => ({
      id: t.id,
      from: t.from_address,
      to: t.to_address,
      type: t.to_address === wallet ? GIFT_DIRECTION.received : GIFT_DIRECTION.sent,
      value: Number(t.value),
      createdAt: t.created_at,
      txHash: t.tx_hash,
    }));
    return { list, total: r.total };
  };
  handle(api.settlementGifts, async ({ body: q }, req) => ({
    ...(await gifts(req, q, q.page, q.perPage)),
    page: q.page,
    perPage: q.perPage,
  }));
  handle(api.settlementGiftsDownload, async ({ body: q }, req, res) => {
    const rows = allPages((page, perPage) => gifts(req, q, page, perPage));
    await streamXlsx(res, {
      fileName: api.settlementGiftsDownload.file,
      sheetName: "지갑 선물 내역",
      columns: GIFT_FILE,
      rows,
      emptyMessage: Msg.noResults,
    });
  });

  // ---- operators: isExchange1 view, isExchange2 approve and delete ----
  handle(api.settlementMain, async () => {
    const d = defaultDateRange();
    const { start, end } = seoulBounds(d.from, d.to);
    const page = await settlementsPage(ctx.db, start, end, { page: 1, perPage: 10 });
    return { list: page.rows.map(orderDto), total: page.total, page: 1, perPage: 10, from: d.from, to: d.to };
  });
  handle(api.settlementSearch, async ({ body: q }) => {
    const page = await settlementsPage(ctx.db, q.start!, q.end!, {
      state: q.state,
      page: q.page,
      perPage: q.perPage,
      oldestFirst: !q.sortDesc,
    });
    return { list: page.rows.map(orderDto), total: page.total, page: q.page, perPage: q.perPage };
  });
  handle(api.settlementManagementDownload, async ({ body: q }, _req, res) => {
    // The table's filter (the state tab included) and order, every row.
    const rows = allPages(async (page, perPage) => ({
      list: (await settlementsPage(ctx.db, q.start!, q.end!, { state: q.state, page, perPage, oldestFirst: !q.sortDesc })).rows.map(
        orderDto,
      ),
    }));
    await streamXlsx(res, {
      fileName: api.settlementManagementDownload.file,
      sheetName: "정산 관리",
      columns: ORDER_FILE,
      rows,
      emptyMessage: Msg.noResults,
    });
  });
  handle(api.settlementDetail, async ({ body }) => {
    const row = await settlementDetail(ctx.db, body.id);
    if (!row) throw notFound();
    return orderDetailDto(row);
  });

  // One approval or deletion, audited: the single calls and each item of the bulk ones.
  const accept = async (req: Request, orderNo: string) => {
    const admin = adminOf(req);
    const order = await approveSettlement(ctx, admin, orderNo);
    await appendAction(ctx.db, {
      adminId: admin.id,
      adminLoginId: admin.login_id,
      action: "calc.accept",
      targetType: "settlement_order",
      targetId: order.order_no,
      before: "승인 대기",
      after: "승인",
      txHash: order.txHash,
    });
    return order;
  };
  const remove = async (req: Request, orderNo: string) => {
    const admin = adminOf(req);
    const order = await deleteSettlement(ctx, orderNo);
    await appendAction(ctx.db, {
      adminId: admin.id,
      adminLoginId: admin.login_id,
      action: "calc.delete",
      targetType: "settlement_order",
      targetId: order.order_no,
      before: "승인 대기",
      after: "삭제",
      txHash: order.txHash,
    });
    return order;
  };
  handle(api.settlementAccept, idem, async ({ body }, req) => {
    const order = await accept(req, body.orderNo);
    return withMessage({ orderNo: order.order_no, state: "승인", value: Number(order.value), txHash: order.txHash }, Msg.approveDone);
  });
  handle(api.settlementDelete, async ({ params }, req) => {
    const order = await remove(req, params.orderNo);
    return withMessage({ orderNo: order.order_no, state: "삭제", value: Number(order.value), txHash: order.txHash }, Msg.deleteDone);
  });
  handle(api.settlementAcceptBulk, idem, async ({ body: { ids } }, req, res) =>
    eachItem(ctx, res, ids, async (orderNo) => ({ message: Msg.approveDone, txHash: (await accept(req, orderNo)).txHash })),
  );
  handle(api.settlementDeleteBulk, idem, async ({ body: { ids } }, req, res) =>
    eachItem(ctx, res, ids, async (orderNo) => ({ message: Msg.deleteDone, txHash: (await remove(req, orderNo)).txHash })),
  );

  // ---- status (isExchange4): today's cards per owner wallet, the owners, an owner's history ----
  handle(api.settlementStatusToday, async () => {
    const exchanger = await owners(ctx);
    return {
      data: await statusCards(
        ctx,
        exchanger.flatMap((o) => o.wallets),
      ),
      exchanger,
    };
  });
  handle(api.settlementStatusWallets, async ({ body }) => {
    const known = new Set((await owners(ctx)).flatMap((o) => o.wallets));
    const wallets = body.wallets.map((w) => ethers.getAddress(w)).filter((w) => known.has(w));
    return statusCards(ctx, wallets);
  });
  const ownerMoves = async (q: z.output<typeof api.settlementStatusHistory.body>) => {
    const range = resolveDateRange(q.from, q.to);
    if (typeof range === "string") throw badRequest(range);
    return ownerHistory(ctx, q.user_id, q.wallets, range.start, range.end);
  };
  handle(api.settlementStatusHistory, async ({ body }) => ownerMoves(body));
  handle(api.settlementStatusDownload, async ({ body }, _req, res) => {
    const rows = await ownerMoves(body);
    await streamXlsx(res, {
      fileName: api.settlementStatusDownload.file,
      sheetName: "정산 현황",
      columns: STATUS_FILE,
      rows,
      emptyMessage: Msg.noResults,
    });
  });

  return router;
}
