import crypto from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(crypto.scrypt) as (pw: string, salt: Buffer, len: number, opts: crypto.ScryptOptions) => Promise<Buffer>;
const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/**
 * Operators' passwords: scrypt$N$r$p$salt$hash (base64url), a slow KDF, because a password of eight or
 * more characters chosen by a person is worth slowing a guesser down for.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, 32, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

/**
 * Members' six-digit PINs: pin$salt$HMAC-SHA256(pinKey, salt ‖ pin). A million PINs are searched in
 * seconds whatever the KDF, so slowness buys nothing against a stolen database; the secret `pinKey`,
 * kept outside it (derived from KEY_ENCRYPTION_KEY, or PIN_KEY), is what makes the rows useless alone —
 * the way a bank's PIN verification keeps its key in an HSM. Online guessing stays bounded by the
 * five-failure lockout. A check costs microseconds instead of scrypt's ~35 ms (server/auth/README.md).
 */
export function hashPin(pin: string, pinKey: Buffer): string {
  const salt = crypto.randomBytes(16);
  return ["pin", salt.toString("base64url"), pinMac(pin, salt, pinKey).toString("base64url")].join("$");
}

const pinMac = (pin: string, salt: Buffer, key: Buffer) => crypto.createHmac("sha256", key).update(salt).update(pin, "utf8").digest();

/** Checks a password or PIN against its stored form (either kind; a PIN form needs the key). */
export async function verifyPassword(password: string, stored: string, pinKey?: Buffer): Promise<boolean> {
  const parts = stored.split("$");
  if (parts[0] === "pin") {
    const [, salt, mac] = parts;
    if (!pinKey || !salt || !mac) return false;
    const expected = Buffer.from(mac, "base64url");
    const actual = pinMac(password, Buffer.from(salt, "base64url"), pinKey);
    return expected.length === actual.length && crypto.timingSafeEqual(actual, expected);
  }
  const [alg, n, r, p, salt, hash] = parts;
  if (alg !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await scrypt(password, Buffer.from(salt, "base64url"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return crypto.timingSafeEqual(actual, expected);
}

/** Whether a stored member password is still in the slow form of earlier versions (upgraded at the next right answer). */
export const isLegacyPinHash = (stored: string) => stored.startsWith("scrypt$");

/** The PIN key: PIN_KEY when set, else derived from the key-encryption key (neither is ever in the database). */
export function derivePinKey(keyEncryptionKey: Buffer): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", keyEncryptionKey, Buffer.alloc(0), Buffer.from("krw-voucher member PIN v1"), 32));
}
