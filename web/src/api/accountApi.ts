import type { LoginUserBody } from "@domain/schemas/auth";
import { endpoint } from "./endpoint";
import type { SessionAccount } from "./session";

/** Shapes of the account, customer-service and policy calls (docs/api.md). */
export interface LoginData {
  accessToken: string;
  expiredAt: string;
  account: SessionAccount;
}
export interface VerifyStart {
  url: string;
  key: string;
}
export interface MyInfo {
  username: string;
  /** Null only if the member has no wallet yet. */
  address: string | null;
  balance: number;
  nickname: string | null;
  email: string | null;
  phonenumber: string;
  homeAddress: string | null;
  wallets: { address: string }[];
}
export interface MyInfoUpdate {
  nickname: string | null;
  email: string | null;
  address: string | null;
}
export interface Favorite {
  id: number;
  nickname: string;
  address: string;
  check: boolean;
  updatedAt: string;
}
export interface BoardList<T> {
  list: T[];
  count: number;
}
export interface Notice {
  id?: number;
  title: string;
  content: string;
  createdAt: string;
  /** Events only: the period, YYYY-MM-DD. */
  startAt?: string | null;
  endAt?: string | null;
}
export type Faq = Notice;
export interface Inquiry {
  id: number;
  updatedAt?: string;
  title: string;
  content: string;
  createdAt: string;
  /** '3' answered; anything else waiting. */
  state: string;
  reply: string | null;
}
export interface Policy {
  id: number;
  content: string;
  createdAt: string;
  updatedAt: string;
}
interface PageParam {
  page: number;
}

/** The account, customer-service and policy endpoints of the user app. */
export const accountApi = {
  login: endpoint<LoginData, LoginUserBody>("POST", "/api/auth/login_user"),
  logout: endpoint<unknown>("POST", "/api/auth/logout"),
  verifyStart: endpoint<VerifyStart>("GET", "/api/auth"),
  reauthStart: endpoint<VerifyStart>("GET", "/api/auth/reauth"),
  activate: endpoint<SessionAccount, { key_info: string; password: string }>("PUT", "/api/auth"),
  /** Signed in (from my info), the answer carries the session's new token: the reset ended every older one. */
  resetPassword: endpoint<{ accessToken: string; expiredAt: string } | null, { key_info: string; password: string; phone?: string }>("POST", "/api/auth/password_v2"),

  myInfo: endpoint<MyInfo>("GET", "/api/info/myinfo"),
  updateMyInfo: endpoint<MyInfo, MyInfoUpdate>("PUT", "/api/info/myinfo"),

  favorites: endpoint<{ list: Favorite[] }>("GET", "/api/favorite"),
  addFavorite: endpoint<Favorite, { nickname: string; address: string }>("POST", "/api/favorite"),
  checkFavorite: endpoint<Favorite, { id: number; check: boolean }>("PUT", "/api/favorite/check"),
  deleteFavorites: endpoint<{ deleted: number }, { select_list: number[] }>("DELETE", "/api/favorite"),

  notices: endpoint<BoardList<Notice>, void, PageParam>("GET", ({ page }) => `/api/cs/notify/${page}`),
  faqs: endpoint<BoardList<Faq>, void, PageParam>("GET", ({ page }) => `/api/cs/faq/${page}`),
  events: endpoint<BoardList<Notice>, void, PageParam>("GET", ({ page }) => `/api/cs/event/${page}`),
  inquiries: endpoint<BoardList<Inquiry>, void, PageParam>("GET", ({ page }) => `/api/cs/inquiry/${page}`),
  createInquiry: endpoint<Inquiry, { title: string; content: string }>("POST", "/api/cs/inquiry"),
  updateInquiry: endpoint<Pick<Inquiry, "title" | "content">, { id: number; title: string; content: string }>("PUT", "/api/cs/inquiry"),
  deleteInquiry: endpoint<unknown, void, { id: number }>("DELETE", ({ id }) => `/api/cs/inquiry/${id}`),

  policy: endpoint<Policy, void, { id: number }>("GET", ({ id }) => `/api/policy/${id}`),
} as const;

/** Query keys, one per cached resource. */
export const accountKeys = {
  myInfo: ["myinfo"] as const,
  favorites: ["favorites"] as const,
  notices: (page: number) => ["notices", page] as const,
  faqs: (page: number) => ["faqs", page] as const,
  events: (page: number) => ["events", page] as const,
  inquiries: ["inquiries"] as const,
  inquiryPage: (page: number) => ["inquiries", page] as const,
  policy: (id: number) => ["policy", id] as const,
};
