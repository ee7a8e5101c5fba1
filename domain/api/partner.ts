import { endpoint, partner } from "./endpoint";
import { partnerPayment, partnerPayments, partnerPaymentsQuery, partnerTxParams } from "../schemas/partner";

/** The partner marketplace's read-only API (docs/partner-api.md), behind its X-API-Key. */
export const partnerApi = {
  partnerPayments: endpoint({
    method: "GET",
    path: "/api/partner/payments",
    access: partner,
    summary: "Payments received at market addresses since a time",
    query: partnerPaymentsQuery,
    response: partnerPayments,
  }),
  partnerPayment: endpoint({
    method: "GET",
    path: "/api/partner/payments/:txHash",
    access: partner,
    summary: "The market payment of one transaction",
    params: partnerTxParams,
    response: partnerPayment,
  }),
};
