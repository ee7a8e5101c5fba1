import crypto from "node:crypto";

/**
 * A webhook's signature: `KRWV-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed by the
 * merchant's signing secret. The scheme (and its version tag, so a v2 can be sent beside v1 during a change) is the one
 * the bank's callbacks use (server/providers/bank/signature.ts) and Stripe's; a receiver checks it in a few lines
 * (docs/merchant-api.md "Verifying a webhook").
 */
export function signWebhook(secret: string, body: string, atSec: number = Math.floor(Date.now() / 1000)): string {
  const mac = crypto.createHmac("sha256", secret).update(`${atSec}.${body}`).digest("hex");
  return `t=${atSec},v1=${mac}`;
}

/** The receiver's check (as in docs/merchant-api.md): the signature matches and is at most `toleranceSec` old. */
export function verifyWebhook(
  secret: string,
  header: string | undefined,
  body: string,
  toleranceSec = 300,
  nowSec = Date.now() / 1000,
): boolean {
  const parts = Object.fromEntries((header ?? "").split(",").map((p) => p.split("=", 2) as [string, string]));
  const expected = crypto.createHmac("sha256", secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? "", "hex");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) && Math.abs(nowSec - Number(parts.t)) <= toleranceSec;
}

/** A signing secret: "whsec_" + 256 random bits; its first 12 characters are shown afterwards. */
export function newWebhookSecret(): { secret: string; prefix: string } {
  const secret = `whsec_${crypto.randomBytes(32).toString("base64url")}`;
  return { secret, prefix: secret.slice(0, 12) };
}
