import { Router } from "express";
import type { AppContext } from "../../context";
import { adminGate } from "../../auth/admin-flags";
import { authOf } from "../../auth/middleware";
import { appendAction } from "../audit/audit.repo";
import { badRequest, notFound, ok } from "../../http/errors";
import { idempotent } from "../../money/idempotency";
import { valid, validate, validatePayment } from "../../http/validate";
import { streamXlsx, type SheetColumn } from "../../http/xlsx";
import { settlementDetail, settlementsPage, walletGiftsPage } from "./settlement.repo";
import { allPages } from "../../db/paged";
import { approveSettlement, deleteSettlement, historyDto, orderDetailDto, orderDto, ownerHistory, owners, requestSettlement, shopOf, shopWallets, statusCards } from "./settlement.service";
import {
  settlementAcceptBody, settlementDetailBody, settlementExchangeBody, settlementGiftRequest, settlementHistoryRequest, settlementOrderNoParam, settlementSearchRequest, settlementStatusHistoryBody, settlementStatusWalletsBody, GIFT_DIRECTION,
  type SettlementExchangeBody, type SettlementGiftDto, type SettlementStatusMove, type SettlementGiftRequest, type SettlementHistoryDto, type SettlementHistoryRequest, type SettlementOrderDto, type SettlementSearchRequest,
} from "../../../domain/schemas/settlement";
import { defaultDateRange, resolveDateRange, seoulBounds } from "../../../domain/schemas/list";
import { ethers } from "ethers";
import { z } from "zod";
import { Msg } from "../../../domain/messages";
import { formatDateTime } from "../../../domain/format";

const ORDER_FILE: SheetColumn<SettlementOrderDto>[] = [
  { header: "주문번호", value: (r) => r.orderNo, width: 22 },
  { header: "휴대폰 번호", value: (r) => r.phonenumber, width: 16 },
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
  const r = Router();
  const gate = adminGate(ctx);
  const adminOf = (req: import("express").Request) => authOf(req).admin!;

  // ---- shop owner (permission 3, isExchange3): only its own linked member's wallet and orders ----
  r.get("/api/calc/request/wallets", gate, async (req, res) => ok(res, await shopWallets(ctx, adminOf(req))));

  r.post("/api/calc/request/exchange", gate, validatePayment(settlementExchangeBody), idempotent(ctx), async (req, res) => {
    const order = await requestSettlement(ctx, adminOf(req), valid<SettlementExchangeBody>(req).body);
    res.status(200).json({ code: 200, message: Msg.settlementRequestDone, data: { orderNo: order.order_no, value: Number(order.value), state: "승인 대기", createdAt: order.created_at } });
  });

  const history = async (req: import("express").Request, q: SettlementHistoryRequest) => {
    const { member, wallet } = await shopOf(ctx, adminOf(req));
    return { memberId: member.id, wallet: q.wallet ?? wallet };
  };
  r.post("/api/calc/request/history", gate, validate(settlementHistoryRequest), async (req, res) => {
    const q = valid<SettlementHistoryRequest>(req).body;
    const own = await history(req, q);
    const page = await settlementsPage(ctx.db, q.start!, q.end!, { ...own, page: q.page, perPage: q.perPage, oldestFirst: !q.sortDesc });
    ok(res, { list: page.rows.map(historyDto), total: page.total, page: q.page, perPage: q.perPage });
  });
  r.post("/api/calc/request/history/download", gate, validate(settlementHistoryRequest), async (req, res) => {
    const q = valid<SettlementHistoryRequest>(req).body;
    const own = await history(req, q);
    // The table's filter and order, every row (page after page).
    const rows = allPages(async (page, perPage) => ({
      list: (await settlementsPage(ctx.db, q.start!, q.end!, { ...own, page, perPage, oldestFirst: !q.sortDesc })).rows.map(historyDto),
    }));
    await streamXlsx(res, { fileName: "request_history.xlsx", sheetName: "정산 신청 내역", columns: HISTORY_FILE, rows, emptyMessage: Msg.noResults });
  });

  // The shop wallet's gifts (isExchange5): always the operator's own member's wallet, whatever `wallet` says.
  const gifts = async (req: import("express").Request, q: SettlementGiftRequest, page: number, perPage: number) => {
    const { wallet } = await shopOf(ctx, adminOf(req));
    const r = await walletGiftsPage(ctx.db, wallet, q.start!, q.end!, { page, perPage, oldestFirst: !q.sortDesc });
    const list: SettlementGiftDto[] = r.rows.map((t) => ({
      id: t.id, from: t.from_address, to: t.to_address, type: t.to_address === wallet ? GIFT_DIRECTION.received : GIFT_DIRECTION.sent,
      value: Number(t.value), createdAt: t.created_at, txHash: t.tx_hash,
    }));
    return { list, total: r.total };
  };
  r.post("/api/calc/wallet/gift", gate, validate(settlementGiftRequest), async (req, res) => {
    const q = valid<SettlementGiftRequest>(req).body;
    ok(res, { ...(await gifts(req, q, q.page, q.perPage)), page: q.page, perPage: q.perPage });
  });
  r.post("/api/calc/wallet/gift/download", gate, validate(settlementGiftRequest), async (req, res) => {
    const q = valid<SettlementGiftRequest>(req).body;
    const rows = allPages((page, perPage) => gifts(req, q, page, perPage));
    await streamXlsx(res, { fileName: "gift_history.xlsx", sheetName: "지갑 선물 내역", columns: GIFT_FILE, rows, emptyMessage: Msg.noResults });
  });

  // ---- operators: isExchange1 view, isExchange2 approve and delete ----
  r.get("/api/calc/management/main", gate, async (_req, res) => {
    const d = defaultDateRange();
    const { start, end } = seoulBounds(d.from, d.to);
    const page = await settlementsPage(ctx.db, start, end, { page: 1, perPage: 10 });
    ok(res, { list: page.rows.map(orderDto), total: page.total, page: 1, perPage: 10, from: d.from, to: d.to });
  });
  r.post("/api/calc/management/search", gate, validate(settlementSearchRequest), async (req, res) => {
    const q = valid<SettlementSearchRequest>(req).body;
    const page = await settlementsPage(ctx.db, q.start!, q.end!, { state: q.state, page: q.page, perPage: q.perPage, oldestFirst: !q.sortDesc });
    ok(res, { list: page.rows.map(orderDto), total: page.total, page: q.page, perPage: q.perPage });
  });
  r.post("/api/calc/management/download", gate, validate(settlementSearchRequest), async (req, res) => {
    const q = valid<SettlementSearchRequest>(req).body;
    // The table's filter (the state tab included) and order, every row.
    const rows = allPages(async (page, perPage) => ({
      list: (await settlementsPage(ctx.db, q.start!, q.end!, { state: q.state, page, perPage, oldestFirst: !q.sortDesc })).rows.map(orderDto),
    }));
    await streamXlsx(res, { fileName: "calc_management.xlsx", sheetName: "정산 관리", columns: ORDER_FILE, rows, emptyMessage: Msg.noResults });
  });
  r.post("/api/calc/management/detail", gate, validate(settlementDetailBody), async (req, res) => {
    const row = await settlementDetail(ctx.db, valid<{ id: number }>(req).body.id);
    if (!row) throw notFound();
    ok(res, orderDetailDto(row));
  });

  r.post("/api/calc/management/accept", gate, validate(settlementAcceptBody), idempotent(ctx), async (req, res) => {
    const admin = adminOf(req);
    const order = await approveSettlement(ctx, admin, valid<{ orderNo: string }>(req).body.orderNo);
    await appendAction(ctx.db, { adminId: admin.id, adminLoginId: admin.login_id, action: "calc.accept", targetType: "settlement_order", targetId: order.order_no, before: "승인 대기", after: "승인", txHash: order.txHash });
    res.status(200).json({ code: 200, message: Msg.approveDone, data: { orderNo: order.order_no, state: "승인", value: Number(order.value), txHash: order.txHash } });
  });
  r.delete("/api/calc/management/delete/:orderNo", gate, validate(settlementOrderNoParam, "params"), async (req, res) => {
    const admin = adminOf(req);
    const order = await deleteSettlement(ctx, valid<unknown, { orderNo: string }>(req).params.orderNo);
    await appendAction(ctx.db, { adminId: admin.id, adminLoginId: admin.login_id, action: "calc.delete", targetType: "settlement_order", targetId: order.order_no, before: "승인 대기", after: "삭제", txHash: order.txHash });
    res.status(200).json({ code: 200, message: Msg.deleteDone, data: { orderNo: order.order_no, state: "삭제", value: Number(order.value), txHash: order.txHash } });
  });

  // ---- status (isExchange4): today's cards per owner wallet, the owners, an owner's history ----
  r.get("/api/calc/status/today", gate, async (_req, res) => {
    const exchanger = await owners(ctx);
    ok(res, { data: await statusCards(ctx, exchanger.flatMap((o) => o.wallets)), exchanger });
  });
  r.post("/api/calc/status/wallets", gate, validate(settlementStatusWalletsBody), async (req, res) => {
    const known = new Set((await owners(ctx)).flatMap((o) => o.wallets));
    const wallets = valid<{ wallets: string[] }>(req).body.wallets.map((w) => ethers.getAddress(w)).filter((w) => known.has(w));
    ok(res, await statusCards(ctx, wallets));
  });
  r.post("/api/calc/status/history", gate, validate(settlementStatusHistoryBody), async (req, res) => {
    const q = valid<z.output<typeof settlementStatusHistoryBody>>(req).body;
    const range = resolveDateRange(q.from, q.to);
    if (typeof range === "string") throw badRequest(range);
    ok(res, await ownerHistory(ctx, q.user_id, q.wallets, range.start, range.end));
  });
  r.post("/api/calc/status/history/download", gate, validate(settlementStatusHistoryBody), async (req, res) => {
    const q = valid<z.output<typeof settlementStatusHistoryBody>>(req).body;
    const range = resolveDateRange(q.from, q.to);
    if (typeof range === "string") throw badRequest(range);
    const rows = await ownerHistory(ctx, q.user_id, q.wallets, range.start, range.end);
    await streamXlsx(res, { fileName: "calc_status.xlsx", sheetName: "정산 현황", columns: STATUS_FILE, rows, emptyMessage: Msg.noResults });
  });

  return r;
}
