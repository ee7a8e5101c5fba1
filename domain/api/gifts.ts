import { endpoint, member } from "./endpoint";
import { p2pCheckBody, paymentBody, marketShop, paymentResult } from "../schemas/gifts";

/** Paying with vouchers (spec gift/*, use/*, p2p/*): a gift to a member, a payment to a market shop; 200 won fee each. */
export const giftsApi = {
  gift: endpoint({
    method: "POST",
    path: "/api/gift/trade/address",
    access: member,
    summary: "Gift vouchers to a member's address (type 1; Idempotency-Key)",
    body: paymentBody,
    response: paymentResult,
  }),
  use: endpoint({
    method: "POST",
    path: "/api/use/trade/address",
    access: member,
    summary: "Pay a market shop's address (type 0; Idempotency-Key)",
    body: paymentBody,
    response: paymentResult,
  }),
  p2pCheck: endpoint({
    method: "POST",
    path: "/api/p2p/p2p-check",
    access: member,
    summary: "The shop behind a market address, before paying it",
    body: p2pCheckBody,
    response: marketShop,
  }),
};
