import { describeFilter } from "../../../domain/access-log-text";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { sql } from "kysely";
import { startTestStack, type TestStack } from "../../test/harness";
import { insertOperator } from "../../test/operators";
import { DEMO } from "../../seed";
import { Msg } from "../../../domain/messages";
import { OperatorPermission } from "../../../domain/constants";
import { REASON_HEADER, REASON_TEXT_HEADER } from "../../../domain/access-log";

describe("personal-data access log", () => {
  let s: TestStack;
  let admin: string;
  let sub: string;
  let subUnmask: string;
  const op = (token: string) => (method: string, path: string, body?: unknown) =>
    s.call(method, path, { token, marker: "operation", body });
  const lastRows = (n = 1) => s.ctx.db.selectFrom("access_log").selectAll().orderBy("id", "desc").limit(n).execute();
  const download = (token: string, path: string, headers: Record<string, string> = {}) =>
    fetch(`${s.url}${path}`, { headers: { authorization: `Bearer ${token}`, "cookie-type": "operation", ...headers } });
  const sheetOf = async (res: Response) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    return wb.worksheets[0];
  };

  beforeAll(async () => {
    s = await startTestStack();
    admin = await s.loginOperator("admin", "admin1234");
    await insertOperator(s.ctx, "viewer1", OperatorPermission.SUB, { isAccount1: true });
    await insertOperator(s.ctx, "viewer2", OperatorPermission.SUB, { isAccount1: true, isPrivacy1: true });
    sub = await s.loginOperator("viewer1", "operator1234");
    subUnmask = await s.loginOperator("viewer2", "operator1234");
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("records a member list read: operator, screen, endpoint, filter, row count and address", async () => {
    const r = await op(admin)("GET", "/api/operation/allUserList?perPage=10&state=repair");
    expect(r.code).toBe(200);
    const [row] = await lastRows();
    expect(row).toMatchObject({
      admin_login_id: "admin",
      action: "read",
      screen: "회원 관리",
      endpoint: "GET /api/operation/allUserList",
      row_count: r.data.list.length,
      reason: null,
    });
    expect(r.data.list.length).toBeGreaterThan(0);
    expect(JSON.parse(row.filter_json).query).toMatchObject({ perPage: 10, state: "repair" });
    expect(row.ip).toMatch(/127\.0\.0\.1|::1/);
    // A detail is shown whole and recorded as one record.
    const id = r.data.list[0].id;
    const detail = await op(sub)("GET", `/api/operation/userInfo/${id}`);
    expect(detail.data.member.phonenumber).toMatch(/^\d{11}$/);
    expect((await lastRows())[0]).toMatchObject({ admin_login_id: "viewer1", screen: "회원 상세", row_count: 1 });
  });

  it("masks phone numbers in lists unless the operator holds isPrivacy1 (permission 0 holds it)", async () => {
    const m = DEMO.members[0];
    const masked = `${m.phonenumber.slice(0, 3)}-****-${m.phonenumber.slice(-4)}`;
    const list = async (token: string) =>
      (await op(token)("GET", `/api/operation/allUserList?keyword=${m.phonenumber}`)).data.list[0].phonenumber;
    expect(await list(sub)).toBe(masked);
    expect(await list(subUnmask)).toBe(m.phonenumber);
    expect(await list(admin)).toBe(m.phonenumber);
    // The file too.
    const phones = async (token: string) => {
      const sheet = await sheetOf(
        await download(token, `/api/operation/allUserList/download?keyword=${m.phonenumber}`, { [REASON_HEADER]: "inquiry" }),
      );
      return sheet.getRow(2).getCell(3).value;
    };
    expect(await phones(sub)).toBe(masked);
    expect(await phones(subUnmask)).toBe(m.phonenumber);
  });

  it("refuses a download without a reason (400) and records one with its reason and rows", async () => {
    const before = (await lastRows())[0].id;
    const none = await download(admin, "/api/operation/allUserList/download");
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ code: 400, message: Msg.downloadReasonRequired });
    expect((await download(admin, "/api/operation/allUserList/download", { [REASON_HEADER]: "nope" })).status).toBe(400);
    const other = await download(admin, "/api/operation/allUserList/download", { [REASON_HEADER]: "other" });
    expect(await other.json()).toMatchObject({ code: 400, message: Msg.downloadReasonTextRequired });
    expect((await lastRows())[0].id).toBe(before);

    const ok = await download(admin, "/api/operation/allUserList/download?state=repair", {
      [REASON_HEADER]: "other",
      [REASON_TEXT_HEADER]: encodeURIComponent("개인정보 열람 요구 대응"),
    });
    expect(ok.status).toBe(200);
    const sheet = await sheetOf(ok);
    const [row] = await lastRows();
    expect(row).toMatchObject({
      admin_login_id: "admin",
      action: "download",
      screen: "회원 관리",
      endpoint: "GET /api/operation/allUserList/download",
      reason: "other",
      reason_text: "개인정보 열람 요구 대응",
      row_count: sheet.actualRowCount - 1,
    });
    expect(JSON.parse(row.filter_json).query).toMatchObject({ state: "repair" });
  });

  it("keeps the log append-only: the store refuses UPDATE and DELETE", async () => {
    const [row] = await lastRows();
    await expect(s.ctx.db.updateTable("access_log").set({ row_count: 0 }).where("id", "=", row.id).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(s.ctx.db.deleteFrom("access_log").where("id", "=", row.id).execute()).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM access_log`.execute(s.ctx.db)).rejects.toThrow(/append-only/);
    if (s.databaseUrl) await expect(sql`TRUNCATE access_log`.execute(s.ctx.db)).rejects.toThrow(/append-only/);
    expect((await lastRows())[0]).toEqual(row);
  });

  it("lets only permission 0 read the log, by operator, screen and date; its own download is logged", async () => {
    expect((await op(sub)("GET", "/api/operation/access-log")).status).toBe(403);
    expect((await op(subUnmask)("GET", "/api/operation/access-log")).status).toBe(403);
    const mine = await op(admin)("GET", "/api/operation/access-log?adminLoginId=viewer1&perPage=50");
    expect(mine.code).toBe(200);
    expect(mine.data.list.length).toBeGreaterThan(0);
    expect(mine.data.list.every((r: { adminLoginId: string }) => r.adminLoginId === "viewer1")).toBe(true);
    const downloads = await op(admin)(`GET`, `/api/operation/access-log?screen=${encodeURIComponent("회원 관리")}&perPage=50`);
    expect(downloads.data.list.some((r: { action: string; reason: string }) => r.action === "download" && r.reason === "other")).toBe(true);
    expect((await op(admin)("GET", "/api/operation/access-log?from=2020-01-01&to=2020-01-02")).data.total).toBe(0);

    expect((await download(admin, "/api/operation/access-log/download")).status).toBe(400);
    const file = await download(admin, "/api/operation/access-log/download?adminLoginId=viewer1", { [REASON_HEADER]: "audit" });
    expect(file.status).toBe(200);
    const sheet = await sheetOf(file);
    expect(sheet.getRow(1).getCell(3).value).toBe("관리자");
    expect(sheet.getRow(2).getCell(3).value).toBe("viewer1");
    // The condition reads in Korean, and the recorded JSON stays beside it, complete.
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const said = headers.indexOf("조건") + 1;
    const raw = headers.indexOf("조건 (기록 원문)") + 1;
    expect([said > 0, raw > 0]).toEqual([true, true]);
    const recorded = String(sheet.getRow(2).getCell(raw).value);
    expect(() => JSON.parse(recorded)).not.toThrow();
    expect(String(sheet.getRow(2).getCell(said).value)).toBe(describeFilter(recorded));
    expect(String(sheet.getRow(2).getCell(said).value)).not.toContain("{");
    expect((await lastRows())[0]).toMatchObject({
      screen: "개인정보 접근기록",
      action: "download",
      reason: "audit",
      row_count: sheet.actualRowCount - 1,
    });
  });
});
