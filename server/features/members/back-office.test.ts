import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { startTestStack, type TestStack } from "../../test/harness";
import { WITH_REASON } from "../../test/download-reason";
import { DEMO } from "../../seed";
import { Msg } from "../../../domain/messages";
import { flagsToArrays, OPERATOR_PRESETS } from "../../../domain/schemas/operators";

describe("back-office: members, operators, API key, audit log, notifications", () => {
  let s: TestStack;
  let admin: string;
  const op = (token: string) => (method: string, path: string, body?: unknown) =>
    s.call(method, path, { token, marker: "operation", body, headers: WITH_REASON });

  beforeAll(async () => {
    s = await startTestStack();
    admin = await s.loginOperator("admin", "admin1234");
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("lists members server-paged, searched and sorted, with wallets and indexed holdings", async () => {
    const as = op(admin);
    const all = await as("GET", "/api/operation/allUserList?perPage=10&sortBy=id&sortDesc=false");
    expect(all.code).toBe(200);
    expect(all.data.total).toBe(DEMO.members.length);
    expect(all.data.list.map((m: { id: number }) => m.id)).toEqual(
      [...all.data.list.map((m: { id: number }) => m.id)].sort((a, b) => a - b),
    );
    const first = DEMO.members[0];
    const found = await as("GET", `/api/operation/allUserList?keyword=${first.phonenumber}`);
    expect(found.data.total).toBe(1);
    expect(found.data.list[0]).toMatchObject({ phonenumber: first.phonenumber, holding: first.balance, state: "repair" });
    expect(found.data.list[0].wallets[0].address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const byAddress = await as("GET", `/api/operation/allUserList?keyword=${found.data.list[0].wallets[0].address.toLowerCase()}`);
    expect(byAddress.data.list.map((m: { id: number }) => m.id)).toEqual([found.data.list[0].id]);
    expect((await as("GET", "/api/operation/allUserList?perPage=7")).code).toBe(400);
    expect((await as("GET", "/api/operation/allUserList?sortBy=password_hash")).code).toBe(400);
    const none = await as("GET", "/api/operation/allUserList/download?keyword=nobody-like-this");
    expect(none).toMatchObject({ code: 404, message: Msg.noMembers });
  });

  it("downloads the member file with Korean headers", async () => {
    const res = await fetch(`${s.url}/api/operation/allUserList/download`, {
      headers: { authorization: `Bearer ${admin}`, "cookie-type": "operation", ...WITH_REASON },
    });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = wb.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(["번호", "이름", "휴대폰 번호"]);
    expect(sheet.actualRowCount).toBe(DEMO.members.length + 1);
  });

  it("suspends a member at once, records it, and shows it in the member detail", async () => {
    const as = op(admin);
    const m = DEMO.members[1];
    const token = await s.loginUser(m.phonenumber, m.password);
    const id = (await as("GET", `/api/operation/allUserList?keyword=${m.phonenumber}`)).data.list[0].id;
    expect((await as("POST", "/api/operation/changeState", { id, state: "suspension" })).code).toBe(200);
    // Suspended: the session hears why (403) while the suspension lasts.
    expect((await s.call("GET", "/api/buy", { token })).code).toBe(403);
    expect((await as("POST", "/api/operation/changeState", { id, state: "nope" })).code).toBe(400);
    expect((await as("POST", "/api/operation/changeState", { id: 999999, state: "repair" })).code).toBe(404);
    const detail = await as("GET", `/api/operation/userInfo/${id}`);
    expect(detail.code).toBe(200);
    expect(detail.data.member.state).toBe("suspension");
    expect(detail.data.totals).toMatchObject({ totalUsed: 0, totalPurchased: 0, purchasable: 1_000_000 });
    // The demo funding shows in the wallet history.
    expect(detail.data.history).toEqual([expect.objectContaining({ type: "초기 지급", value: m.balance })]);
    expect(detail.data.actions[0]).toMatchObject({ adminLoginId: "admin", action: "member.state", before: "repair", after: "suspension" });
    expect((await as("POST", "/api/operation/changeState", { id, state: "repair" })).code).toBe(200);
    // Reinstated: the suspension ended the sessions from before it; a new sign-in works.
    expect((await s.call("GET", "/api/buy", { token })).status).toBe(401);
    expect((await s.call("GET", "/api/buy", { token: await s.loginUser(m.phonenumber, m.password) })).code).toBe(200);
  });

  it("creates an operator from a preset, refuses a taken id, lists, details and deletes it; its token stops", async () => {
    const as = op(admin);
    const connect = await as("GET", "/api/operation/connect");
    const member = connect.data.find((m: { permission: string }) => m.permission === "user");
    const body = {
      account_id: member.id,
      id: "subadmin7",
      password: "subadmin7pw",
      ...flagsToArrays(Object.fromEntries(OPERATOR_PRESETS.subAdmin.map((f) => [f, true]))),
    };
    expect(await as("POST", "/api/operation/create", body)).toMatchObject({ code: 200 });
    expect(await as("POST", "/api/operation/create", { ...body, account_id: connect.data[connect.data.length - 1].id })).toMatchObject({
      code: 400,
      message: Msg.adminExists,
    });
    expect(await as("POST", "/api/operation/create", { ...body, id: "ab" })).toMatchObject({ code: 400, message: Msg.adminIdMin });
    expect((await as("GET", "/api/operation/connect")).data.some((m: { id: number }) => m.id === member.id)).toBe(false);
    const list = await as("GET", "/api/operation/admin_list");
    const row = list.data.find((o: { loginId: string }) => o.loginId === "subadmin7");
    expect(row).toMatchObject({ permission: 1, relatedAccount: { id: member.id } });
    const detail = await as("POST", "/api/operation/admin_detail", { id: row.id });
    expect(detail.data.accountManage).toEqual([true, false, true, true]);
    expect(detail.data.boardManage).toEqual([true, true, true, true, true]);

    const sub = await s.loginOperator("subadmin7", "subadmin7pw");
    expect((await op(sub)("GET", "/api/operation/allUserList")).code).toBe(200);
    expect((await op(sub)("POST", "/api/operation/changeState", { id: 1, state: "repair" })).code).toBe(403);
    // A sub admin cannot hand out rights it lacks.
    const grant = await op(sub)("POST", "/api/operation/create", {
      ...body,
      id: "subsub01",
      account_id: connect.data[connect.data.length - 1].id,
      apiKeyManage: [true],
    });
    expect(grant).toMatchObject({ code: 403, message: Msg.adminGrantBeyondOwn });

    expect((await as("DELETE", `/api/operation/admin_delete/${row.id}`)).code).toBe(200);
    expect((await op(sub)("GET", "/api/operation/allUserList")).code).toBe(401);
    expect((await as("DELETE", `/api/operation/admin_delete/${row.id}`)).message).toBe(Msg.adminDeleteFailed);
    const log = await as("GET", "/api/operation/actions");
    expect(log.data.list.map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining(["operator.create", "operator.delete", "member.state"]),
    );
  });

  it("shows the API key once, then its prefix; the partner API takes only the current key", async () => {
    const as = op(admin);
    expect((await as("GET", "/api/operation/apikey")).data).toEqual({ apiKey: null, prefix: null, createdAt: null });
    const made = await as("POST", "/api/operation/apikey");
    expect(made.data.apiKey).toMatch(/^krwv_/);
    const shown = await as("GET", "/api/operation/apikey");
    expect(shown.data).toMatchObject({ apiKey: null, prefix: made.data.apiKey.slice(0, 11) });
    const partner = (key?: string, path = "/api/partner/payments?since=2000-01-01T00:00:00Z") =>
      s.call("GET", path, { headers: key ? { "x-api-key": key } : {} });
    const pay = await partner(made.data.apiKey);
    expect(pay.code).toBe(200);
    expect(Array.isArray(pay.data.payments)).toBe(true);
    expect((await partner()).code).toBe(401);
    const again = await as("POST", "/api/operation/apikey");
    expect((await partner(made.data.apiKey)).code).toBe(401);
    expect((await partner(again.data.apiKey)).code).toBe(200);
    expect((await partner(again.data.apiKey, `/api/partner/payments/0x${"ab".repeat(32)}`)).code).toBe(404);
  });

  it("records sale approvals with their tx hash and cancellations in the audit log", async () => {
    const m = DEMO.members[0];
    const token = await s.loginUser(m.phonenumber, m.password);
    const a = await s.call("POST", "/api/buy/charge", { token, body: { value: 10000, password: m.password } });
    const b = await s.call("POST", "/api/buy/charge", { token, body: { value: 5000, password: m.password } });
    const accepted = await op(admin)("POST", "/api/sale/accept", { id: a.data.id });
    expect(accepted.code).toBe(200);
    expect((await op(admin)("DELETE", `/api/sale/delete/${b.data.id}`)).code).toBe(200);
    const log = (await op(admin)("GET", "/api/operation/actions?perPage=100")).data.list;
    // Written in the approval's own transaction, before the transfer is sent: it names the outbox transfer,
    // whose tx hash the dashboard shows.
    const acceptedRow = log.find((x: { action: string }) => x.action === "sale.accept");
    expect(acceptedRow).toMatchObject({ targetId: String(a.data.id), after: { state: "confirmed" } });
    expect((await s.ctx.outbox.get(acceptedRow.after.transferId))?.tx_hash).toBe(accepted.data.txHash);
    expect(log.find((x: { action: string }) => x.action === "sale.delete")).toMatchObject({
      targetId: String(b.data.id),
      after: "cancelled",
    });
  });

  it("answers bad input with a 4xx and a Korean message, never a 5xx", async () => {
    const as = op(admin);
    const bad: [string, string, unknown?][] = [
      ["GET", "/api/operation/userInfo/abc"],
      ["GET", "/api/operation/userInfo/99999999"],
      ["GET", "/api/operation/allUserList?page=-1"],
      ["GET", `/api/operation/allUserList?keyword=${"가".repeat(200)}`],
      ["GET", "/api/operation/allUserList?state=zzz"],
      ["GET", "/api/operation/allUserList?keyword=%25_%5C"],
      ["POST", "/api/operation/changePermission", { id: "1", permission: "manager" }],
      ["POST", "/api/operation/create", { account_id: "x", id: "abcdef", password: "12345678" }],
      ["POST", "/api/operation/create", { account_id: 999999, id: "abcdefg", password: "12345678" }],
      ["POST", "/api/operation/admin_detail", { id: "x" }],
      ["DELETE", "/api/operation/admin_delete/abc"],
      ["GET", "/api/operation/actions?from=2020-01-01&to=2020-12-31"],
      ["GET", "/api/operation/actions?from=2026-13-45"],
      ["POST", "/api/notify/all", { tablehandler: { page: "x" } }],
      ["POST", "/api/notify/all", "not json"],
    ];
    for (const [method, path, body] of bad) {
      const r = await as(method, path, body);
      if (path.includes("%25_")) {
        expect(r.code, path).toBe(200);
        continue;
      }
      expect(r.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(r.status, `${method} ${path}`).toBeLessThan(500);
      expect(r.message, `${method} ${path}`).toMatch(/[가-힣]/);
    }
    expect((await as("GET", "/api/operation/actions?from=2020-01-01&to=2020-12-31")).message).toBe(Msg.dateRangeTooLong);
    const partner = await s.call("GET", "/api/partner/payments?since=garbage", { headers: { "x-api-key": "krwv_nope_nope_nope" } });
    expect(partner.code).toBe(401);
  });

  it("lists notifications paged, only of the areas the operator covers", async () => {
    await s.ctx.notifier.notify("입금", "입금 요청 1");
    await s.ctx.notifier.notify("문의", "문의 1");
    const all = await op(admin)("POST", "/api/notify/all", { tablehandler: { page: 1, perPage: 10 } });
    expect(all.data.list.map((n: { category: string }) => n.category)).toEqual(expect.arrayContaining(["입금", "문의"]));
    expect((await op(admin)("POST", "/api/notify/all", { tablehandler: { perPage: 7 } })).code).toBe(400);
  });
});
