import { useCallback, useSyncExternalStore } from "react";
import { useSession } from "../../api/session";
import { cleanColumnKeys, defaultColumnKeys, toggleColumnKey, type ChoosableColumn } from "./columns";

/** What a list screen has of its column choice. */
export interface ColumnChoice {
  /** The keys shown now (the choice, else the default), in the list's order. */
  keys: string[];
  /** The operator's choice; undefined while the list shows its default (the download then writes its whole file). */
  chosen: string[] | undefined;
  /** Stores a choice (undefined, or the default, forgets it). */
  set: (keys: readonly string[] | undefined) => void;
  toggle: (key: string) => void;
}

const PREFIX = "krw_admin_columns";
const listeners = new Set<() => void>();

function subscribe(l: () => void): () => void {
  listeners.add(l);
  window.addEventListener("storage", l);
  return () => {
    listeners.delete(l);
    window.removeEventListener("storage", l);
  };
}

function read(key: string | null): string | null {
  if (!key) return null;
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parse(raw: string | null): string[] | undefined {
  if (!raw) return undefined;
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((k): k is string => typeof k === "string") : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The columns an operator shows on a list, kept in this browser per operator and list (localStorage; a saved view
 * carries them too). A choice equal to the default is not kept, so the list follows its default as it changes.
 */
export function useColumnChoice(list: string, columns: readonly ChoosableColumn[]): ColumnChoice {
  const { account } = useSession();
  const storeKey = account ? `${PREFIX}:${account.id}:${list}` : null;
  const raw = useSyncExternalStore(subscribe, () => read(storeKey));
  const chosen = cleanColumnKeys(columns, parse(raw));
  const keys = chosen ?? defaultColumnKeys(columns);

  const set = useCallback(
    (next: readonly string[] | undefined) => {
      if (!storeKey) return;
      const clean = cleanColumnKeys(columns, next);
      try {
        if (!clean || clean.join(",") === defaultColumnKeys(columns).join(",")) localStorage.removeItem(storeKey);
        else localStorage.setItem(storeKey, JSON.stringify(clean));
      } catch {
        // Storage refused (private mode, full): the list keeps showing what it showed.
      }
      listeners.forEach((l) => l());
    },
    [storeKey, columns],
  );
  const toggle = useCallback((key: string) => set(toggleColumnKey(columns, keys, key)), [set, columns, keys]);
  return { keys, chosen, set, toggle };
}
