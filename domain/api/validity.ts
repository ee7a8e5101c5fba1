import { endpoint, member, operator } from "./endpoint";
import { memberValidity, validityReport, validityReportDownload, validityReportRequest } from "../schemas/validity";

/** Validity of members' balances: the member's own, an extension, the operators' report. */
export const validityApi = {
  myValidity: endpoint({
    method: "GET",
    path: "/api/info/validity",
    access: member,
    summary: "The validity of the member's balance and the after-expiry refund",
    response: memberValidity,
  }),
  extendValidity: endpoint({
    method: "POST",
    path: "/api/info/validity/extend",
    access: member,
    summary: "Extends the validity by the policy's months (only in the 30 days before the end)",
    response: memberValidity,
  }),
  validityReport: endpoint({
    method: "POST",
    path: "/api/operation/validity/report",
    access: operator("validityReport"),
    summary: "Balances expiring in the next 30 or 90 days, or expired (phones masked)",
    body: validityReportRequest,
    response: validityReport,
  }),
  validityReportDownload: endpoint({
    method: "GET",
    path: "/api/operation/validity/report/download",
    access: operator("validityReport"),
    summary: "The same report as .xlsx",
    query: validityReportDownload,
    file: "validity_report.xlsx",
  }),
};
