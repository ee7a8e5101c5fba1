import { z } from "zod";
import { proposalCreated } from "../schemas/proposals";
import { endpoint, operator, pdDetail, pdList } from "./endpoint";
import {
  feeList,
  feeListRequest,
  feeRow,
  feeTotals,
  mintBody,
  tokenDetailBody,
  tokenList,
  tokenListRequest,
  tokenManageData,
  tokenRow,
} from "../schemas/tokens";

const view = operator("tokenView");
const fee = operator("tokenFee");
/**
 * `POST /api/token/detail` answers a row of the list its `type` names (management: issuance, isToken1; fee:
 * fees, isToken3; the gate admits either flag, the handler checks the list's own). The server registers it
 * from `tokenListDetail`; `tokenDetail` and `feeDetail` are the same call typed by each list's row.
 */
const detail = { method: "POST", path: "/api/token/detail", access: operator("tokenAny"), body: tokenDetailBody } as const;

/** Token issuance and fees (spec §7 Token): totals, search, detail, mint, downloads. */
export const tokensApi = {
  tokenManage: endpoint({
    method: "GET",
    path: "/api/token/manage",
    access: view,
    summary: "Mint and burn counts and won of today, this week, this month",
    response: tokenManageData,
  }),
  tokenSearch: endpoint({
    method: "POST",
    path: "/api/token/manage/search",
    access: view,
    summary: "Mints and burns in a date range, a page",
    body: tokenListRequest,
    response: tokenList,
  }),
  tokenManagementDownload: endpoint({
    method: "GET",
    path: "/api/token/manage/download",
    access: view,
    summary: "Mints and burns in a date range as .xlsx",
    personalData: pdList("토큰 발행"),
    query: tokenListRequest,
    file: "token_management.xlsx",
  }),
  tokenMint: endpoint({
    method: "POST",
    path: "/api/token/mint",
    access: operator("tokenMint"),
    summary: "Propose a mint into the treasury (dual control: another operator approves it, POST /api/proposals/:id/approve)",
    body: mintBody,
    response: proposalCreated,
  }),
  tokenFee: endpoint({
    method: "GET",
    path: "/api/token/fee",
    access: fee,
    summary: "Fees of today, this week, this month",
    response: feeTotals,
  }),
  tokenFeeSearch: endpoint({
    method: "POST",
    path: "/api/token/fee/search",
    access: fee,
    summary: "Fee legs in a date range, a page",
    personalData: pdList("수수료 내역"),
    body: feeListRequest,
    response: feeList,
  }),
  tokenFeeDownload: endpoint({
    method: "GET",
    path: "/api/token/fee/download",
    access: fee,
    summary: "Fee legs in a date range as .xlsx",
    personalData: pdList("수수료 내역"),
    query: feeListRequest,
    file: "token_fee.xlsx",
  }),
  tokenListDetail: endpoint({
    ...detail,
    summary: "One row of the issuance list (type management) or of the fee list (type fee)",
    personalData: pdDetail("토큰 상세"),
    response: z.union([tokenRow, feeRow]),
  }),
  tokenDetail: endpoint({
    ...detail,
    viewOf: "tokenListDetail",
    summary: "One row of the issuance list (tokenListDetail, type management)",
    body: tokenDetailBody.extend({ type: z.literal("management") }),
    response: tokenRow,
  }),
  feeDetail: endpoint({
    ...detail,
    viewOf: "tokenListDetail",
    summary: "One row of the fee list (tokenListDetail, type fee)",
    body: tokenDetailBody.extend({ type: z.literal("fee") }),
    response: feeRow,
  }),
};
