import dns from "node:dns/promises";
import net from "node:net";
import type { Config } from "../../config";
import { AppError } from "../../http/errors";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";

/**
 * Server-side request forgery (OWASP SSRF Prevention Cheat Sheet): in production configuration (WEBHOOK_TARGETS=public,
 * the default with NODE_ENV=production) a webhook may not point at this service, a loopback, private, link-local,
 * shared or unspecified address, by name or by number; the name is resolved both when the URL is set and before each
 * attempt (a name can be pointed elsewhere after it was checked). The embedded default (`any`) allows 127.0.0.1: the
 * demo shop and the tests' receivers live there.
 */
const blocked = new net.BlockList();
for (const [a, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const)
  blocked.addSubnet(a, bits, "ipv4");
for (const [a, bits] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
] as const)
  blocked.addSubnet(a, bits, "ipv6");

function isBlockedAddress(address: string): boolean {
  const v4mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (v4mapped) return blocked.check(v4mapped[1], "ipv4");
  return blocked.check(address, net.isIPv6(address) ? "ipv6" : "ipv4");
}

/** Refuses (400, code 1154) a webhook URL this service will not call under its configuration. */
export async function checkWebhookTarget(config: Pick<Config, "webhookTargets" | "publicOrigin">, url: string): Promise<void> {
  const refuse = () => new AppError(Code.WEBHOOK_URL_REFUSED, Msg.webhookUrlRefused);
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw refuse();
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") throw refuse();
  if (u.username || u.password) throw refuse();
  if (config.webhookTargets === "any") return;
  if (u.protocol !== "https:") throw refuse();
  const host = u.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === new URL(config.publicOrigin).hostname.toLowerCase() || host === "localhost" || host.endsWith(".localhost")) throw refuse();
  const addresses = net.isIP(host)
    ? [host]
    : await dns.lookup(host, { all: true }).then(
        (r) => r.map((x) => x.address),
        () => [],
      );
  if (addresses.length === 0 || addresses.some(isBlockedAddress)) throw refuse();
}
