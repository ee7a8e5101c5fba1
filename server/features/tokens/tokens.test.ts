import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { startTestStack, type TestStack } from "../../test/harness";
import { WITH_REASON } from "../../test/download-reason";
import { insertOperator } from "../../test/operators";
import { proposeAndApprove } from "../../test/proposals";
import { memberByPhone } from "../../records/members.repo";
import { Msg } from "../../../domain/messages";
import { OperatorPermission } from "../../../domain/constants";

describe("back-office tokens: issuance and fees", () => {
  let s: TestStack;
  let admin: string;
  let admin2: string;
  let viewOnly: string;
  let feeOnly: string;
  const as = (token: string) => (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    s.call(method, path, { token, marker: "operation", body, headers: { ...WITH_REASON, ...headers } });
  const supply = async () => BigInt(await s.ctx.chain.token.totalSupply());

  beforeAll(async () => {
    s = await startTestStack();
    admin = await s.loginOperator("admin", "admin1234");
    admin2 = await s.loginOperator("admin2", "admin1234");
    await insertOperator(s.ctx, "tokenview1", OperatorPermission.SUB, { isToken1: true });
    await insertOperator(s.ctx, "tokenfee1", OperatorPermission.SUB, { isToken3: true });
    viewOnly = await s.loginOperator("tokenview1", "operator1234");
    feeOnly = await s.loginOperator("tokenfee1", "operator1234");
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it("mints to the treasury: totalSupply and the treasury rise by exactly the value; the row, its tx and the audit entry show it", async () => {
    const treasury = (await s.ctx.custody.byKind("treasury"))!.address;
    const before = await supply();
    const tBefore = BigInt(await s.ctx.chain.token.balanceOf(treasury));
    const before0 = await as(admin)("GET", "/api/token/manage");
    // Dual control: admin proposes the mint (nothing moves), admin2 approves it (the mint runs then).
    const { proposal, approval: r } = await proposeAndApprove(s, admin, admin2, "POST", "/api/token/mint", {
      value: 12_345_678_901,
      reason: "발행 계획분",
    });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ id: proposal.id, state: "approved", proposerLoginId: "admin", approverLoginId: "admin2" });
    expect(r.data.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await supply()) - before).toBe(12_345_678_901n);
    expect(BigInt(await s.ctx.chain.token.balanceOf(treasury)) - tBefore).toBe(12_345_678_901n);
    const receipt = await s.ctx.chain.provider.getTransactionReceipt(r.data.txHash);
    expect(receipt?.status).toBe(1);

    const after = await as(admin)("GET", "/api/token/manage");
    expect(after.data.daily.count).toBe(before0.data.daily.count + 1);
    expect(after.data.daily.value).toBe(before0.data.daily.value + 12_345_678_901);
    const list = await as(viewOnly)("POST", "/api/token/manage/search", { type: "mint" });
    expect(list.code).toBe(200);
    // The mint's row names the operator whose approval sent it.
    expect(list.data.list[0]).toMatchObject({
      address: treasury,
      amount: 12_345_678_901,
      burnState: "발행",
      txHash: r.data.txHash,
      operator: "admin2",
    });
    const mintId = list.data.list[0].id as number;
    expect((await as(viewOnly)("POST", "/api/token/manage/search", { type: "burn" })).data.total).toBe(0);
    // The search box: part of the address, the operator, the tx hash.
    expect((await as(viewOnly)("POST", "/api/token/manage/search", { keyword: treasury.slice(2, 12).toUpperCase() })).data.total).toBe(2);
    expect(
      (await as(viewOnly)("POST", "/api/token/manage/search", { keyword: "admin2" })).data.list.map((x: { id: number }) => x.id),
    ).toEqual([mintId]);
    expect((await as(viewOnly)("POST", "/api/token/manage/search", { keyword: r.data.txHash })).data.total).toBe(1);
    expect((await as(viewOnly)("POST", "/api/token/manage/search", { keyword: "0xnothing" })).data.total).toBe(0);
    expect((await as(viewOnly)("POST", "/api/token/detail", { id: mintId, type: "management" })).data.amount).toBe(12_345_678_901);
    const log = await as(admin)("GET", "/api/operation/actions");
    expect(
      log.data.list.find((a: { action: string; targetId: string }) => a.action === "proposal.create" && a.targetId === String(proposal.id)),
    ).toMatchObject({ adminLoginId: "admin" });
    expect(
      log.data.list.find(
        (a: { action: string; targetId: string }) => a.action === "proposal.approve" && a.targetId === String(proposal.id),
      ),
    ).toMatchObject({
      txHash: r.data.txHash,
      adminLoginId: "admin2",
      after: { proposer: "admin", approver: "admin2" },
    });

    const res = await fetch(`${s.url}/api/token/manage/download`, {
      headers: { authorization: `Bearer ${viewOnly}`, "cookie-type": "operation", ...WITH_REASON },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("token_management.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    // The seed's mint and this one.
    expect(wb.worksheets[0].actualRowCount).toBe(3);
  });

  it("refuses bad amounts with the rule's message and never a 5xx; an Idempotency-Key mints once", async () => {
    for (const value of [undefined, "", 0, -5, 1.5, "12.5", "1e5", 123_456_789_012, "abc"]) {
      const r = await as(admin)(
        "POST",
        "/api/token/mint",
        value === undefined ? { reason: "발행 계획분" } : { value, reason: "발행 계획분" },
      );
      expect([JSON.stringify(value), r.code]).toEqual([JSON.stringify(value), 400]);
      expect([Msg.required, Msg.tokenAmountInvalid]).toContain(r.message);
    }
    // Every proposal carries its proposer's own reason: a mint without one (or a blank one) is refused, nothing proposed.
    const proposals = async () =>
      Number(
        (
          await s.ctx.db
            .selectFrom("proposals")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const count = await proposals();
    for (const [body, message] of [
      [{ value: 1000 }, Msg.required],
      [{ value: 1000, reason: "   " }, Msg.proposalReasonRequired],
    ] as const) {
      const r = await as(admin)("POST", "/api/token/mint", body);
      expect([r.code, r.message]).toEqual([400, message]);
    }
    expect(await proposals()).toBe(count);
    const before = await supply();
    // The proposal moves nothing; its approval, sent twice at once with one Idempotency-Key, mints once.
    const made = await as(admin)("POST", "/api/token/mint", { value: 1000, reason: "발행 계획분" });
    expect([made.code, made.message]).toEqual([200, Msg.proposalCreated]);
    expect(made.data.proposal.reason).toBe("발행 계획분");
    const audited = await s.ctx.db
      .selectFrom("admin_actions")
      .select("after_json")
      .where("action", "=", "proposal.create")
      .where("target_id", "=", String(made.data.proposal.id))
      .executeTakeFirst();
    expect(JSON.parse(audited!.after_json!).reason).toBe("발행 계획분");
    expect(await supply()).toBe(before);
    const key = { "idempotency-key": "mint-once-1" };
    const approve = () => as(admin2)("POST", `/api/proposals/${made.data.proposal.id}/approve`, undefined, key);
    const [a, b] = await Promise.all([approve(), approve()]);
    expect([a.code, b.code].filter((c) => c === 200).length).toBeGreaterThanOrEqual(1);
    expect((await supply()) - before).toBe(1000n);
    // A retry with the same key is answered, and mints nothing more.
    expect((await approve()).code).toBeLessThan(500);
    expect((await supply()) - before).toBe(1000n);
  });

  it("gives each flag its calls: isToken1 views, isToken2 mints, isToken3 fees", async () => {
    expect((await as(viewOnly)("POST", "/api/token/mint", { value: 10, reason: "발행 계획분" })).code).toBe(403);
    expect((await as(viewOnly)("GET", "/api/token/fee")).code).toBe(403);
    expect((await as(viewOnly)("POST", "/api/token/detail", { id: 1, type: "fee" })).code).toBe(403);
    expect((await as(feeOnly)("GET", "/api/token/manage")).code).toBe(403);
    expect((await as(feeOnly)("POST", "/api/token/detail", { id: 1, type: "management" })).code).toBe(403);
    expect((await as(feeOnly)("POST", "/api/token/manage/search", {})).code).toBe(403);
    expect((await as(feeOnly)("GET", "/api/token/fee")).code).toBe(200);
  });

  it("lists every 200-won fee leg with names and totals; the 3-month rule applies", async () => {
    const t1 = await s.loginUser("01011112222", "111111");
    const to = (await s.ctx.custody.memberWallet((await memberByPhone(s.ctx.db, "01033334444"))!.id))!.address;
    const before = (await as(feeOnly)("GET", "/api/token/fee")).data;
    const gift = await s.call("POST", "/api/gift/trade/address", {
      token: t1,
      body: { opponentAddress: to, kind: 0, type: 1, value: 3_000, password: "111111" },
    });
    expect(gift.code).toBe(200);
    const after = (await as(feeOnly)("GET", "/api/token/fee")).data;
    expect(after.daily_value - before.daily_value).toBe(200);
    expect(after.monthly_value - before.monthly_value).toBe(200);
    const list = await as(feeOnly)("POST", "/api/token/fee/search", { type: "gift" });
    // An operator without isPrivacy1 sees the phone masked (features/access-log).
    expect(list.data.list[0]).toMatchObject({
      phonenumber: "010-****-2222",
      username: "김민준",
      receiver: "이서연",
      type: "선물",
      giftValue: 3_000,
      value: 200,
    });
    expect((await as(feeOnly)("POST", "/api/token/detail", { id: list.data.list[0].id, type: "fee" })).data.value).toBe(200);
    expect(
      (await as(feeOnly)("POST", "/api/token/fee/search", { keyword: "01033334444" })).data.list.every(
        (x: { receiver: string }) => x.receiver === "이서연",
      ),
    ).toBe(true);
    expect((await as(feeOnly)("POST", "/api/token/fee/search", { keyword: "nobody" })).data.total).toBe(0);
    expect(await as(feeOnly)("POST", "/api/token/fee/search", { from: "2025-01-01", to: "2025-06-01" })).toMatchObject({
      code: 400,
      message: Msg.dateRangeTooLong,
    });
    expect((await as(feeOnly)("POST", "/api/token/fee/search", { type: "refund" })).code).toBe(400);
    expect((await as(feeOnly)("POST", "/api/token/detail", { id: 999999, type: "fee" })).code).toBe(404);
    const res = await fetch(`${s.url}/api/token/fee/download`, {
      headers: { authorization: `Bearer ${feeOnly}`, "cookie-type": "operation", ...WITH_REASON },
    });
    expect(res.headers.get("content-disposition")).toContain("token_fee.xlsx");
    expect(await as(feeOnly)("GET", "/api/token/fee/download?from=2025-01-01&to=2025-01-02")).toMatchObject({
      code: 404,
      message: Msg.noResults,
    });
  });
});
