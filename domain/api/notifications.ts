import { endpoint, operator } from "./endpoint";
import { notifyList, notifyListRequest } from "../schemas/notifications";

/** The stored notifications (입금, 문의, 정산). */
export const notificationsApi = {
  notifyList: endpoint({
    method: "POST",
    path: "/api/notify/all",
    access: operator("notify"),
    summary: "Stored notifications of the areas the operator covers, a page",
    body: notifyListRequest,
    response: notifyList,
  }),
};
