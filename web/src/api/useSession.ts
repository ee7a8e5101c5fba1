import { useSyncExternalStore } from "react";
import { getAccount, getToken, onSessionChange, type SessionAccount } from "./session";

/** The current web session; re-renders on login/logout (and on a 401 that clears it). */
export function useSession(): { loggedIn: boolean; account: SessionAccount | null } {
  // The token string is a stable snapshot; the account is derived from it.
  const token = useSyncExternalStore(onSessionChange, getToken, () => null);
  return { loggedIn: token !== null, account: token ? getAccount() : null };
}
