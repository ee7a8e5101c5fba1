import { endpoint, member } from "./endpoint";
import { buyCancelBody, chargeBody } from "../schemas/money";
import { buyCancelled, buyInfo, chargeResult } from "../schemas/purchases";

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
