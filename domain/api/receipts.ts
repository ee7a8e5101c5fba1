import { endpoint, member, publicAccess } from "./endpoint";
import { receipt, receiptParams, txHashParams, verifiedTx } from "../schemas/receipts";

/** Receipts (거래확인서) of a member's history lines, and the public verification of a transaction. */
export const receiptsApi = {
  receipt: endpoint({
    method: "GET",
    path: "/api/info/receipt/:type/:id",
    access: member,
    summary: "The receipt of one of the member's own history lines (counterpart masked, tx hash and block)",
    params: receiptParams,
    response: receipt,
  }),
  verifyTx: endpoint({
    method: "GET",
    path: "/api/verify/tx/:hash",
    access: publicAccess,
    summary: "A transaction as the chain holds it (read from the node): status, block, token transfers; no personal data",
    params: txHashParams,
    response: verifiedTx,
  }),
};
