import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { DEMO } from "../../seed";

describe("operator home data", () => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack();
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("gives the super admin the 7 toolbar totals and the 8 home cards, measured from the books", async () => {
    const admin = await s.loginOperator("admin", "admin1234");
    const bar = await s.call("GET", "/api/operation/toolbar", { token: admin, marker: "operation" });
    expect(bar.code).toBe(200);
    // The seed mints DEMO.treasuryMint to the treasury and sends each member its demo balance from it.
    const sent = (permission: string) => DEMO.members.filter((m) => m.permission === permission).reduce((n, m) => n + m.balance, 0);
    const members = sent("user") + sent("exchanger");
    expect(bar.data).toEqual({
      masterTotal: DEMO.treasuryMint - members,
      ownerTotal: sent("exchanger"),
      userTotal: sent("user"),
      sales: 0,
      refunds: 0,
      gifts: 0,
      usage: 0,
    });
    // …and the toolbar agrees with the chain itself.
    const treasury = Number(await s.ctx.chain.token.balanceOf((await s.ctx.custody.byKind("treasury"))!.address));
    expect(bar.data.masterTotal).toBe(treasury);
    const main = await s.call("GET", "/api/operation/maindata", { token: admin, marker: "operation" });
    expect(main.data).toMatchObject({
      account_count: DEMO.members.length,
      sellSum: 0,
      useSum: 0,
      giftSum: 0,
      tokenMintCount: 1,
      tokenBurnCount: 0,
      tokenCommissionSum: 0,
    });
  });

  it("refuses the toolbar to a permission-3 operator, the home cards without isAccount1, and web tokens", async () => {
    const shop = await s.loginOperator("shop01", "shop1234");
    expect((await s.call("GET", "/api/operation/toolbar", { token: shop, marker: "operation" })).code).toBe(403);
    expect((await s.call("GET", "/api/operation/maindata", { token: shop, marker: "operation" })).code).toBe(403);
    const member = await s.loginUser("01011112222", "111111");
    expect((await s.call("GET", "/api/operation/maindata", { token: member, marker: "operation" })).code).toBe(401);
    expect((await s.call("GET", "/api/operation/maindata", { token: member })).code).toBe(401);
  });
});
