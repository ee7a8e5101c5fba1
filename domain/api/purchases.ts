import { endpoint, member, operator, pdDetail, pdList } from "./endpoint";
import {
  buyCancelBody,
  buyCancelled,
  buyInfo,
  chargeBody,
  chargeResult,
  saleAcceptBody,
  saleAcceptResult,
  saleBulkAnswer,
  saleBulkBody,
  saleDetail,
  saleDetailBody,
  saleDownloadRequest,
  saleIdParams,
  saleList,
  saleListRequest,
  saleTotals,
} from "../schemas/purchases";
import { okAnswer } from "../schemas/shared/common";

/** Buying vouchers (spec buy/*): a purchase request is paid by bank deposit and approved by an operator. */
export const purchasesApi = {
  buy: endpoint({
    method: "GET",
    path: "/api/buy",
    access: member,
    summary: "Balance, this month's remaining purchase limit and the deposit account",
    response: buyInfo,
  }),
  buyCharge: endpoint({
    method: "POST",
    path: "/api/buy/charge",
    access: member,
    summary: "Request a purchase (구매대기): deposit the amount within 24 hours (Idempotency-Key)",
    body: chargeBody,
    response: chargeResult,
  }),
  buyCancel: endpoint({
    method: "POST",
    path: "/api/buy/cancel",
    access: member,
    summary: "Cancel the member's own unpaid purchase request",
    body: buyCancelBody,
    response: buyCancelled,
  }),
};

const sell = operator("saleSell");
const use = operator("saleUse");
const gift = operator("saleGift");
/** The list and detail name their type in the body: the gate admits any sales flag, the handler checks the type's own. */
const any = operator("saleAny");

/** Sales (spec §7 "Sales"): day / week / month totals, list, detail, downloads per type; deposit approval and cancel. */
export const salesApi = {
  saleTotalsSell: endpoint({
    method: "GET",
    path: "/api/sale/sell",
    access: sell,
    summary: "Confirmed sales of today, this week, this month",
    response: saleTotals,
  }),
  saleSellDownload: endpoint({
    method: "GET",
    path: "/api/sale/sell/download",
    access: sell,
    summary: "Sales in a date range as .xlsx (only the `columns` named, in their order)",
    personalData: pdList("판매 내역"),
    query: saleDownloadRequest.sell,
    file: "sale_sell.xlsx",
  }),
  saleTotalsUse: endpoint({
    method: "GET",
    path: "/api/sale/use",
    access: use,
    summary: "Payments of today, this week, this month",
    response: saleTotals,
  }),
  saleUseDownload: endpoint({
    method: "GET",
    path: "/api/sale/use/download",
    access: use,
    summary: "Payments in a date range as .xlsx (only the `columns` named, in their order)",
    personalData: pdList("사용 내역"),
    query: saleDownloadRequest.use,
    file: "sale_use.xlsx",
  }),
  saleTotalsGift: endpoint({
    method: "GET",
    path: "/api/sale/gift",
    access: gift,
    summary: "Gifts of today, this week, this month",
    response: saleTotals,
  }),
  saleGiftDownload: endpoint({
    method: "GET",
    path: "/api/sale/gift/download",
    access: gift,
    summary: "Gifts in a date range as .xlsx (only the `columns` named, in their order)",
    personalData: pdList("선물 내역"),
    query: saleDownloadRequest.gift,
    file: "sale_gift.xlsx",
  }),
  saleList: endpoint({
    method: "POST",
    path: "/api/sale/list",
    access: any,
    summary: "Sales, payments or gifts (by type) in a date range, a page",
    personalData: pdList("판매 관리"),
    body: saleListRequest,
    response: saleList,
  }),
  saleDetail: endpoint({
    method: "POST",
    path: "/api/sale/detail",
    access: any,
    summary: "One sale, payment or gift",
    personalData: pdDetail("판매 상세"),
    body: saleDetailBody,
    response: saleDetail,
  }),
  saleAccept: endpoint({
    method: "POST",
    path: "/api/sale/accept",
    access: sell,
    summary: "Approve a deposit: the treasury pays the buyer on chain (Idempotency-Key)",
    body: saleAcceptBody,
    response: saleAcceptResult,
  }),
  saleDelete: endpoint({
    method: "DELETE",
    path: "/api/sale/delete/:id",
    access: sell,
    summary: "Cancel a pending order",
    params: saleIdParams,
    response: okAnswer,
  }),
  saleAcceptBulk: endpoint({
    method: "POST",
    path: "/api/sale/accept/bulk",
    access: sell,
    summary: "Approve several deposits, one after another, each as /api/sale/accept; every item's outcome (Idempotency-Key)",
    body: saleBulkBody,
    response: saleBulkAnswer,
  }),
  saleDeleteBulk: endpoint({
    method: "POST",
    path: "/api/sale/delete/bulk",
    access: sell,
    summary: "Cancel several pending orders, each as /api/sale/delete/:id; every item's outcome (Idempotency-Key)",
    body: saleBulkBody,
    response: saleBulkAnswer,
  }),
};
