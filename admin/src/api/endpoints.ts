import { z } from "zod";
import { loginAdminBody } from "@domain/schemas/auth";
import {
  apiKeyInfo, auditList, auditListRequest, changePermissionBody, changeStateBody, connectList, memberDetail, memberIdParams,
  memberList, memberListRequest, notifyList, notifyListRequest, operatorCreateBody, operatorDetail, operatorDetailBody,
  operatorIdParams, operatorList,
} from "@domain/schemas/operation";
import {
  blockBody, dashboardList, dashboardListRequest, holdersAnswer, holdersRequest, reconcileReport, transactionDetail, walletDetail, walletHistoryRequest,
} from "@domain/schemas/dashboard";
import {
  boardCreateBody, boardDetail, boardList, boardListRequest, boardRefBody, boardType, boardUpdateBody, policyList, policyRow, policyWriteBody,
} from "@domain/schemas/board";
import {
  bankCreateBody, bankIdBody, bankIdParams, bankList, bankRow, saleDetailBody, saleList, saleListRequest, saleRow, saleTotals, operatorWalletList, operatorWalletListRequest,
  operatorWalletPage, walletCreateBody, walletSendBody,
} from "@domain/schemas/sale";
import { feeList, feeListRequest, feeRow, feeTotals, mintBody, tokenDetailBody, tokenList, tokenListRequest, tokenManageData, tokenRow } from "@domain/schemas/token";
import {
  settlementStatusHistoryBody, settlementStatusMove, settlementStatusToday, settlementStatusWalletsBody, settlementStatusCard,
  settlementAcceptBody, settlementDetailBody, settlementExchangeBody, settlementGiftList, settlementGiftRequest, settlementHistoryList, settlementHistoryRequest, settlementOrder, settlementOrderDetail, settlementOrderList, settlementOrderResult, settlementSearchRequest, settlementWallets,
} from "@domain/schemas/settlement";
import { apiCall, ApiError, type CallOptions } from "./client";
import { Code } from "@domain/codes";
import { Msg } from "@domain/messages";
import { ADMIN_FLAGS, type AdminFlags } from "@domain/constants";

/**
 * Every call the admin app makes, declared once: method, path, request body schema and the
 * schema of `data`. Components call endpoints by name (see `callEndpoint` and api/queries.ts).
 */
interface Endpoint {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** `:name` segments are filled from the input's field of that name. */
  path: string;
  /** The input: JSON body for POST/PUT, query string for GET/DELETE (after the path's own fields). */
  body?: z.ZodType;
  data: z.ZodType;
}

const won = z.number().int();

export const adminAccountSchema = z.object({
  id: z.number(),
  username: z.string(),
  permission: z.number().int(),
  // Only the known flags are kept (a newer server may send more); missing flags read as false.
  flags: z
    .record(z.string(), z.unknown())
    .default({})
    .transform((f): AdminFlags => Object.fromEntries(ADMIN_FLAGS.filter((k) => f[k] === true).map((k) => [k, true]))),
});

export const loginAdminData = z.object({
  accessToken: z.string().min(1),
  expiredAt: z.string().min(1),
  account: adminAccountSchema,
});

/** Toolbar totals (permission 0), in won. */
export const toolbarData = z.object({
  masterTotal: won,
  ownerTotal: won,
  userTotal: won,
  sales: won,
  refunds: won,
  gifts: won,
  usage: won,
});

/** Home stat cards. */
export const mainData = z.object({
  account_count: z.number().int(),
  sellSum: won,
  useSum: won,
  giftSum: won,
  exchangeSum: won,
  tokenBurnCount: z.number().int(),
  tokenMintCount: z.number().int(),
  tokenCommissionSum: won,
});

export const endpoints = {
  loginAdmin: { method: "POST", path: "/api/auth/login_admin", body: loginAdminBody, data: loginAdminData },
  logoutAdmin: { method: "POST", path: "/api/auth/logout_admin", data: z.unknown() },
  toolbar: { method: "GET", path: "/api/operation/toolbar", data: toolbarData },
  mainData: { method: "GET", path: "/api/operation/maindata", data: mainData },

  // members
  memberList: { method: "GET", path: "/api/operation/allUserList", body: memberListRequest, data: memberList },
  memberDetail: { method: "GET", path: "/api/operation/userInfo/:id", body: memberIdParams, data: memberDetail },
  changeState: { method: "POST", path: "/api/operation/changeState", body: changeStateBody, data: z.unknown() },
  changePermission: { method: "POST", path: "/api/operation/changePermission", body: changePermissionBody, data: z.unknown() },

  // operators
  connectable: { method: "GET", path: "/api/operation/connect", data: connectList },
  operatorCreate: { method: "POST", path: "/api/operation/create", body: operatorCreateBody, data: z.unknown() },
  operatorList: { method: "GET", path: "/api/operation/admin_list", data: operatorList },
  operatorDetail: { method: "POST", path: "/api/operation/admin_detail", body: operatorDetailBody, data: operatorDetail },
  operatorDelete: { method: "DELETE", path: "/api/operation/admin_delete/:id", body: operatorIdParams, data: z.unknown() },

  // notifications, API key, audit log
  notifyList: { method: "POST", path: "/api/notify/all", body: notifyListRequest, data: notifyList },
  apiKey: { method: "GET", path: "/api/operation/apikey", data: apiKeyInfo },
  apiKeyCreate: { method: "POST", path: "/api/operation/apikey", data: apiKeyInfo },
  auditList: { method: "GET", path: "/api/operation/actions", body: auditListRequest, data: auditList },

  // chain dashboard
  dashboardTable: { method: "POST", path: "/api/dashboard/table", body: dashboardListRequest, data: dashboardList },
  transaction: { method: "GET", path: "/api/dashboard/transaction/:hash", body: z.object({ hash: z.string() }), data: transactionDetail },
  walletDetail: { method: "GET", path: "/api/dashboard/detail/:address", body: z.object({ address: z.string() }), data: walletDetail },
  walletHistory: { method: "POST", path: "/api/dashboard/detail_table", body: walletHistoryRequest, data: dashboardList },
  holders: { method: "GET", path: "/api/dashboard/holder", body: holdersRequest, data: holdersAnswer },
  blockWallet: { method: "POST", path: "/api/dashboard/block", body: blockBody, data: z.unknown() },
  unblockWallet: { method: "POST", path: "/api/dashboard/unblock", body: blockBody, data: z.unknown() },
  reconcile: { method: "GET", path: "/api/dashboard/reconcile", data: reconcileReport },
  // boards and policies (issue 12)
  boardList: { method: "GET", path: "/api/board/:type", body: z.intersection(z.object({ type: boardType }), boardListRequest), data: boardList },
  boardCreate: { method: "POST", path: "/api/board", body: boardCreateBody, data: boardDetail },
  boardDetail: { method: "POST", path: "/api/board/detail", body: boardRefBody, data: boardDetail },
  boardDelete: { method: "POST", path: "/api/board/delete", body: boardRefBody, data: z.unknown() },
  boardUpdate: { method: "PUT", path: "/api/board/update", body: boardUpdateBody, data: boardDetail },
  policyList: { method: "GET", path: "/api/policy", data: policyList },
  policy: { method: "GET", path: "/api/policy/:id", body: z.object({ id: z.number().int() }), data: policyRow },
  policyCreate: { method: "POST", path: "/api/policy", body: policyWriteBody, data: policyRow },
  policyUpdate: { method: "PUT", path: "/api/policy", body: policyWriteBody, data: policyRow },
  // sales
  saleTotalsSell: { method: "GET", path: "/api/sale/sell", data: saleTotals },
  saleTotalsUse: { method: "GET", path: "/api/sale/use", data: saleTotals },
  saleTotalsGift: { method: "GET", path: "/api/sale/gift", data: saleTotals },
  saleList: { method: "POST", path: "/api/sale/list", body: saleListRequest, data: saleList },
  saleDetail: { method: "POST", path: "/api/sale/detail", body: saleDetailBody, data: saleRow },
  saleAccept: { method: "POST", path: "/api/sale/accept", body: z.object({ id: z.number() }), data: z.unknown() },
  saleDelete: { method: "DELETE", path: "/api/sale/delete/:id", body: z.object({ id: z.number() }), data: z.unknown() },

  // deposit bank accounts
  bankList: { method: "GET", path: "/api/address/bank", data: bankList },
  bankCreate: { method: "POST", path: "/api/address/bank", body: bankCreateBody, data: bankRow },
  bankSetMain: { method: "PUT", path: "/api/address/bank", body: bankIdBody, data: bankList },
  bankDelete: { method: "DELETE", path: "/api/address/bank/:id", body: bankIdParams, data: z.unknown() },

  // tokens
  tokenManage: { method: "GET", path: "/api/token/manage", data: tokenManageData },
  tokenSearch: { method: "POST", path: "/api/token/manage/search", body: tokenListRequest, data: tokenList },
  tokenMint: { method: "POST", path: "/api/token/mint", body: mintBody, data: z.unknown() },
  tokenFee: { method: "GET", path: "/api/token/fee", data: feeTotals },
  tokenFeeSearch: { method: "POST", path: "/api/token/fee/search", body: feeListRequest, data: feeList },
  // One route for both lists' rows (`type` names the list and its flag); typed per list.
  tokenDetail: { method: "POST", path: "/api/token/detail", body: tokenDetailBody, data: tokenRow },
  feeDetail: { method: "POST", path: "/api/token/detail", body: tokenDetailBody, data: feeRow },

  // operator wallets
  walletList: { method: "GET", path: "/api/address/wallet", data: operatorWalletList },
  walletPage: { method: "GET", path: "/api/address/wallet", body: operatorWalletListRequest, data: operatorWalletPage },
  walletCreate: { method: "POST", path: "/api/address/wallet", body: walletCreateBody, data: z.unknown() },
  walletSend: { method: "POST", path: "/api/address/transmit/send", body: walletSendBody, data: z.unknown() },
  dashboardTransfer: { method: "POST", path: "/api/dashboard/transfer", body: walletSendBody, data: z.unknown() },
  // settlement (issue 10)
  settlementWallets: { method: "GET", path: "/api/calc/request/wallets", data: settlementWallets },
  settlementRequest: { method: "POST", path: "/api/calc/request/exchange", body: settlementExchangeBody, data: settlementOrderResult },
  settlementHistory: { method: "POST", path: "/api/calc/request/history", body: settlementHistoryRequest, data: settlementHistoryList },
  settlementSearch: { method: "POST", path: "/api/calc/management/search", body: settlementSearchRequest, data: settlementOrderList },
  settlementDetail: { method: "POST", path: "/api/calc/management/detail", body: settlementDetailBody, data: settlementOrderDetail },
  settlementAccept: { method: "POST", path: "/api/calc/management/accept", body: settlementAcceptBody, data: settlementOrderResult },
  settlementGifts: { method: "POST", path: "/api/calc/wallet/gift", body: settlementGiftRequest, data: settlementGiftList },
  settlementStatusToday: { method: "GET", path: "/api/calc/status/today", data: settlementStatusToday },
  settlementStatusWallets: { method: "POST", path: "/api/calc/status/wallets", body: settlementStatusWalletsBody, data: z.array(settlementStatusCard) },
  settlementStatusHistory: { method: "POST", path: "/api/calc/status/history", body: settlementStatusHistoryBody, data: z.array(settlementStatusMove) },
  settlementDelete: { method: "DELETE", path: "/api/calc/management/delete/:orderNo", body: z.object({ orderNo: z.string() }), data: settlementOrderResult },
} as const satisfies Record<string, Endpoint>;

/** Downloads (an .xlsx streamed by the server), by list; the body is the list's own filter. */
export const downloads = {
  members: { method: "GET", path: "/api/operation/allUserList/download", fileName: "회원정보.xlsx" },
  dashboard: { method: "POST", path: "/api/dashboard/download", fileName: "dashboard_list.xlsx" },
  walletHistory: { method: "POST", path: "/api/dashboard/detail_download", fileName: "wallet_history_list.xlsx" },
  holders: { method: "GET", path: "/api/dashboard/holder/download", fileName: "holder_list.xlsx" },
  saleSell: { method: "GET", path: "/api/sale/sell/download", fileName: "sale_sell.xlsx" },
  saleUse: { method: "GET", path: "/api/sale/use/download", fileName: "sale_use.xlsx" },
  saleGift: { method: "GET", path: "/api/sale/gift/download", fileName: "sale_gift.xlsx" },
  tokenManagement: { method: "GET", path: "/api/token/manage/download", fileName: "token_management.xlsx" },
  tokenFee: { method: "GET", path: "/api/token/fee/download", fileName: "token_fee.xlsx" },
  settlementHistory: { method: "POST", path: "/api/calc/request/history/download", fileName: "request_history.xlsx" },
  settlementManagement: { method: "POST", path: "/api/calc/management/download", fileName: "calc_management.xlsx" },
  settlementGifts: { method: "POST", path: "/api/calc/wallet/gift/download", fileName: "gift_history.xlsx" },
  settlementStatus: { method: "POST", path: "/api/calc/status/history/download", fileName: "calc_status.xlsx" },
} as const;

export type EndpointName = keyof typeof endpoints;
type Def<N extends EndpointName> = (typeof endpoints)[N];
export type EndpointData<N extends EndpointName> = z.output<Def<N>["data"]>;
export type EndpointBody<N extends EndpointName> = Def<N> extends { body: z.ZodType } ? z.input<Def<N>["body"]> : undefined;

export type ToolbarData = EndpointData<"toolbar">;
export type MainData = EndpointData<"mainData">;
export type LoginAdminData = EndpointData<"loginAdmin">;

/** Calls an endpoint by name and checks `data` against its schema (a mismatch is a contract error, not a crash). */
export async function callEndpoint<N extends EndpointName>(
  name: N,
  ...[body, opts]: EndpointBody<N> extends undefined ? [body?: undefined, opts?: CallOptions] : [body: EndpointBody<N>, opts?: CallOptions]
): Promise<EndpointData<N>> {
  const def: Endpoint = endpoints[name];
  const { path, rest } = fillPath(def.path, body);
  const inQuery = def.method === "GET" || def.method === "DELETE";
  const raw = await apiCall<unknown>(def.method, inQuery ? path + queryString(rest) : path, inQuery ? undefined : body, opts);
  const parsed = def.data.safeParse(raw);
  if (!parsed.success) {
    console.warn(`[api] ${name}: unexpected response shape`, parsed.error.issues);
    throw new ApiError(Code.SERVER_ERROR, Msg.serverError);
  }
  return parsed.data as EndpointData<N>;
}

/** Fills `:name` segments from the input and returns the fields left over. */
export function fillPath(path: string, input: unknown): { path: string; rest: Record<string, unknown> } {
  const rest: Record<string, unknown> = input && typeof input === "object" ? { ...(input as Record<string, unknown>) } : {};
  const filled = path.replace(/:(\w+)/g, (_, k: string) => {
    const v = rest[k];
    delete rest[k];
    return encodeURIComponent(String(v ?? ""));
  });
  return { path: filled, rest };
}

/** `?a=1&b=x` from the defined, non-empty fields (nested objects are not used by GET lists). */
export function queryString(fields: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
}
