import { endpoint, operator } from "./endpoint";
import { mainData, toolbarData } from "../schemas/home";

/** The back-office's home: the toolbar's totals (permission 0) and the main page's stat cards. */
export const homeApi = {
  toolbar: endpoint({
    method: "GET",
    path: "/api/operation/toolbar",
    access: operator("toolbar"),
    summary: "The 7 toolbar totals: balances by owner type, confirmed sales, refunds, gifts, usage",
    response: toolbarData,
  }),
  mainData: endpoint({
    method: "GET",
    path: "/api/operation/maindata",
    access: operator("home"),
    summary: "The home page's stat cards: members, sums, mint and burn counts, fees",
    response: mainData,
  }),
};
