import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../test/harness";

describe("operator home data", () => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack();
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("gives the super admin the 7 toolbar totals and the 8 home cards, measured from the books", async () => {
    const admin = await s.loginAdmin("admin", "admin1234");
    const bar = await s.call("GET", "/api/operation/toolbar", { token: admin, marker: "operation" });
    expect(bar.code).toBe(200);
    // Seeded: 100,000,000 minted to the treasury, 70,000 of it sent to two members.
    expect(bar.data).toEqual({ masterTotal: 100_000_000 - 70_000, ownerTotal: 0, userTotal: 70_000, sales: 0, refunds: 0, gifts: 0, usage: 0 });
    const main = await s.call("GET", "/api/operation/maindata", { token: admin, marker: "operation" });
    expect(main.data).toMatchObject({ account_count: 3, sellSum: 0, useSum: 0, giftSum: 0, tokenMintCount: 1, tokenBurnCount: 0, tokenCommissionSum: 0 });
  });

  it("refuses the toolbar to a permission-3 operator, the home cards without isAccount1, and web tokens", async () => {
    const shop = await s.loginAdmin("shop01", "shop1234");
    expect((await s.call("GET", "/api/operation/toolbar", { token: shop, marker: "operation" })).code).toBe(403);
    expect((await s.call("GET", "/api/operation/maindata", { token: shop, marker: "operation" })).code).toBe(403);
    const member = await s.loginUser("01011112222", "111111");
    expect((await s.call("GET", "/api/operation/maindata", { token: member, marker: "operation" })).code).toBe(401);
    expect((await s.call("GET", "/api/operation/maindata", { token: member })).code).toBe(401);
  });
});
