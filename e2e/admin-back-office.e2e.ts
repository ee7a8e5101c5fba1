import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import ExcelJS from "exceljs";
import { shot } from "./browser";
import { browserSuite, exportWithReason } from "./stack";
import { MINJUN, SEOYEON } from "./helpers-money";
import type { TestStack } from "../server/test/harness";
import { Msg } from "../domain/messages";

const snack = (page: Page, message: string) => page.getByTestId("admin-snackbar").filter({ hasText: message }).first().waitFor();

describe("back-office screens in Chromium", () => {
  const suite = browserSuite();
  let s: TestStack;
  beforeAll(() => {
    s = suite.stack();
  });

  it("members: search → detail → suspend; the member's token stops and the web app says why", async () => {
    const member = await s.loginUser(SEOYEON.phone, SEOYEON.password);
    const page = await suite.adminPage();
    await page.getByTestId("admin-menu-account").click();
    await page.getByTestId("members-table-row").first().waitFor();
    await page.getByTestId("members-search-input").fill(SEOYEON.phone);
    await page.getByTestId("members-search-submit").click();
    await expect.poll(() => page.getByTestId("members-table-row").count()).toBe(1);
    expect(page.url()).toContain(`keyword=${SEOYEON.phone}`);
    // The member file of this search, as a Blob download with the server's Korean file name.
    const [download] = await Promise.all([page.waitForEvent("download"), exportWithReason(page, "members-excel")]);
    expect(download.suggestedFilename()).toBe("회원정보.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await download.path())!);
    expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1, 3)).toEqual(["번호", "이름"]);
    expect(wb.worksheets[0].actualRowCount).toBe(2);
    expect(wb.worksheets[0].getRow(2).getCell(3).value).toBe(SEOYEON.phone);
    // By keyboard: the row takes focus and Enter opens its detail.
    await page.getByTestId("members-table-row").first().focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("member-detail-username").textContent()).toBe(SEOYEON.name);
    await page.getByTestId("member-state-select").selectOption("suspension");
    await page.getByTestId("member-state-change").click();
    await page.getByTestId("member-change-confirm-ok").click();
    await snack(page, Msg.memberStateChanged);
    await expect.poll(() => page.getByTestId("member-detail-state").textContent()).toBe("정지");
    await page.getByTestId("member-actions-row").first().waitFor();
    // The change in the screens' words, not the stored values.
    expect(await page.getByTestId("member-actions-row").first().textContent()).toContain("정상 → 정지");
    await shot(page, "admin-member-detail");

    // At once: the member's token is refused, and logging in says the account is suspended.
    const r = await s.call("GET", "/api/buy", { token: member });
    expect(r.code).toBe(403);
    const web = await suite.newPage();
    await web.goto(`${s.url}/login`);
    await web.getByTestId("login-phone").fill(SEOYEON.phone);
    await web.getByTestId("login-password").fill(SEOYEON.password);
    await web.getByTestId("login-submit").click();
    await web.getByText(Msg.accountSuspended).first().waitFor();
    await web.close();
    await page.close();
    // Leave the member as found (the next tests link members to operators).
    const admin = await s.loginOperator("admin", "admin1234");
    const id: number = (await s.call("GET", `/api/operation/allUserList?keyword=${SEOYEON.phone}`, { token: admin, marker: "operation" }))
      .data.list[0].id;
    expect(
      (await s.call("POST", "/api/operation/changeState", { token: admin, marker: "operation", body: { id, state: "repair" } })).code,
    ).toBe(200);
  });

  it("operators: create a sub admin from a preset → it logs in → menu and server agree; deletion stops it at once", async () => {
    const page = await suite.adminPage();
    await page.goto(`${s.url}/admin/account/create`);
    // Spec §5 messages, from the shared schema.
    await page.getByTestId("operator-id").fill("ab");
    await page.getByTestId("operator-password").fill("short");
    await page.getByTestId("operator-submit").click();
    await expect.poll(() => page.getByTestId("operator-id-error").textContent()).toBe(Msg.adminIdMin);
    await expect.poll(() => page.getByTestId("operator-password-error").textContent()).toBe(Msg.adminPasswordMin);

    await page.getByTestId("operator-member").locator("option").nth(1).waitFor({ state: "attached" });
    await page.getByTestId("operator-member").selectOption({ index: 1 });
    await page.getByTestId("operator-id").fill("subadmin1");
    await page.getByTestId("operator-password").fill("subadmin1234");
    await page.getByTestId("operator-preset-subAdmin").click();
    expect(await page.getByTestId("perm-isAccount4").getAttribute("data-state")).toBe("checked");
    expect(await page.getByTestId("perm-isSale1").getAttribute("data-state")).toBe("unchecked");
    await page.getByTestId("operator-submit").click();
    await snack(page, Msg.adminCreated);
    // The same id again: 400 '아이디가 존재합니다'.
    await page.getByTestId("operator-member").selectOption({ index: 1 });
    await page.getByTestId("operator-id").fill("subadmin1");
    await page.getByTestId("operator-password").fill("subadmin1234");
    await page.getByTestId("operator-submit").click();
    await snack(page, Msg.adminExists);

    const sub = await suite.adminPage("subadmin1", "subadmin1234");
    const enabled = async (testId: string) => sub.getByTestId(testId).getAttribute("data-enabled");
    expect(await enabled("admin-menu-account")).toBe("true");
    expect(await enabled("admin-menu-account-create")).toBe("true");
    expect(await enabled("admin-menu-board-inquiry")).toBe("true");
    expect(await enabled("admin-menu-calc-status")).toBe("true");
    expect(await enabled("admin-menu-sale-sell")).toBe("false");
    expect(await enabled("admin-menu-key")).toBe("false");
    expect(await enabled("admin-menu-account-actions")).toBe("false");
    await shot(sub, "admin-subadmin-menu");
    // It may create operators, but hand out only the rights it holds.
    await sub.getByTestId("admin-menu-account-create").click();
    await sub.getByTestId("perm-isAccount1").waitFor();
    expect(await sub.getByTestId("perm-isApiKey1").getAttribute("data-disabled")).not.toBeNull();
    expect(await sub.getByTestId("perm-isAccount1").getAttribute("data-disabled")).toBeNull();
    await sub.getByTestId("operator-preset-admin").click();
    expect(await sub.getByTestId("perm-isAccount1").getAttribute("data-state")).toBe("checked");
    expect(await sub.getByTestId("perm-isSale1").getAttribute("data-state")).toBe("unchecked");
    const subToken = await s.loginOperator("subadmin1", "subadmin1234");
    const op = (method: string, path: string, body?: unknown) => s.call(method, path, { token: subToken, marker: "operation", body });
    expect((await op("GET", "/api/operation/allUserList")).code).toBe(200);
    expect((await op("GET", "/api/operation/toolbar")).code).toBe(403);
    expect((await op("GET", "/api/operation/apikey")).code).toBe(403);
    expect((await op("POST", "/api/operation/changeState", { id: 1, state: "repair" })).code).toBe(403);

    // Delete it from the admin list: its token (and its page) stop at once.
    await page.goto(`${s.url}/admin/account/adminlist`);
    await page.getByTestId("operators-row").filter({ hasText: "subadmin1" }).click();
    await expect.poll(() => page.getByTestId("operator-detail-login").textContent()).toBe("subadmin1");
    await page.getByTestId("operator-delete").click();
    await page.getByTestId("operator-delete-confirm-ok").click();
    await snack(page, Msg.adminDeleteDone);
    expect((await op("GET", "/api/operation/allUserList")).code).toBe(401);
    await sub.getByTestId("admin-menu-account").click();
    await sub.waitForURL(/\/admin\/login$/);
    await sub.close();
    await page.close();
  });

  it("notifications: a deposit request arrives live; the row click opens the order on sales", async () => {
    const page = await suite.adminPage();
    await page.goto(`${s.url}/admin/notify`);
    await page.getByTestId("notify-table").waitFor();
    const member = await s.loginUser(MINJUN.phone, MINJUN.password);
    const buy = await s.call("POST", "/api/buy/charge", { token: member, body: { value: 10000, password: MINJUN.password } });
    expect(buy.code).toBe(200);
    await page.getByTestId("admin-notify-dialog").waitFor();
    expect(await page.getByTestId("admin-notify-kind").textContent()).toBe("입금");
    await page.getByTestId("admin-notify-close").click();
    // The open list shows the new row without a reload.
    await page.getByTestId("notify-table-row").first().waitFor();
    expect(await page.getByTestId("notify-table-row").first().textContent()).toContain("10,000");
    await shot(page, "admin-notify");
    await page.getByTestId("notify-table-row").first().click();
    await page.waitForURL(`${s.url}/admin/sale/sell?sale=${buy.data.id}`);
    await expect.poll(() => page.getByTestId("sale-detail").textContent()).toContain(buy.data.orderNo);
    await page.close();
  });

  it("API key: shown once, then masked; the partner API answers with it and refuses without it", async () => {
    const page = await suite.adminPage();
    await page.goto(`${s.url}/admin/key`);
    await page.getByTestId("apikey-none").waitFor();
    await page.getByTestId("apikey-create").click();
    await page.getByTestId("apikey-confirm-ok").click();
    const key = (await page.getByTestId("apikey-full").textContent())!;
    expect(key).toMatch(/^krwv_[A-Za-z0-9_-]{43}$/);
    await page.reload();
    const masked = (await page.getByTestId("apikey-masked").textContent())!;
    expect(masked.startsWith(key.slice(0, 11))).toBe(true);
    expect(masked).not.toContain(key.slice(11));
    expect(await page.getByTestId("apikey-full").count()).toBe(0);
    await shot(page, "admin-apikey");

    expect((await s.call("GET", "/api/partner/payments", { headers: { "x-api-key": key } })).code).toBe(200);
    expect((await s.call("GET", "/api/partner/payments")).code).toBe(401);
    expect((await s.call("GET", "/api/partner/payments", { headers: { "x-api-key": `${key}x` } })).code).toBe(401);
    await page.close();
  });

  it("audit log: the actions of the tests above, a date range over 3 months is refused in place", async () => {
    const page = await suite.adminPage();
    await page.getByTestId("admin-menu-account-actions").click();
    await page.getByTestId("audit-table-row").first().waitFor();
    expect(await page.getByTestId("audit-table").textContent()).toContain("관리자 계정 삭제");
    await page.getByTestId("audit-range-from").fill("2020-01-01");
    await page.getByTestId("audit-range-apply").click();
    expect(await page.getByTestId("audit-range-error").textContent()).toBe(Msg.dateRangeTooLong);
    expect(page.url()).not.toContain("from=2020-01-01");
    await page.getByTestId("audit-table-per-page").selectOption("25");
    await page.waitForURL(/perPage=25/);
    await shot(page, "admin-audit");
    await page.close();
  });

  it("a shop owner (permission 3) lands on settlement request; the main pages send it back", async () => {
    const page = await suite.adminPage("shop01", "shop1234", { landing: /\/admin\/calc\/request$/ });
    expect(await page.getByTestId("admin-menu-main").getAttribute("data-enabled")).toBe("false");
    expect(await page.getByTestId("admin-menu-calc-request").getAttribute("data-enabled")).toBe("true");
    await page.goto(`${s.url}/admin/account`);
    await page.waitForURL(/\/admin\/calc\/request$/);
    await page.goto(`${s.url}/admin/calc/status`);
    await page.waitForURL(/\/admin\/calc\/request$/);
    await page.close();
  });
});
