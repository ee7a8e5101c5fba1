import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../test/harness";
import { API, type ApiName } from "../../domain/api";
import { fillPath, inQuery, queryString, type EndpointDef } from "../../domain/api/endpoint";
import { allowsArea } from "../../domain/admin-access";
import { OperatorPermission } from "../../domain/constants";
import { memberByPhone } from "../records/members.repo";
import { requestBuy } from "../features/purchases/purchases.service";

/**
 * The compile-time check ties a handler's return to its endpoint's response schema through the repositories'
 * TypeScript types; this checks the wire: each read, called as the full operator on the demo data, answers
 * `data` its response schema accepts (what the apps parse).
 */
describe("operator reads answer what their response schema says", () => {
  let s: TestStack;
  let token: string;

  beforeAll(async () => {
    s = await startTestStack();
    token = await s.loginOperator("admin", "admin1234");
    // One of each sale record: a buy order, a gift and a payment to the shop.
    const buyer = (await memberByPhone(s.ctx.db, "01011112222"))!;
    await requestBuy(s.ctx, buyer, 10_000, "111111");
    const member = await s.loginUser("01011112222", "111111");
    const walletOf = async (phone: string) => (await s.ctx.custody.memberWallet((await memberByPhone(s.ctx.db, phone))!.id))!.address;
    for (const [to, type] of [
      ["01033334444", 1],
      ["01055556666", 0],
    ] as const) {
      const body = { opponentAddress: await walletOf(to), kind: 0, type, value: 1_000, password: "111111" };
      const r = await s.call("POST", type === 1 ? "/api/gift/trade/address" : "/api/use/trade/address", { token: member, body });
      expect(r.code, r.message).toBe(200);
    }
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  const call = async (name: ApiName, input?: Record<string, unknown>) => {
    const e: EndpointDef = API[name];
    const { path, rest } = fillPath(e.path, input);
    const r = await s.call(e.method, inQuery(e) ? path + queryString(rest) : path, {
      token,
      marker: "operation",
      body: inQuery(e) ? undefined : rest,
    });
    expect(r.status, `${name}: ${r.message}`).toBe(200);
    const parsed = e.response!.safeParse(r.data);
    expect(parsed.success ? [] : parsed.error.issues, name).toEqual([]);
    return r.data;
  };

  it("every read without input", async () => {
    const reads = (Object.keys(API) as ApiName[]).filter((n) => {
      const e: EndpointDef = API[n];
      // The shop owner's pages (permission 3 only) are not the full operator's.
      const mine = e.access.kind === "operator" && allowsArea(e.access.area, { permission: OperatorPermission.SUPER, flags: {} });
      return e.method === "GET" && mine && e.response && !e.params && !e.query;
    });
    expect(reads.length).toBeGreaterThan(10);
    for (const n of reads) await call(n);
  });

  it("lists and their details", async () => {
    const members = await call("memberList", {});
    await call("memberDetail", { id: members.list[0].id });
    await call("auditList", {});
    await call("holders", {});
    await call("notifyList", {});
    const dash = await call("dashboardTable", {});
    await call("transaction", { hash: dash.list[0].hash });
    await call("walletDetail", { address: dash.list[0].to });
    await call("walletHistory", { address: dash.list[0].to });
    for (const type of ["notice", "inquiry", "faq", "event"]) await call("boardList", { type });
    for (const type of ["sell", "use", "gift"]) {
      const page = await call("saleList", { type });
      expect(page.list.length, type).toBeGreaterThan(0);
      await call("saleDetail", { id: page.list[0].id, type });
    }
    const tokens = await call("tokenSearch", {});
    await call("tokenDetail", { id: tokens.list[0].id, type: "management" });
    const fees = await call("tokenFeeSearch", {});
    await call("feeDetail", { id: fees.list[0].id, type: "fee" });
    const operators = await call("operatorList");
    await call("operatorDetail", { id: operators[0].id });
  });
});
