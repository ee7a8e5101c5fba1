import { endpoint, operator } from "./endpoint";
import { accessLogList, accessLogRequest } from "../schemas/access-log";

/** The personal-data access log (server/features/access-log), read by super admins; its own download is logged too. */
export const accessLogApi = {
  accessLogList: endpoint({
    method: "GET",
    path: "/api/operation/access-log",
    access: operator("accessLog"),
    summary: "Operators' reads and downloads of members' personal data, by date range, operator and screen",
    query: accessLogRequest,
    response: accessLogList,
  }),
  accessLogDownload: endpoint({
    method: "GET",
    path: "/api/operation/access-log/download",
    access: operator("accessLog"),
    summary: "The access log's filter, every row, as .xlsx (needs a reason, and is itself logged)",
    query: accessLogRequest,
    personalData: { screen: "개인정보 접근기록", view: "list" },
    file: "access_log.xlsx",
  }),
};
