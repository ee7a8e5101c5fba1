import { describe, expect, it } from "vitest";
import { API, OPERATOR_ENDPOINTS } from "./index";
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
});
