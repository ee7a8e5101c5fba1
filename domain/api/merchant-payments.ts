import { endpoint, member, merchant, operator } from "./endpoint";
import {
  checkoutPay,
  checkoutResult,
  checkoutView,
  deliveriesQuery,
  deliveryParams,
  merchantCreate,
  merchantDaily,
  merchantDailyQuery,
  merchantKeyCreate,
  merchantKeyMade,
  merchantKeyParams,
  merchantList,
  merchantParams,
  merchantPaymentsQuery,
  merchantSelf,
  merchantUpdate,
  merchantWebhook,
  merchantWebhookSet,
  payment,
  paymentCancel,
  paymentCreate,
  paymentParams,
  paymentsPage,
  paymentsQuery,
  webhookDeliveries,
  webhookDelivery,
} from "../schemas/merchant-payments";

/** The payment API (docs/merchant-api.md): a merchant's server, authenticated by its key; every POST takes Idempotency-Key. */
export const paymentApi = {
  paymentCreate: endpoint({
    method: "POST",
    path: "/api/v1/payments",
    access: merchant,
    summary: "Create a payment for one of the merchant's orders: its checkout URL and QR payload",
    body: paymentCreate,
    response: payment,
  }),
  payment: endpoint({
    method: "GET",
    path: "/api/v1/payments/:paymentId",
    access: merchant,
    summary: "One payment of this merchant",
    params: paymentParams,
    response: payment,
  }),
  payments: endpoint({
    method: "GET",
    path: "/api/v1/payments",
    access: merchant,
    summary: "This merchant's payments by time and state, newest first",
    query: paymentsQuery,
    response: paymentsPage,
  }),
  paymentCancel: endpoint({
    method: "POST",
    path: "/api/v1/payments/:paymentId/cancel",
    access: merchant,
    summary: "Cancel a paid payment in full or in part: the amount goes back to the member",
    params: paymentParams,
    body: paymentCancel,
    response: payment,
  }),
};

/** The member's checkout: the page a checkout URL or a scanned QR opens. */
export const checkoutApi = {
  checkout: endpoint({
    method: "GET",
    path: "/api/checkout/:paymentId",
    access: member,
    summary: "A payment as the member sees it before paying: merchant, item, amount, fee, balance",
    params: paymentParams,
    response: checkoutView,
  }),
  checkoutPay: endpoint({
    method: "POST",
    path: "/api/checkout/:paymentId/pay",
    access: member,
    summary: "Pay it with the payment password (Idempotency-Key)",
    params: paymentParams,
    body: checkoutPay,
    response: checkoutResult,
  }),
};

const own = operator("merchantOwn");

/** A shop owner's merchant, for its shop-owner operator (permission 3): keys, webhook, payments, deliveries (/admin/merchant). */
export const merchantSelfApi = {
  merchantSelf: endpoint({
    method: "GET",
    path: "/api/merchant",
    access: own,
    summary: "The caller's merchant: name, wallet, webhook, keys (prefixes)",
    response: merchantSelf,
  }),
  merchantKeyCreate: endpoint({
    method: "POST",
    path: "/api/merchant/keys",
    access: own,
    summary: "Make an API key: the whole key, this once",
    body: merchantKeyCreate,
    response: merchantKeyMade,
  }),
  merchantKeyRevoke: endpoint({
    method: "DELETE",
    path: "/api/merchant/keys/:keyId",
    access: own,
    summary: "Revoke an API key: refused at once",
    params: merchantKeyParams,
  }),
  merchantWebhookSet: endpoint({
    method: "PUT",
    path: "/api/merchant/webhook",
    access: own,
    summary: "Set the webhook URL (its signing secret is made the first time and shown this once)",
    body: merchantWebhookSet,
    response: merchantWebhook,
  }),
  merchantWebhookSecret: endpoint({
    method: "POST",
    path: "/api/merchant/webhook/secret",
    access: own,
    summary: "Make a new signing secret (the old one stops at once): the whole secret, this once",
    response: merchantWebhook,
  }),
  merchantWebhookTest: endpoint({
    method: "POST",
    path: "/api/merchant/webhook/test",
    access: own,
    summary: "Send a test event (ping) to the webhook",
    response: webhookDelivery,
  }),
  merchantPayments: endpoint({
    method: "GET",
    path: "/api/merchant/payments",
    access: own,
    summary: "The merchant's payments, newest first",
    query: merchantPaymentsQuery,
    response: paymentsPage,
  }),
  merchantDeliveries: endpoint({
    method: "GET",
    path: "/api/merchant/deliveries",
    access: own,
    summary: "The merchant's webhook events with their latest attempts",
    query: deliveriesQuery,
    response: webhookDeliveries,
  }),
  merchantOwnDaily: endpoint({
    method: "GET",
    path: "/api/merchant/daily",
    access: own,
    summary: "The merchant's payments per day: paid, cancelled, net",
    query: merchantDailyQuery,
    response: merchantDaily,
  }),
  merchantDeliveryResend: endpoint({
    method: "POST",
    path: "/api/merchant/deliveries/:deliveryId/resend",
    access: own,
    summary: "Send one event again now",
    params: deliveryParams,
    response: webhookDelivery,
  }),
};

const area = operator("merchants");
const status = operator("settlementStatus");

/** Operators' merchants (/admin/merchants, isMerchant1). */
export const merchantsAdminApi = {
  merchants: endpoint({
    method: "GET",
    path: "/api/operation/merchants",
    access: area,
    summary: "Every merchant with its owner (masked), wallet, keys and webhook",
    response: merchantList,
  }),
  merchantCreate: endpoint({
    method: "POST",
    path: "/api/operation/merchants",
    access: area,
    summary: "Make a shop owner a merchant",
    body: merchantCreate,
    response: merchantList.shape.merchants.element,
  }),
  merchantDaily: endpoint({
    method: "GET",
    path: "/api/operation/merchants/daily",
    access: status,
    summary: "Every merchant's payments per day (정산 현황): paid − cancelled",
    query: merchantDailyQuery,
    response: merchantDaily,
  }),
  merchantDailyDownload: endpoint({
    method: "GET",
    path: "/api/operation/merchants/daily/download",
    access: status,
    summary: "Every merchant's payments per day as .xlsx",
    query: merchantDailyQuery,
    file: "merchant_daily.xlsx",
  }),
  merchantUpdate: endpoint({
    method: "PUT",
    path: "/api/operation/merchants/:merchantId",
    access: area,
    summary: "Rename a merchant, or suspend / resume it (a suspended merchant's keys and checkouts are refused)",
    params: merchantParams,
    body: merchantUpdate,
    response: merchantList.shape.merchants.element,
  }),
};
