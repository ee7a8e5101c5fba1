import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { forwardedClientIp, operatorIpAllowed, parseCidrList } from "./ip-allowlist";
import { loadConfig } from "../config";

describe("OPERATOR_IP_ALLOWLIST and OPERATOR_2FA settings", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "krw-ipallow-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env }, () => undefined);

  it("reads comma-separated CIDR ranges; a bare address is its own range; anything else stops the start", () => {
    expect(parseCidrList(" 10.0.0.0/8, 203.0.113.7 ,2001:db8::/32")).toEqual(["10.0.0.0/8", "203.0.113.7/32", "2001:db8::/32"]);
    for (const bad of ["10.0.0.0/33", "10.0.0/8", "intranet", "10.0.0.0/8/1", " , ", "::1/129", "10.0.0.0/x"])
      expect(() => parseCidrList(bad), bad).toThrow(/OPERATOR_IP_ALLOWLIST/);
    expect(config({}).operatorIpAllowlist).toBeNull();
    expect(config({ OPERATOR_IP_ALLOWLIST: "" }).operatorIpAllowlist).toBeNull();
    expect(config({ OPERATOR_IP_ALLOWLIST: "192.168.0.0/16" }).operatorIpAllowlist).toEqual(["192.168.0.0/16"]);
    expect(() => config({ OPERATOR_IP_ALLOWLIST: "192.168.0.0/40" })).toThrow();
  });

  it("OPERATOR_2FA is optional unless set to required", () => {
    expect(config({}).operatorTwoFactor).toBe("optional");
    expect(config({ OPERATOR_2FA: "required" }).operatorTwoFactor).toBe("required");
    expect(config({ OPERATOR_2FA: "Required " }).operatorTwoFactor).toBe("required");
    expect(() => config({ OPERATOR_2FA: "yes" })).toThrow(/OPERATOR_2FA/);
  });

  it("allows an address inside a range (IPv4-mapped IPv6 too), refuses the rest; no list allows all", () => {
    const list = { operatorIpAllowlist: parseCidrList("10.0.0.0/8,2001:db8::/32") };
    expect(["10.1.2.3", "::ffff:10.9.9.9", "2001:db8::5"].map((ip) => operatorIpAllowed(list, ip))).toEqual([true, true, true]);
    expect(["11.0.0.1", "127.0.0.1", "::1", "2001:db9::1", "", undefined].map((ip) => operatorIpAllowed(list, ip))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(operatorIpAllowed({ operatorIpAllowlist: null }, "198.51.100.1")).toBe(true);
  });

  it("finds the websocket's client as Express's `trust proxy: loopback` does", () => {
    expect(forwardedClientIp("127.0.0.1", "198.51.100.1")).toBe("198.51.100.1");
    expect(forwardedClientIp("::ffff:127.0.0.1", "203.0.113.9, 127.0.0.1")).toBe("203.0.113.9");
    // A client cannot pose as another by sending its own header: only loopback hops are looked through.
    expect(forwardedClientIp("127.0.0.1", "10.0.0.1, 198.51.100.1")).toBe("198.51.100.1");
    expect(forwardedClientIp("198.51.100.1", "10.0.0.1")).toBe("198.51.100.1");
    expect(forwardedClientIp("::1", undefined)).toBe("::1");
  });
});
