import { proposalCreated } from "../schemas/proposal";
import { endpoint, operator } from "./endpoint";
import {
  blockBody,
  dashboardDownloadRequest,
  dashboardList,
  dashboardListRequest,
  holdersAnswer,
  holdersRequest,
  reconcileReport,
  transactionDetail,
  txHashParams,
  walletAddressParams,
  walletDetail,
  walletHistoryRequest,
} from "../schemas/dashboard";

const dashboard = operator("dashboard");
const walletBlock = operator("walletBlock");

/** The chain dashboard for operators and auditors (spec: dashboard, dashboard/detail/{address}, dashboard/holder), and the node's read-only RPC. */
export const dashboardApi = {
  dashboardList: endpoint({
    method: "POST",
    path: "/api/dashboard/list",
    access: dashboard,
    summary: "Indexed token moves by type, filter and date range, one page (the spec's name of dashboardTable)",
    body: dashboardListRequest,
    response: dashboardList,
  }),
  dashboardTable: endpoint({
    method: "POST",
    path: "/api/dashboard/table",
    access: dashboard,
    summary: "Indexed token moves by type, filter and date range, one page",
    body: dashboardListRequest,
    response: dashboardList,
  }),
  dashboardDownload: endpoint({
    method: "POST",
    path: "/api/dashboard/download",
    access: dashboard,
    summary: "The dashboard's filter, every row, as .xlsx (only the `columns` named, in their order)",
    body: dashboardDownloadRequest,
    file: "dashboard_list.xlsx",
  }),
  transaction: endpoint({
    method: "GET",
    path: "/api/dashboard/transaction/:hash",
    access: dashboard,
    summary: "What the index says of one transaction (moves, events, business records)",
    params: txHashParams,
    response: transactionDetail,
  }),
  walletDetail: endpoint({
    method: "GET",
    path: "/api/dashboard/detail/:address",
    access: dashboard,
    summary: "One wallet: indexed and on-chain balance, blocked, owner",
    params: walletAddressParams,
    response: walletDetail,
  }),
  walletHistory: endpoint({
    method: "POST",
    path: "/api/dashboard/detail_table",
    access: dashboard,
    summary: "One wallet's moves, one page",
    body: walletHistoryRequest,
    response: dashboardList,
  }),
  walletHistoryDownload: endpoint({
    method: "POST",
    path: "/api/dashboard/detail_download",
    access: dashboard,
    summary: "One wallet's moves, every row, as .xlsx",
    body: walletHistoryRequest,
    file: "wallet_history_list.xlsx",
  }),
  holders: endpoint({
    method: "GET",
    path: "/api/dashboard/holder",
    access: dashboard,
    summary: "Holders by balance, one page, with the indexed sum and the contract's totalSupply",
    query: holdersRequest,
    response: holdersAnswer,
  }),
  holdersDownload: endpoint({
    method: "GET",
    path: "/api/dashboard/holder/download",
    access: dashboard,
    summary: "Every holder by balance as .xlsx",
    file: "holder_list.xlsx",
  }),
  blockWallet: endpoint({
    method: "POST",
    path: "/api/dashboard/block",
    access: walletBlock,
    summary: "Propose blocking a member's wallet on chain (dual control; the approval blocks and suspends the member)",
    body: blockBody,
    response: proposalCreated,
  }),
  unblockWallet: endpoint({
    method: "POST",
    path: "/api/dashboard/unblock",
    access: walletBlock,
    summary: "Propose unblocking a member's wallet on chain (dual control; the approval unblocks and restores the member)",
    body: blockBody,
    response: proposalCreated,
  }),
  reconcile: endpoint({
    method: "GET",
    path: "/api/dashboard/reconcile",
    access: dashboard,
    summary: "The index, the business records and the chain checked against each other",
    response: reconcileReport,
  }),
  rpcProxy: endpoint({
    method: "POST",
    path: "/api/rpc",
    access: dashboard,
    summary: "A JSON-RPC request or batch of read methods, forwarded to the node (JSON-RPC answers, not the envelope)",
    raw: true,
  }),
};
