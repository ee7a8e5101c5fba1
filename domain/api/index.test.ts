import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { API, API_FEATURES, OPERATOR_ENDPOINTS } from "./index";
import type { EndpointDef } from "./endpoint";

describe("the endpoint table", () => {
  it("gives a route declared under several names (one per typed view) one access", () => {
    const access = new Map<string, string>();
    const differ: string[] = [];
    for (const [name, e] of Object.entries(API as Record<string, EndpointDef>)) {
      const route = `${e.method} ${e.path}`;
      const a = JSON.stringify(e.access);
      if (access.has(route) && access.get(route) !== a) differ.push(`${name}: ${route}`);
      access.set(route, a);
    }
    expect(differ).toEqual([]);
  });

  it("lists every operator route once, with its area", () => {
    expect(OPERATOR_ENDPOINTS["POST /api/token/detail"]).toBe("tokenAny");
    expect(OPERATOR_ENDPOINTS["GET /api/operation/allUserList/download"]).toBe("members");
    expect(Object.keys(OPERATOR_ENDPOINTS)).not.toContain("POST /api/auth/login_admin");
  });

  it("names each feature's endpoints and schemas as its folder in server/features/", () => {
    const names = (dir: string) =>
      readdirSync(join(__dirname, dir), { withFileTypes: true })
        .filter((f) => f.isFile() && f.name.endsWith(".ts") && !f.name.endsWith(".test.ts"))
        .map((f) => f.name.replace(/\.ts$/, ""));
    const features = readdirSync(join(__dirname, "../../server/features"), { withFileTypes: true })
      .filter((f) => f.isDirectory())
      .map((f) => f.name)
      .sort();
    expect(Object.keys(API_FEATURES).sort()).toEqual(features);
    expect(
      names(".")
        .filter((f) => f !== "index" && f !== "endpoint")
        .sort(),
    ).toEqual(features);
    // A feature without schemas has no file there; what several features share is in schemas/shared/.
    expect(names("../schemas").filter((f) => !features.includes(f))).toEqual([]);
  });
});
