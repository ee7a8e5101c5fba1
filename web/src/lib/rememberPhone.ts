import { REMEMBER_PHONE_DAYS } from "@domain/constants";

/**
 * 'Save phone number' on the login page. The API has no call to encrypt it server-side, so the
 * phone is encrypted in the browser with AES-GCM (WebCrypto) under a random 256-bit key kept in
 * localStorage, and only the ciphertext (iv + data, base64url) goes into a 365-day cookie. The
 * cookie alone (which travels with every request) reveals nothing; the key never leaves the
 * browser. Where WebCrypto is unavailable (non-secure context) nothing is remembered.
 */
const COOKIE = "krw_saved_phone";
const KEY_STORE = "krw_phone_key";

function b64url(bytes: Uint8Array): string {
  let s = "";
  bytes.forEach((b) => (s += String.fromCharCode(b)));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromB64url(text: string): Uint8Array<ArrayBuffer> {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

async function key(create: boolean): Promise<CryptoKey | null> {
  if (!globalThis.crypto?.subtle) return null;
  let raw = localStorage.getItem(KEY_STORE);
  if (!raw) {
    if (!create) return null;
    raw = b64url(crypto.getRandomValues(new Uint8Array(32)));
    localStorage.setItem(KEY_STORE, raw);
  }
  return crypto.subtle.importKey("raw", fromB64url(raw), "AES-GCM", false, ["encrypt", "decrypt"]);
}

function readCookie(): string | null {
  const m = document.cookie.split("; ").find((c) => c.startsWith(`${COOKIE}=`));
  return m ? decodeURIComponent(m.slice(COOKIE.length + 1)) : null;
}

export async function saveRememberedPhone(phone: string): Promise<void> {
  const k = await key(true);
  if (!k) return;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, k, new TextEncoder().encode(phone)));
  const expires = new Date(Date.now() + REMEMBER_PHONE_DAYS * 24 * 3600 * 1000).toUTCString();
  document.cookie = `${COOKIE}=${b64url(iv)}.${b64url(data)}; expires=${expires}; path=/; SameSite=Strict`;
}

export function forgetRememberedPhone(): void {
  document.cookie = `${COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Strict`;
}

/** The remembered phone, or null (no cookie, key lost or tampered ciphertext). */
export async function loadRememberedPhone(): Promise<string | null> {
  const value = readCookie();
  if (!value) return null;
  try {
    const k = await key(false);
    const [iv, data] = value.split(".");
    if (!k || !iv || !data) return null;
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromB64url(iv) }, k, fromB64url(data));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
