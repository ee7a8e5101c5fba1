import crypto from "node:crypto";
import { BANK_CALLBACK_TOLERANCE_SEC } from "../../../domain/policy/bank";

/**
 * The callback signature: header `X-Bank-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, the
 * key the shared callback secret (BANK_CALLBACK_SECRET). The timestamp is inside what is signed, so an old body
 * cannot be sent again with a new time; the window is BANK_CALLBACK_TOLERANCE_SEC.
 */
export const SIGNATURE_HEADER = "x-bank-signature";

export function signBody(secret: Buffer, body: string, atSec: number = Math.floor(Date.now() / 1000)): string {
  const mac = crypto.createHmac("sha256", secret).update(`${atSec}.${body}`).digest("hex");
  return `t=${atSec},v1=${mac}`;
}

export type SignatureVerdict = "ok" | "missing" | "bad" | "stale";

export function verifySignature(
  secret: Buffer,
  header: string | undefined,
  rawBody: Buffer | string,
  nowSec: number = Math.floor(Date.now() / 1000),
): SignatureVerdict {
  if (!header) return "missing";
  const parts = Object.fromEntries(
    header.split(",").map((p) => {
      const i = p.indexOf("=");
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  if (!Number.isSafeInteger(t) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? "")) return "bad";
  const expected = crypto.createHmac("sha256", secret).update(`${t}.`).update(rawBody).digest();
  if (!crypto.timingSafeEqual(expected, Buffer.from(parts.v1, "hex"))) return "bad";
  if (Math.abs(nowSec - t) > BANK_CALLBACK_TOLERANCE_SEC) return "stale";
  return "ok";
}
