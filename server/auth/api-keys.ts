import crypto from "node:crypto";

/** The partner API key: "krwv_" + 256 random bits (base64url). Only its SHA-256 and prefix are kept. */
export const KEY_PREFIX = "krwv_";
export const PREFIX_LENGTH = 11;

export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = KEY_PREFIX + crypto.randomBytes(32).toString("base64url");
  return { key, prefix: key.slice(0, PREFIX_LENGTH), hash: hashApiKey(key) };
}

/** A high-entropy key needs no slow hash: SHA-256 hex. */
export function hashApiKey(key: string): string {
  return crypto.createHash("sha256").update(key, "utf8").digest("hex");
}

/** Constant-time comparison of two hex hashes. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
