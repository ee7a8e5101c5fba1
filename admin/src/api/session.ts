import { useSyncExternalStore } from "react";
import type { OperatorFlags } from "@domain/constants";
import { readCookie } from "@common/api-client";

/**
 * The operator session: the operation token lives in a cookie that expires at the server's
 * expiredAt; the account (permission and menu flags) in localStorage.
 */
const TOKEN_COOKIE = "krw_admin_token";
const ACCOUNT_KEY = "krw_admin_account";
const COOKIE_PATH = "/admin";

export interface AdminAccount {
  id: number;
  username: string;
  /** 0 full admin, 3 shop-owner type; others are sub admins. */
  permission: number;
  /** Menu flags of spec §6. */
  flags: OperatorFlags;
  /**
   * OPERATOR_2FA=required and not enrolled yet: the session reaches only 내 보안 설정 (and logout) until the operator
   * enrols in two-factor login; the server refuses every other call (1202).
   */
  enrolOnly?: boolean;
}

type Listener = () => void;
const listeners = new Set<Listener>();

export function getToken(): string | null {
  return readCookie(TOKEN_COOKIE);
}

export function getAccount(): AdminAccount | null {
  if (!getToken()) return null;
  try {
    return JSON.parse(localStorage.getItem(ACCOUNT_KEY) ?? "null") as AdminAccount | null;
  } catch {
    return null;
  }
}

function emit() {
  snapshot = computeSnapshot();
  listeners.forEach((l) => l());
}

export function saveSession(token: string, expiredAt: string, account: AdminAccount): void {
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; expires=${new Date(expiredAt).toUTCString()}; path=${COOKIE_PATH}; SameSite=Strict`;
  localStorage.setItem(ACCOUNT_KEY, JSON.stringify(account));
  emit();
}

export function clearSession(): void {
  document.cookie = `${TOKEN_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=${COOKIE_PATH}; SameSite=Strict`;
  localStorage.removeItem(ACCOUNT_KEY);
  emit();
}

const EXPIRED_KEY = "krw_admin_expired";

/** Ends a session the server refused (401), remembering why so the login page can say so. */
export function expireSession(): void {
  sessionStorage.setItem(EXPIRED_KEY, "1");
  clearSession();
}

/** True once after `expireSession`. */
export function takeExpiredNotice(): boolean {
  const had = sessionStorage.getItem(EXPIRED_KEY) === "1";
  sessionStorage.removeItem(EXPIRED_KEY);
  return had;
}

export function onSessionChange(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export interface SessionSnapshot {
  token: string | null;
  account: AdminAccount | null;
}

function computeSnapshot(): SessionSnapshot {
  const token = getToken();
  const account = token ? getAccount() : null;
  // A token without its account (storage cleared) is not a usable session.
  return token && account ? { token, account } : { token: null, account: null };
}

let snapshot: SessionSnapshot = typeof document === "undefined" ? { token: null, account: null } : computeSnapshot();

function currentSnapshot(): SessionSnapshot {
  // The cookie expires on its own; notice it the next time anyone looks.
  const token = getToken();
  if (token !== snapshot.token) snapshot = computeSnapshot();
  return snapshot;
}

/** The current session; re-renders on login, logout and expiry (checked on each render and every 30 s). */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeWithExpiry, currentSnapshot);
}

function subscribeWithExpiry(l: Listener): () => void {
  const off = onSessionChange(l);
  const timer = window.setInterval(() => {
    if (getToken() !== snapshot.token) emit();
  }, 30_000);
  return () => {
    off();
    window.clearInterval(timer);
  };
}
