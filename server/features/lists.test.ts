import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../test/harness";
import { DEMO } from "../seed";

/**
 * Every back-office list (domain/admin-access.ts ADMIN_API, requests built by domain/schemas/shared/list.ts `listRequest`)
 * with its optional filters sent empty, as the spec's clients send them when nothing is chosen: the same
 * answer as without them (no filter), never 400.
 */
describe("lists: an empty optional filter means no filter", () => {
  let s: TestStack;
  let admin: string;
  let shop: string;
  let wallet: string;
  beforeAll(async () => {
    s = await startTestStack();
    await s.waitIndexed();
    admin = await s.loginOperator(DEMO.admin.id, DEMO.admin.password);
    shop = await s.loginOperator(DEMO.shopAdmin.id, DEMO.shopAdmin.password);
    wallet = (await s.ctx.custody.byKind("treasury"))!.address;
  });
  afterAll(async () => {
    await s?.stop();
  });

  /** method, path, who calls, the fields a request always carries, and the optional filters (sent as ""). */
  const lists: {
    method: "GET" | "POST";
    path: string;
    as: "admin" | "shop";
    base?: () => Record<string, string>;
    blank: string[];
    rows?: boolean;
  }[] = [
    { method: "GET", path: "/api/operation/allUserList", as: "admin", blank: ["keyword", "state", "permission"], rows: true },
    { method: "GET", path: "/api/operation/actions", as: "admin", blank: ["keyword", "action"] },
    { method: "POST", path: "/api/notify/all", as: "admin", blank: ["keyword"] },
    { method: "POST", path: "/api/dashboard/list", as: "admin", blank: ["keyword", "type", "filter", "filter_type"], rows: true },
    { method: "POST", path: "/api/dashboard/table", as: "admin", blank: ["keyword", "type", "filter", "filter_type"], rows: true },
    { method: "POST", path: "/api/dashboard/detail_table", as: "admin", base: () => ({ address: wallet }), blank: ["keyword"], rows: true },
    { method: "GET", path: "/api/dashboard/holder", as: "admin", blank: ["keyword"] },
    { method: "GET", path: "/api/board/notice", as: "admin", blank: ["keyword"] },
    { method: "POST", path: "/api/sale/list", as: "admin", base: () => ({ type: "gift" }), blank: ["keyword"] },
    { method: "POST", path: "/api/token/manage/search", as: "admin", blank: ["keyword", "type"], rows: true },
    { method: "POST", path: "/api/token/fee/search", as: "admin", blank: ["keyword", "type"] },
    { method: "POST", path: "/api/calc/management/search", as: "admin", blank: ["keyword", "state"] },
    { method: "POST", path: "/api/calc/request/history", as: "shop", blank: ["keyword", "wallet"] },
    { method: "POST", path: "/api/calc/wallet/gift", as: "shop", blank: ["keyword", "wallet"] },
  ];

  const call = (l: (typeof lists)[number], fields: Record<string, string>) => {
    const token = l.as === "admin" ? admin : shop;
    if (l.method === "GET") return s.call("GET", `${l.path}?${new URLSearchParams(fields)}`, { token, marker: "operation" });
    return s.call("POST", l.path, { token, marker: "operation", body: fields });
  };

  it("answers 200 with the unfiltered rows on every list", async () => {
    const differing: { path: string; blank: unknown; spaces: unknown }[] = [];
    for (const l of lists) {
      const base = l.base?.() ?? {};
      const plain = await call(l, base);
      expect([plain.status, plain.message], l.path).toEqual([200, undefined]);
      if (l.rows) expect(JSON.stringify(plain.data).length, `${l.path} has rows to compare`).toBeGreaterThan(100);
      const blank = await call(l, { ...base, ...Object.fromEntries(l.blank.map((f) => [f, ""])) });
      const spaces = await call(l, { ...base, ...Object.fromEntries(l.blank.map((f) => [f, "  "])) });
      const same = (r: typeof plain) => r.status === 200 && JSON.stringify(r.data) === JSON.stringify(plain.data);
      if (!same(blank) || !same(spaces))
        differing.push({ path: l.path, blank: [blank.status, blank.message], spaces: [spaces.status, spaces.message] });
    }
    expect(differing).toEqual([]);
  });

  it("still refuses a filter that is not blank and not allowed, and a required one sent empty", async () => {
    const dashboard = lists.find((l) => l.path === "/api/dashboard/list")!;
    expect((await call(dashboard, { filter_type: "nonsense" })).status).toBe(400);
    const sale = lists.find((l) => l.path === "/api/sale/list")!;
    expect((await call(sale, { type: "" })).status).toBe(400);
  });
});
