import { readCookie } from "@common/api-client";
/** The web session: the access token lives in a cookie that expires at the server's expiredAt. */
const TOKEN_COOKIE = "krw_web_token";
const ACCOUNT_KEY = "krw_web_account";

export interface SessionAccount {
  phonenumber: string;
  username: string;
}

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

export function clearSession(): void {
  document.cookie = `${TOKEN_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Strict`;
  localStorage.removeItem(ACCOUNT_KEY);
  listeners.forEach((l) => l());
}

export function onSessionChange(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
