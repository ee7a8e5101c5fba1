import { z } from "zod";
import { endpoint, operator } from "./endpoint";
import {
  settlementAcceptBody, settlementBulkAnswer, settlementBulkBody, settlementDetailBody, settlementExchangeBody, settlementGiftList, settlementGiftRequest, settlementHistoryList,
  settlementHistoryRequest, settlementOrderDetail, settlementOrderList, settlementOrderNoParam, settlementOrderResult, settlementSearchRequest,
  settlementStatusCard, settlementStatusHistoryBody, settlementStatusMove, settlementStatusToday, settlementStatusWalletsBody, settlementWallets,
} from "../schemas/settlement";

const request = operator("settlementRequest");
const management = operator("settlementManagement");
const approve = operator("settlementApprove");
const wallet = operator("settlementWallet");
const status = operator("settlementStatus");

/** Settlement (spec calc/*): the shop owner's request and history, the operators' management, approval (burn) and deletion (return). */
export const settlementApi = {
  settlementWallets: endpoint({ method: "GET", path: "/api/calc/request/wallets", access: request, summary: "The shop owner's wallets and balances", response: settlementWallets }),
  settlementRequest: endpoint({
    method: "POST", path: "/api/calc/request/exchange", access: request, summary: "Request settlement: the amount moves to the settlement escrow (승인 대기)",
    body: settlementExchangeBody, response: settlementOrderResult,
  }),
  settlementHistory: endpoint({ method: "POST", path: "/api/calc/request/history", access: request, summary: "The shop owner's settlement requests", body: settlementHistoryRequest, response: settlementHistoryList }),
  settlementHistoryDownload: endpoint({
    method: "POST", path: "/api/calc/request/history/download", access: request, summary: "The shop owner's settlement requests as .xlsx",
    body: settlementHistoryRequest, file: "request_history.xlsx",
  }),
  settlementGifts: endpoint({ method: "POST", path: "/api/calc/wallet/gift", access: wallet, summary: "Gifts sent and received by the shop wallet", body: settlementGiftRequest, response: settlementGiftList }),
  settlementGiftsDownload: endpoint({
    method: "POST", path: "/api/calc/wallet/gift/download", access: wallet, summary: "The shop wallet's gifts as .xlsx", body: settlementGiftRequest, file: "gift_history.xlsx",
  }),
  settlementMain: endpoint({
    method: "GET", path: "/api/calc/management/main", access: management, summary: "Settlement orders of the default date range, first page",
    response: settlementOrderList.extend({ from: z.string(), to: z.string() }),
  }),
  settlementSearch: endpoint({ method: "POST", path: "/api/calc/management/search", access: management, summary: "Settlement orders by state and date range", body: settlementSearchRequest, response: settlementOrderList }),
  settlementManagementDownload: endpoint({
    method: "POST", path: "/api/calc/management/download", access: management, summary: "Settlement orders as .xlsx", body: settlementSearchRequest, file: "calc_management.xlsx",
  }),
  settlementDetail: endpoint({ method: "POST", path: "/api/calc/management/detail", access: management, summary: "One settlement order with its transactions", body: settlementDetailBody, response: settlementOrderDetail }),
  settlementAccept: endpoint({
    method: "POST", path: "/api/calc/management/accept", access: approve, summary: "Approve: burn the escrowed amount (승인)", body: settlementAcceptBody, response: settlementOrderResult,
  }),
  settlementDelete: endpoint({
    method: "DELETE", path: "/api/calc/management/delete/:orderNo", access: approve, summary: "Delete: return the escrowed amount to the shop (삭제)",
    params: settlementOrderNoParam, response: settlementOrderResult,
  }),
  settlementAcceptBulk: endpoint({
    method: "POST", path: "/api/calc/management/accept/bulk", access: approve, summary: "Approve several orders (by order number), one after another, each as /api/calc/management/accept; every item's outcome (Idempotency-Key)",
    body: settlementBulkBody, response: settlementBulkAnswer,
  }),
  settlementDeleteBulk: endpoint({
    method: "POST", path: "/api/calc/management/delete/bulk", access: approve, summary: "Delete several orders (by order number), each as /api/calc/management/delete/:orderNo; every item's outcome (Idempotency-Key)",
    body: settlementBulkBody, response: settlementBulkAnswer,
  }),
  settlementStatusToday: endpoint({ method: "GET", path: "/api/calc/status/today", access: status, summary: "Today's cards of every owner wallet, and the owners", response: settlementStatusToday }),
  settlementStatusWallets: endpoint({
    method: "POST", path: "/api/calc/status/wallets", access: status, summary: "Today's cards of the chosen wallets", body: settlementStatusWalletsBody, response: z.array(settlementStatusCard),
  }),
  settlementStatusHistory: endpoint({
    method: "POST", path: "/api/calc/status/history", access: status, summary: "An owner's moves in a date range", body: settlementStatusHistoryBody, response: z.array(settlementStatusMove),
  }),
  settlementStatusDownload: endpoint({
    method: "POST", path: "/api/calc/status/history/download", access: status, summary: "An owner's moves as .xlsx", body: settlementStatusHistoryBody, file: "calc_status.xlsx",
  }),
};
