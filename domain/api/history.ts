import { endpoint, member } from "./endpoint";
import { historyBody, userLookupBody, balance, historyPage, lookedUpUser } from "../schemas/history";

/** The member's balance, history (spec info/history) and the gift recipient lookup. */
export const historyApi = {
  balance: endpoint({
    method: "GET",
    path: "/api/info/balance",
    access: member,
    summary: "Spendable balance and pending outgoing",
    response: balance,
  }),
  userLookup: endpoint({
    method: "POST",
    path: "/api/info/user",
    access: member,
    summary: "A gift's recipient by phone or address (30 a minute per member)",
    body: userLookupBody,
    response: lookedUpUser,
  }),
  history: endpoint({
    method: "POST",
    path: "/api/info/history",
    access: member,
    summary: "A page of purchases (type 1), uses (2) or gifts (3)",
    body: historyBody,
    response: historyPage,
  }),
};
