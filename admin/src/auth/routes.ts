import { AdminPermission, type AdminFlag } from "@domain/constants";
import type { AdminAccount } from "../api/session";

/**
 * The admin routes of back-office spec §2, with their Korean titles, their menu flags (§6)
 * and who may open them. Paths are relative to the router basename "/admin".
 */

/**
 * Route access for permission 3 (shop owner):
 * - "admin": main admin pages, permission 3 is sent to /admin/calc/request;
 * - "calcAdmin": calc/management and calc/status, permission 3 is sent to /admin;
 * - "calcOwner": calc/request and calc/wallet, open to permission 3.
 */
export type Access = "admin" | "calcAdmin" | "calcOwner";

/** A menu rule: any of `anyOf` flags; `permission3` adds "and permission is 3"; `superOnly` means permission 0. */
export interface MenuRule {
  anyOf?: AdminFlag[];
  permission3?: boolean;
  superOnly?: boolean;
}

export interface AdminRoute {
  /** Router path below /admin (with :params). */
  path: string;
  title: string;
  access: Access;
  /** Whether a real screen exists; others show the "준비 중" placeholder. */
  ready?: boolean;
}

export const adminRoutes: AdminRoute[] = [
  { path: "main", title: "홈", access: "admin", ready: true },
  { path: "account", title: "회원 관리", access: "admin" },
  { path: "account/create", title: "관리자 계정 생성", access: "admin" },
  { path: "account/adminlist", title: "관리자 목록", access: "admin" },
  { path: "dashboard", title: "대시보드", access: "admin" },
  { path: "dashboard/detail/:address", title: "지갑 상세", access: "admin" },
  { path: "dashboard/holder", title: "보유자 목록", access: "admin" },
  { path: "sale/:type", title: "판매 관리", access: "admin" },
  { path: "board/:type", title: "게시판 관리", access: "admin" },
  { path: "policy/:type", title: "정책 관리", access: "admin" },
  { path: "token/:type", title: "토큰 관리", access: "admin" },
  { path: "address/:type", title: "주소 관리", access: "admin" },
  { path: "key", title: "API 키", access: "admin" },
  { path: "notify", title: "알림 내역", access: "admin" },
  { path: "calc/management", title: "정산 관리", access: "calcAdmin" },
  { path: "calc/request", title: "정산 신청", access: "calcOwner" },
  { path: "calc/status", title: "정산 현황", access: "calcAdmin" },
  { path: "calc/wallet", title: "지갑 선물 내역", access: "calcOwner" },
];

/** Allowed values of the typed routes; anything else is not found. */
export const routeTypes: Record<string, Record<string, string>> = {
  "sale/:type": { sell: "판매 내역", use: "사용 내역", gift: "선물 내역" },
  "board/:type": { notice: "공지사항", inquiry: "1:1 문의", faq: "FAQ", event: "이벤트" },
  "policy/:type": { clause: "이용약관", personal: "개인정보처리방침", giftcard: "상품권 이용약관" },
  "token/:type": { management: "토큰 발행 관리", fee: "수수료 내역" },
  "address/:type": { bank: "입금 계좌 관리", wallet: "지갑 관리" },
};

export const SHOP_OWNER: number = AdminPermission.EXCHANGER;
export const SUPER_ADMIN: number = AdminPermission.SUPER;

/** Where a permission lands on a route of the given access, or null to stay. */
export function redirectFor(access: Access, permission: number): string | null {
  if (permission !== SHOP_OWNER) return null;
  if (access === "admin") return "/calc/request";
  if (access === "calcAdmin") return "/";
  return null;
}

/** Where login sends an operator: permission 0 to /admin (home), others to settlement request. */
export function landingFor(permission: number): string {
  return permission === SUPER_ADMIN ? "/" : "/calc/request";
}

export interface MenuItem {
  to: string;
  label: string;
  rule: MenuRule;
  testId: string;
}
export interface MenuGroup {
  label: string;
  items: MenuItem[];
}

const item = (to: string, label: string, rule: MenuRule): MenuItem => ({ to, label, rule, testId: `admin-menu-${to.replace(/^\//, "").replace(/\//g, "-")}` });

/** The side menu, grouped; flags per spec §6 table. */
export const menuGroups: MenuGroup[] = [
  {
    label: "홈",
    items: [item("/main", "홈", { anyOf: ["isAccount1"] }), item("/dashboard", "대시보드", {}), item("/notify", "알림 내역", {})],
  },
  {
    label: "회원",
    items: [
      item("/account", "회원 관리", { anyOf: ["isAccount1"] }),
      item("/account/create", "관리자 계정 생성", { superOnly: true }),
      item("/account/adminlist", "관리자 목록", { superOnly: true }),
    ],
  },
  {
    label: "판매",
    items: [
      item("/sale/sell", "판매 내역", { anyOf: ["isSale1"] }),
      item("/sale/use", "사용 내역", { anyOf: ["isSale2"] }),
      item("/sale/gift", "선물 내역", { anyOf: ["isSale3"] }),
    ],
  },
  {
    label: "정산",
    items: [
      item("/calc/management", "정산 관리", { anyOf: ["isExchange1", "isExchange2"] }),
      item("/calc/request", "정산 신청", { anyOf: ["isExchange3"], permission3: true }),
      item("/calc/status", "정산 현황", { anyOf: ["isExchange4"] }),
      item("/calc/wallet", "지갑 선물 내역", { anyOf: ["isExchange5"], permission3: true }),
    ],
  },
  {
    label: "게시판",
    items: [
      item("/board/inquiry", "1:1 문의", { anyOf: ["isBoard1"] }),
      item("/board/faq", "FAQ", { anyOf: ["isBoard2"] }),
      item("/board/notice", "공지사항", { anyOf: ["isNotice1"] }),
      // The spec does not show the event board's flag; isBoard3 is the one left unassigned.
      item("/board/event", "이벤트", { anyOf: ["isBoard3"] }),
    ],
  },
  {
    label: "정책",
    items: [
      item("/policy/clause", "이용약관", { anyOf: ["isBoard4"] }),
      item("/policy/personal", "개인정보처리방침", { anyOf: ["isBoard5"] }),
      item("/policy/giftcard", "상품권 이용약관", { anyOf: ["isBoard4"] }),
    ],
  },
  {
    label: "토큰",
    items: [item("/token/management", "토큰 발행 관리", { anyOf: ["isToken1"] }), item("/token/fee", "수수료 내역", { anyOf: ["isToken3"] })],
  },
  {
    label: "지갑",
    items: [
      item("/address/bank", "입금 계좌 관리", { anyOf: ["isWallet1"] }),
      item("/address/wallet", "지갑 관리", { anyOf: ["isWallet2", "isWallet3"] }),
      item("/key", "API 키", { anyOf: ["isApiKey1"] }),
    ],
  },
];

/**
 * Whether a menu item is enabled for the account. Permission 0 holds every flag (as on the
 * server); shop-owner-only items additionally need permission 3; items whose page would
 * redirect the account away are disabled too.
 */
export function menuEnabled(rule: MenuRule, account: Pick<AdminAccount, "permission" | "flags">, to: string): boolean {
  const { permission, flags } = account;
  if (permission === SHOP_OWNER && redirectFor(accessOfPath(to), permission) !== null) return false;
  if (rule.superOnly) return permission === SUPER_ADMIN;
  if (rule.permission3 && permission !== SHOP_OWNER) return false;
  if (!rule.anyOf || rule.anyOf.length === 0) return true;
  if (permission === SUPER_ADMIN) return true;
  return rule.anyOf.some((f) => flags[f] === true);
}

/** Access class of a concrete path like "/calc/status" or "/sale/sell". */
export function accessOfPath(to: string): Access {
  const p = to.replace(/^\//, "");
  if (p === "calc/request" || p === "calc/wallet") return "calcOwner";
  if (p === "calc/management" || p === "calc/status") return "calcAdmin";
  return "admin";
}
