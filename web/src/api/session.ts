import { readCookie } from "@common/api-client";
import type { ResponseData } from "@domain/api/endpoint";
import type { memberSelfApi } from "@domain/api/members";
import type { MemberAccount } from "@domain/schemas/members";
/** The web session: the access token lives in a cookie that expires at the server's expiredAt. */
const TOKEN_COOKIE = "krw_web_token";
const ACCOUNT_KEY = "krw_web_account";

/** The member the login answered with, kept beside the token. */
export type SessionAccount = MemberAccount;

type Listener = () => void;
const listeners = new Set<Listener>();

export function getToken(): string | null {
  return readCookie(TOKEN_COOKIE);
}

export function getAccount(): SessionAccount | null {
  if (!getToken()) return null;
  try {
    return JSON.parse(localStorage.getItem(ACCOUNT_KEY) ?? "null");
  } catch {
    return null;
  }
}

export function saveSession(token: string, expiredAt: string, account: SessionAccount): void {
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; expires=${new Date(expiredAt).toUTCString()}; path=/; SameSite=Strict`;
  localStorage.setItem(ACCOUNT_KEY, JSON.stringify(account));
  listeners.forEach((l) => l());
}

/** An answer that ended every older session (a password reset) may carry this session's new token: keep it. */
export function renewSession(data: ResponseData<typeof memberSelfApi.passwordReset>): void {
  const account = getAccount();
  if (data?.accessToken && account) saveSession(data.accessToken, data.expiredAt, account);
}

export function clearSession(): void {
  document.cookie = `${TOKEN_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Strict`;
  localStorage.removeItem(ACCOUNT_KEY);
  listeners.forEach((l) => l());
}

const EXPIRED_FLAG = "krw-session-expired";

/**
 * The session ended without a logout (the token was refused or its cookie expired): clear it and
 * leave a note for the login page, which says so and then returns the person where they were.
 */
export function expireSession(): void {
  if (!getToken() && !localStorage.getItem(ACCOUNT_KEY)) return;
  sessionStorage.setItem(EXPIRED_FLAG, "1");
  clearSession();
}

/** Whether the last session expired (read once: the note is removed). */
export function takeExpiredNote(): boolean {
  const expired = sessionStorage.getItem(EXPIRED_FLAG) === "1";
  sessionStorage.removeItem(EXPIRED_FLAG);
  return expired;
}

// The token cookie expires on its own at the server's expiredAt: notice it while the page is open.
if (typeof window !== "undefined") {
  window.setInterval(() => {
    if (!getToken() && localStorage.getItem(ACCOUNT_KEY)) expireSession();
  }, 5_000);
}

export function onSessionChange(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
