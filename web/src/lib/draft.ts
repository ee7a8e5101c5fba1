/**
 * Form drafts kept in sessionStorage (this tab only), so a reload or a trip through /login after an
 * expired session brings back the amount and the step. Never a password: callers store plain form
 * fields and looked-up public data only.
 */
const PREFIX = "krw-draft:";

export function readDraft<T>(name: string): T | null {
  try {
    return JSON.parse(sessionStorage.getItem(PREFIX + name) ?? "null") as T | null;
  } catch {
    return null;
  }
}

export function writeDraft(name: string, value: unknown): void {
  try {
    sessionStorage.setItem(PREFIX + name, JSON.stringify(value));
  } catch {
    // storage full or disabled: the draft is a convenience only
  }
}

export function clearDraft(name: string): void {
  sessionStorage.removeItem(PREFIX + name);
}

/** On logout: the next person in this tab must not find the last one's recipient and amount. */
export function clearAllDrafts(): void {
  for (const key of Object.keys(sessionStorage)) if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
}
