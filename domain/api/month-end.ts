import { endpoint, member, operator, pdDetail, publicAccess } from "./endpoint";
import {
  asOfQuery,
  asOfReserves,
  asOfWallet,
  asOfWalletParams,
  cutoffCreate,
  cutoffIdParams,
  cutoffList,
  cutoffRow,
  memberProofs,
  safeguardBody,
  safeguardDecision,
  safeguardEntry,
  safeguardIdParams,
  safeguardImport,
  safeguardList,
  safeguardListRequest,
  thresholds,
  transparency,
} from "../schemas/month-end";
import { z } from "zod";

const dashboard = operator("dashboard");
const monthEnd = operator("monthEnd");
const safeguarding = operator("safeguarding");
const safeguardingAlert = operator("safeguardingAlert");

/** The auditor's month-end (issue 37): balances as of a block or time, cut-offs and their packs, members' proofs. */
export const monthEndApi = {
  thresholds: endpoint({
    method: "GET",
    path: "/api/dashboard/thresholds",
    access: dashboard,
    summary: "Outstanding balance and the trailing year's issuance against the registration thresholds, with the level reached",
    response: thresholds,
  }),
  transparency: endpoint({
    method: "GET",
    path: "/api/transparency",
    access: publicAccess,
    summary:
      "The public transparency figures: circulation and customer balances at a named block, safeguarded money and coverage, issued and redeemed over 7/30/365 days, the month-end roots, the last reconciliation (cached; ETag)",
    response: transparency,
    raw: true,
  }),
  asOfWallet: endpoint({
    method: "GET",
    path: "/api/dashboard/as-of/wallet/:address",
    access: dashboard,
    summary: "A wallet's balance as of a block number or date-time (from the indexed transfers), beside balanceOf at that block",
    params: asOfWalletParams,
    query: asOfQuery,
    response: asOfWallet,
  }),
  asOfReserves: endpoint({
    method: "GET",
    path: "/api/dashboard/as-of/reserves",
    access: dashboard,
    summary:
      "Who held the supply as of a block number or date-time (operator wallets, customers, outside), beside totalSupply at that block",
    query: asOfQuery,
    response: asOfReserves,
  }),
  cutoffList: endpoint({
    method: "GET",
    path: "/api/month-end/cutoffs",
    access: monthEnd,
    summary: "Cut-offs made: block, totals, Merkle root, the transaction publishing it, the pack's SHA-256",
    response: cutoffList,
  }),
  cutoffCreate: endpoint({
    method: "POST",
    path: "/api/month-end/cutoffs",
    access: monthEnd,
    summary: "Make a cut-off at a block number or date-time (Seoul time) and publish its Merkle root on chain",
    body: cutoffCreate,
    response: cutoffRow,
  }),
  cutoffPack: endpoint({
    method: "GET",
    path: "/api/month-end/cutoffs/:id/pack",
    access: monthEnd,
    summary: "The cut-off's signed audit pack (zip: holders, reserves and safeguarding, reconciliation, money moves, logs, manifest)",
    params: cutoffIdParams,
    file: "audit-pack.zip",
  }),
  cutoffTrusteeFile: endpoint({
    method: "GET",
    path: "/api/month-end/cutoffs/:id/trustee-file",
    access: monthEnd,
    summary:
      "The trustee's refund file of a cut-off (관리기관 지급 자료; zip: each customer's wallet, balance, name, phone and refund account on file, signed like the pack)",
    params: cutoffIdParams,
    personalData: pdDetail("관리기관 지급 자료"),
    file: "trustee-refund-file.zip",
  }),
  memberProofs: endpoint({
    method: "GET",
    path: "/api/info/proofs",
    access: member,
    summary: "The member's inclusion proofs: their balance at each published cut-off with its Merkle proof",
    response: memberProofs,
  }),
  verifyRpc: endpoint({
    method: "POST",
    path: "/api/verify/rpc",
    access: publicAccess,
    summary:
      "Anyone's read-only JSON-RPC to the node for checking a published Merkle root (eth_chainId, eth_blockNumber, eth_getTransactionByHash, eth_getTransactionReceipt; JSON-RPC answers, not the envelope)",
    raw: true,
  }),
  safeguardList: endpoint({
    method: "POST",
    path: "/api/safeguarding/list",
    access: safeguarding,
    summary: "Per day: customers' outstanding balance against the safeguarded amount (선불충전금 별도관리), and the entries",
    body: safeguardListRequest,
    response: safeguardList,
  }),
  safeguardDownload: endpoint({
    method: "POST",
    path: "/api/safeguarding/download",
    access: safeguarding,
    summary: "The same per-day table as .xlsx",
    body: safeguardListRequest,
    file: "safeguarding.xlsx",
  }),
  safeguardRecord: endpoint({
    method: "POST",
    path: "/api/safeguarding",
    access: safeguarding,
    summary: "Record a day's safeguarded amount with its statement reference (pending until another operator approves)",
    body: safeguardBody,
    response: safeguardEntry,
  }),
  safeguardImport: endpoint({
    method: "POST",
    path: "/api/safeguarding/import",
    access: safeguarding,
    summary: "Import a bank statement CSV (date,balance,institution,reference[,method]): one pending entry per line",
    body: safeguardImport,
    response: z.object({ list: z.array(safeguardEntry) }),
  }),
  safeguardApprove: endpoint({
    method: "POST",
    path: "/api/safeguarding/:id/approve",
    access: safeguardingAlert,
    summary: "Approve another operator's entry; a shortfall that day notifies super admins",
    params: safeguardIdParams,
    response: safeguardDecision,
  }),
  safeguardReject: endpoint({
    method: "POST",
    path: "/api/safeguarding/:id/reject",
    access: safeguardingAlert,
    summary: "Reject another operator's entry",
    params: safeguardIdParams,
    response: safeguardDecision,
  }),
};
