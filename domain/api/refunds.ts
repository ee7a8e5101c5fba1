import { endpoint, member, operator, pdList } from "./endpoint";
import {
  closeBody,
  closeResult,
  closingInfo,
  holderCheckBody,
  holderCheckResult,
  refundDecision,
  refundDto,
  refundHistory,
  refundHistoryBody,
  refundList,
  refundOrderParams,
  refundPayBody,
  refundQuoteDto,
  refundRejectBody,
  refundRequestBody,
  refundSearchRequest,
  withdrawBody,
} from "../schemas/refund";

const refund = operator("refund");

/**
 * Refunds (issue 36): the member's 잔액 환불 and 청약철회 and their history; the operators' list, payout (burn) and
 * rejection (return) at /admin/refund; account closing (회원 탈퇴) with its refund.
 */
export const refundsApi = {
  refundInfo: endpoint({
    method: "GET",
    path: "/api/refund",
    access: member,
    summary: "What is refundable now and why, the open refund, the purchases 청약철회 may cancel",
    response: refundQuoteDto,
  }),
  refundHolderCheck: endpoint({
    method: "POST",
    path: "/api/refund/holder",
    access: member,
    summary: "Checks that the bank account is held in the member's verified name",
    body: holderCheckBody,
    response: holderCheckResult,
  }),
  refundRequest: endpoint({
    method: "POST",
    path: "/api/refund",
    access: member,
    summary: "잔액 환불: the amount moves to the refund escrow (환불 대기); Idempotency-Key honoured",
    body: refundRequestBody,
    response: refundDto,
  }),
  refundWithdraw: endpoint({
    method: "POST",
    path: "/api/refund/withdraw",
    access: member,
    summary: "청약철회: one unused purchase within the days, in full, by the same refund path",
    body: withdrawBody,
    response: refundDto,
  }),
  refundHistory: endpoint({
    method: "POST",
    path: "/api/refund/history",
    access: member,
    summary: "The member's refunds (the history's 환불 tab)",
    body: refundHistoryBody,
    response: refundHistory,
  }),
  accountCloseInfo: endpoint({
    method: "GET",
    path: "/api/account/close",
    access: member,
    summary: "What closing the account needs first (balance, its refund, the fee)",
    response: closingInfo,
  }),
  accountClose: endpoint({
    method: "POST",
    path: "/api/account/close",
    access: member,
    summary: "회원 탈퇴 after identity re-verification: the balance refunded (or forfeited below the fee), then the account closed",
    body: closeBody,
    response: closeResult,
  }),
  refundSearch: endpoint({
    method: "POST",
    path: "/api/refund/management/search",
    access: refund,
    summary: "Refunds by dates, state and keyword, a page",
    personalData: pdList("환불 관리"),
    body: refundSearchRequest,
    response: refundList,
  }),
  refundDownload: endpoint({
    method: "POST",
    path: "/api/refund/management/download",
    access: refund,
    summary: "The refunds of the list's filter as .xlsx (a download reason required, phones masked without isPrivacy1)",
    personalData: pdList("환불 관리"),
    body: refundSearchRequest,
    file: "refunds.xlsx",
  }),
  refundPay: endpoint({
    method: "POST",
    path: "/api/refund/management/:orderNo/pay",
    access: refund,
    summary: "Records the bank transfer's reference and burns the escrowed amount (above the threshold: a proposal)",
    params: refundOrderParams,
    body: refundPayBody,
    response: refundDecision,
  }),
  refundReject: endpoint({
    method: "POST",
    path: "/api/refund/management/:orderNo/reject",
    access: refund,
    summary: "Rejects with a reason: the escrowed amount goes back to the member's wallet",
    params: refundOrderParams,
    body: refundRejectBody,
    response: refundDecision,
  }),
};
