import { endpoint, operator } from "./endpoint";
import { auditList, auditListRequest } from "../schemas/audit";

/** The operators' audit log (append-only), read by super admins. */
export const auditApi = {
  auditList: endpoint({
    method: "GET",
    path: "/api/operation/actions",
    access: operator("auditLog"),
    summary: "The operators' actions in a date range, by action",
    query: auditListRequest,
    response: auditList,
  }),
};
