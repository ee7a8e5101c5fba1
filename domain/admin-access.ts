import { AdminPermission, type AdminFlag, type AdminFlags } from "./constants";

/**
 * Who may do what in the back-office: one table of areas (spec §6, DESIGN.md "Back-office").
 * The admin app's screens and the server's operator routes both name an area, so the menu,
 * the client gate, the server and the websocket read the same rule.
 */

/**
 * - `staff`: any operator but permission 3 (the shop owner is sent to its settlement pages);
 * - `super`: permission 0 only;
 * - `shop`: permission 3 only (settlement request and wallet gift history);
 * - `any`: every operator.
 */
export type Who = "staff" | "super" | "shop" | "any";

export interface AccessRule {
  who: Who;
  /** At least one of these flags; permission 0 holds every flag. Absent: no flag needed. */
  anyOf?: readonly AdminFlag[];
}

export interface OperatorLike {
  permission: number;
  flags: AdminFlags;
}

const staff = (...anyOf: AdminFlag[]): AccessRule => ({ who: "staff", anyOf });

export const AREAS = {
  /** Logout and the operator's own session. */
  session: { who: "any" },
  toolbar: { who: "super" },
  home: staff("isAccount1"),
  members: staff("isAccount1"),
  memberState: staff("isAccount2"),
  memberGrade: staff("isAccount3"),
  operators: staff("isAccount4"),
  auditLog: { who: "super" },
  dashboard: { who: "staff" },
  /** Blocking a member's wallet changes the member's state too. */
  walletBlock: staff("isAccount2"),
  notify: { who: "staff" },
  saleSell: staff("isSale1"),
  saleUse: staff("isSale2"),
  saleGift: staff("isSale3"),
  settlementManagement: staff("isExchange1", "isExchange2"),
  settlementApprove: staff("isExchange2"),
  settlementRequest: { who: "shop", anyOf: ["isExchange3"] },
  settlementStatus: staff("isExchange4"),
  settlementWallet: { who: "shop", anyOf: ["isExchange5"] },
  boardInquiry: staff("isBoard1"),
  boardFaq: staff("isBoard2"),
  // The spec does not show the event board's flag; isBoard3 is the one left unassigned.
  boardEvent: staff("isBoard3"),
  boardNotice: staff("isNotice1"),
  policyTerms: staff("isBoard4"),
  policyPrivacy: staff("isBoard5"),
  /** The board calls' gate: any board flag; each call then checks its type's area (domain/schemas/board.ts). */
  boards: staff("isBoard1", "isBoard2", "isBoard3", "isNotice1"),
  /** The policy calls' gate: either policy flag; writing checks the policy's own area. */
  policies: staff("isBoard4", "isBoard5"),
  tokenView: staff("isToken1"),
  tokenMint: staff("isToken2"),
  tokenFee: staff("isToken3"),
  walletBank: staff("isWallet1"),
  walletManage: staff("isWallet2", "isWallet3"),
  walletTransfer: staff("isWallet3"),
  apiKey: staff("isApiKey1"),
  /** Sales calls that name their type in the body; the handler checks the type's own flag. */
  saleAny: staff("isSale1", "isSale2", "isSale3"),
  /** Token detail names its list (issuance or fees) in the body; the handler checks that list's flag. */
  tokenAny: staff("isToken1", "isToken3"),
  /** Creating an operator wallet (isWallet2); the list is walletManage, transfers walletTransfer. */
  walletCreate: staff("isWallet2"),
} as const satisfies Record<string, AccessRule>;

export type AdminArea = keyof typeof AREAS;

/** Whether an operator passes a rule. */
export function allows(rule: AccessRule, op: OperatorLike): boolean {
  const { permission, flags } = op;
  if (rule.who === "super" && permission !== AdminPermission.SUPER) return false;
  if (rule.who === "staff" && permission === AdminPermission.EXCHANGER) return false;
  if (rule.who === "shop" && permission !== AdminPermission.EXCHANGER) return false;
  if (!rule.anyOf || rule.anyOf.length === 0) return true;
  if (permission === AdminPermission.SUPER) return true;
  return rule.anyOf.some((f) => flags[f] === true);
}

export const allowsArea = (area: AdminArea, op: OperatorLike): boolean => allows(AREAS[area], op);

/**
 * Every operator API route ("METHOD /path" in Express syntax) and its area. The server refuses an
 * operator route that is not listed here, and a test calls each one as every kind of caller.
 */
export const ADMIN_API = {
  "POST /api/auth/logout_admin": "session",
  "GET /api/operation/toolbar": "toolbar",
  "GET /api/operation/maindata": "home",
  "POST /api/sale/accept": "saleSell",
  "DELETE /api/sale/delete/:id": "saleSell",
  "GET /api/operation/allUserList": "members",
  "GET /api/operation/allUserList/download": "members",
  "GET /api/operation/userInfo/:id": "members",
  "POST /api/operation/changeState": "memberState",
  "POST /api/operation/changePermission": "memberGrade",
  "GET /api/operation/connect": "operators",
  "POST /api/operation/create": "operators",
  "GET /api/operation/admin_list": "operators",
  "POST /api/operation/admin_detail": "operators",
  "DELETE /api/operation/admin_delete/:id": "operators",
  "GET /api/operation/apikey": "apiKey",
  "POST /api/operation/apikey": "apiKey",
  "GET /api/operation/actions": "auditLog",
  "POST /api/notify/all": "notify",
  "POST /api/dashboard/list": "dashboard",
  "POST /api/dashboard/table": "dashboard",
  "POST /api/dashboard/download": "dashboard",
  "GET /api/dashboard/transaction/:hash": "dashboard",
  "GET /api/dashboard/detail/:address": "dashboard",
  "POST /api/dashboard/detail_table": "dashboard",
  "POST /api/dashboard/detail_download": "dashboard",
  "GET /api/dashboard/holder": "dashboard",
  "GET /api/dashboard/holder/download": "dashboard",
  "GET /api/dashboard/reconcile": "dashboard",
  "POST /api/dashboard/block": "walletBlock",
  "POST /api/dashboard/unblock": "walletBlock",
  "POST /api/rpc": "dashboard",
  "GET /api/board/:type": "boards",
  "POST /api/board": "boards",
  "POST /api/board/detail": "boards",
  "POST /api/board/delete": "boards",
  "PUT /api/board/update": "boards",
  "GET /api/policy": "policies",
  "POST /api/policy": "policies",
  "PUT /api/policy": "policies",
  "GET /api/sale/sell": "saleSell",
  "GET /api/sale/use": "saleUse",
  "GET /api/sale/gift": "saleGift",
  "GET /api/sale/sell/download": "saleSell",
  "GET /api/sale/use/download": "saleUse",
  "GET /api/sale/gift/download": "saleGift",
  "POST /api/sale/list": "saleAny",
  "POST /api/sale/detail": "saleAny",
  "GET /api/address/bank": "walletBank",
  "POST /api/address/bank": "walletBank",
  "PUT /api/address/bank": "walletBank",
  "DELETE /api/address/bank/:id": "walletBank",
  "GET /api/token/manage": "tokenView",
  "POST /api/token/manage/search": "tokenView",
  "GET /api/token/manage/download": "tokenView",
  "POST /api/token/mint": "tokenMint",
  "GET /api/token/fee": "tokenFee",
  "POST /api/token/fee/search": "tokenFee",
  "GET /api/token/fee/download": "tokenFee",
  "POST /api/token/detail": "tokenAny",
  "GET /api/address/wallet": "walletManage",
  "POST /api/address/wallet": "walletCreate",
  "POST /api/address/transmit/send": "walletTransfer",
  "POST /api/dashboard/transfer": "walletTransfer",
  "GET /api/calc/request/wallets": "settlementRequest",
  "POST /api/calc/request/exchange": "settlementRequest",
  "POST /api/calc/request/history": "settlementRequest",
  "POST /api/calc/request/history/download": "settlementRequest",
  "GET /api/calc/management/main": "settlementManagement",
  "POST /api/calc/management/search": "settlementManagement",
  "POST /api/calc/management/download": "settlementManagement",
  "POST /api/calc/management/detail": "settlementManagement",
  "POST /api/calc/management/accept": "settlementApprove",
  "DELETE /api/calc/management/delete/:orderNo": "settlementApprove",
  "POST /api/calc/wallet/gift": "settlementWallet",
  "GET /api/calc/status/today": "settlementStatus",
  "POST /api/calc/status/wallets": "settlementStatus",
  "POST /api/calc/status/history": "settlementStatus",
  "POST /api/calc/status/history/download": "settlementStatus",
  "POST /api/calc/wallet/gift/download": "settlementWallet",
} as const satisfies Record<string, AdminArea>;

export type AdminApiRoute = keyof typeof ADMIN_API;

export function areaOfRoute(method: string, path: string): AdminArea | undefined {
  return (ADMIN_API as Record<string, AdminArea>)[`${method.toUpperCase()} ${path}`];
}

/** The area a realtime notification belongs to: only operators who may open it receive the push. */
export const NOTIFY_AREA = { 입금: "saleSell", 문의: "boardInquiry", 정산: "settlementManagement" } as const satisfies Record<string, AdminArea>;
