import { z } from "zod";
import { proposalCreated } from "../schemas/proposals";
import { endpoint, operator } from "./endpoint";
import {
  operatorWalletCreated,
  operatorWalletList,
  operatorWalletListRequest,
  operatorWalletPage,
  walletCreateBody,
  walletSendBody,
  walletTransferResult,
} from "../schemas/wallets";

const transfer = operator("walletTransfer");
/** At or below DUAL_CONTROL_TRANSFER_THRESHOLD_WON the transfer moves; above it, it is a proposal (dual control). */
const transferAnswer = z.union([walletTransferResult, proposalCreated]);
const list = { method: "GET", path: "/api/address/wallet", access: operator("walletManage") } as const;

/** Operator wallets (spec §7 Address): list with indexed balances and movement, create, transfer through the outbox. */
export const walletsApi = {
  operatorWallets: endpoint({
    ...list,
    summary:
      "Operator wallets with balances and what each sent today, this week, this month: a page of them with `page` or `perPage` (walletPage), else all (walletList)",
    response: z.union([operatorWalletList, operatorWalletPage]),
  }),
  walletList: endpoint({ ...list, viewOf: "operatorWallets", summary: "Every operator wallet (no paging)", response: operatorWalletList }),
  walletPage: endpoint({
    ...list,
    viewOf: "operatorWallets",
    summary: "A page of operator wallets",
    query: operatorWalletListRequest,
    response: operatorWalletPage,
  }),
  walletCreate: endpoint({
    method: "POST",
    path: "/api/address/wallet",
    access: operator("walletCreate"),
    summary: "Create an operator wallet; audited",
    body: walletCreateBody,
    response: operatorWalletCreated,
  }),
  walletSend: endpoint({
    method: "POST",
    path: "/api/address/transmit/send",
    access: transfer,
    summary:
      "Transfer from an operator wallet (Idempotency-Key); audited. Above 1,000,000원 it answers a proposal another operator approves",
    body: walletSendBody,
    response: transferAnswer,
  }),
  dashboardTransfer: endpoint({
    method: "POST",
    path: "/api/dashboard/transfer",
    access: transfer,
    summary: "The dashboard's transfer dialog: walletSend under the dashboard's path",
    body: walletSendBody,
    response: transferAnswer,
  }),
};
