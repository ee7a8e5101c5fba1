import net from "node:net";

/**
 * OPERATOR_IP_ALLOWLIST: comma-separated CIDR ranges ("10.0.0.0/8, 203.0.113.7/32, 2001:db8::/32") operators may
 * log in and call from. A bare address is its own /32 (or /128). Throws on anything else, so a typo stops the
 * start instead of opening (or closing) the back-office.
 */
export function parseCidrList(value: string): string[] {
  const ranges = value
    .split(",")
    .map((r) => r.trim())
    .filter(Boolean);
  if (ranges.length === 0) throw new Error("OPERATOR_IP_ALLOWLIST is set but names no range");
  return ranges.map((r) => {
    const [addr, bits, extra] = r.split("/");
    const family = net.isIP(addr ?? "");
    const max = family === 4 ? 32 : 128;
    const prefix = bits === undefined ? max : Number(bits);
    if (!family || extra !== undefined || !/^\d+$/.test(String(prefix)) || prefix > max)
      throw new Error(`OPERATOR_IP_ALLOWLIST: "${r}" is not a CIDR range`);
    return `${addr}/${prefix}`;
  });
}

const lists = new WeakMap<readonly string[], net.BlockList>();

function blockList(ranges: readonly string[]): net.BlockList {
  let list = lists.get(ranges);
  if (!list) {
    list = new net.BlockList();
    for (const r of ranges) {
      const [addr, bits] = r.split("/");
      list.addSubnet(addr!, Number(bits), net.isIP(addr!) === 4 ? "ipv4" : "ipv6");
    }
    lists.set(ranges, list);
  }
  return list;
}

/**
 * Whether an operator may log in or call from `ip` (the client address Express found, X-Forwarded-For honoured
 * from loopback proxies only). No allow-list: everywhere. An IPv4-mapped IPv6 address matches its IPv4 range.
 */
export function operatorIpAllowed(config: { operatorIpAllowlist: readonly string[] | null }, ip: string | undefined): boolean {
  const ranges = config.operatorIpAllowlist;
  if (!ranges) return true;
  const family = net.isIP(ip ?? "");
  if (!family) return false;
  return blockList(ranges).check(ip!, family === 4 ? "ipv4" : "ipv6");
}

const isLoopback = (ip: string) => ip === "::1" || /^(::ffff:)?127\./.test(ip);

/**
 * The client address of a request Express does not see (the websocket upgrade), as Express's `trust proxy:
 * loopback` finds it: X-Forwarded-For is read from the right for as long as the hop before it is loopback.
 */
export function forwardedClientIp(remote: string | undefined, forwardedFor: string | string[] | undefined): string | undefined {
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? ""))
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  let ip = remote;
  while (ip && isLoopback(ip) && hops.length > 0) ip = hops.pop();
  return ip;
}
