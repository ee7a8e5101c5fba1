import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import ExcelJS from "exceljs";
import { shot } from "./browser";
import { browserSuite, exportWithReason } from "./stack";
import { MINJUN, SEOYEON, walletOf, won } from "./helpers-money";
import type { TestStack } from "../server/test/harness";
import { Msg } from "../domain/messages";

const snack = (page: Page, message: string) => page.getByTestId("admin-snackbar").filter({ hasText: message }).first().waitFor();
/** A table's column headers, without the sort mark. */
const headers = async (page: Page, table: string) =>
  (await page.getByTestId(table).locator("thead th").allTextContents()).map((t) => t.replace(/ [▼▲]$/, ""));
const rowTexts = (page: Page, table: string) => page.getByTestId(`${table}-row`).allTextContents();
const search = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/** Column choice (표시 항목) and saved views (저장된 보기) on the big lists: the file follows the columns, a view puts a list back. */
describe("list columns and saved views in Chromium", () => {
  const suite = browserSuite();
  let s: TestStack;

  beforeAll(async () => {
    s = suite.stack();
    // A gift, so the dashboard's gift filter has a row.
    const minjun = await s.loginUser(MINJUN.phone, MINJUN.password);
    const body = { opponentAddress: await walletOf(s, SEOYEON.phone), kind: 0, type: 1, value: 1_700, password: MINJUN.password };
    expect((await s.call("POST", "/api/gift/trade/address", { token: minjun, body })).code).toBe(200);
    await s.waitIndexed();
  });

  it("members: hides one column and shows another; the file has exactly the columns on screen, and a reload keeps them", async () => {
    const page = await suite.adminPage();
    await page.goto(`${s.url}/admin/account`);
    await page.getByTestId("members-table-row").first().waitFor();
    expect(await headers(page, "members-table")).toEqual(["번호", "이름", "휴대폰 번호", "등급", "상태", "보유 금액", "가입일"]);

    await page.getByTestId("members-columns").click();
    await page.getByTestId("members-columns-phonenumber").click();
    await page.getByTestId("members-columns-email").click();
    await shot(page, "list-views-members-menu");
    await page.keyboard.press("Escape");
    const shown = ["번호", "이름", "등급", "상태", "보유 금액", "이메일", "가입일"];
    await expect.poll(() => headers(page, "members-table")).toEqual(shown);
    await shot(page, "list-views-members-columns");

    const [download] = await Promise.all([page.waitForEvent("download"), exportWithReason(page, "members-excel")]);
    expect(download.suggestedFilename()).toBe("회원정보.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await download.path())!);
    expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(shown);

    await page.reload();
    await page.getByTestId("members-table-row").first().waitFor();
    expect(await headers(page, "members-table")).toEqual(shown);
    // Back to the default columns.
    await page.getByTestId("members-columns").click();
    await page.getByTestId("members-columns-reset").click();
    await page.keyboard.press("Escape");
    await expect.poll(() => headers(page, "members-table")).toEqual(["번호", "이름", "휴대폰 번호", "등급", "상태", "보유 금액", "가입일"]);
  });

  it("dashboard: saves a filter as a view, clears it, applies the view (one URL write): URL, columns and rows as saved, also after a reload", async () => {
    const page = await suite.adminPage();
    await page.goto(`${s.url}/admin/dashboard`);
    const rows = page.getByTestId("dashboard-table-row");
    await rows.first().waitFor();
    await page.getByTestId("dashboard-type").selectOption("gift");
    await page.getByTestId("dashboard-table-per-page").selectOption("25");
    await expect.poll(() => search(page)).toEqual({ type: "gift", perPage: "25" });
    await page.getByTestId("dashboard-columns").click();
    await page.getByTestId("dashboard-columns-block").click();
    await page.keyboard.press("Escape");
    await expect.poll(() => headers(page, "dashboard-table")).not.toContain("블록");
    await expect.poll(async () => (await rowTexts(page, "dashboard-table")).every((t) => t.includes("선물"))).toBe(true);
    const savedRows = await rowTexts(page, "dashboard-table");
    const savedHeaders = await headers(page, "dashboard-table");
    expect(savedRows.some((t) => t.includes(won(1_700)))).toBe(true);

    await page.getByTestId("dashboard-views").click();
    await page.getByTestId("dashboard-views-save").click();
    await page.getByTestId("dashboard-views-form-name").fill("선물만");
    await page.getByTestId("dashboard-views-form-submit").click();
    await snack(page, Msg.savedViewSaved);

    // Cleared: every type, the default page size and columns.
    await page.goto(`${s.url}/admin/dashboard`);
    // Under load the menu may be clicked before the page answers: wait for the table, then for the menu's item.
    await page.getByTestId("dashboard-table").waitFor();
    await page.getByTestId("dashboard-columns").click();
    await page.getByTestId("dashboard-columns-reset").waitFor();
    await page.getByTestId("dashboard-columns-reset").click();
    await page.keyboard.press("Escape");
    await expect.poll(() => headers(page, "dashboard-table"), { timeout: 15_000 }).toContain("블록");
    await expect.poll(async () => (await rowTexts(page, "dashboard-table")).some((t) => !t.includes("선물"))).toBe(true);

    const before = await page.evaluate(() => history.length);
    await page.getByTestId("dashboard-views").click();
    await page.getByTestId("dashboard-views-item").filter({ hasText: "선물만" }).waitFor();
    await shot(page, "list-views-dashboard-menu");
    await page.getByTestId("dashboard-views-item").filter({ hasText: "선물만" }).click();
    await expect.poll(() => search(page)).toEqual({ type: "gift", perPage: "25" });
    expect(await page.evaluate(() => history.length)).toBe(before + 1);
    await expect.poll(() => page.getByTestId("dashboard-type").inputValue()).toBe("gift");
    await expect.poll(() => headers(page, "dashboard-table")).toEqual(savedHeaders);
    await expect.poll(() => rowTexts(page, "dashboard-table")).toEqual(savedRows);
    await shot(page, "list-views-dashboard-applied");

    await page.reload();
    await rows.first().waitFor();
    expect(search(page)).toEqual({ type: "gift", perPage: "25" });
    expect(await headers(page, "dashboard-table")).toEqual(savedHeaders);
    await expect.poll(() => rowTexts(page, "dashboard-table")).toEqual(savedRows);

    // Kept on the server for its owner; deleting it asks first.
    expect(
      (await s.call("GET", "/api/saved-views?list=dashboard", { token: await s.loginOperator("admin", "admin1234"), marker: "operation" }))
        .data,
    ).toHaveLength(1);
    await page.getByTestId("dashboard-views").click();
    await page.getByTestId("dashboard-views-delete").first().click();
    await page.getByTestId("dashboard-views-confirm-ok").click();
    await snack(page, Msg.savedViewDeleted);
    await page.getByTestId("dashboard-views").click();
    await page.getByTestId("dashboard-views-empty").waitFor();
  });
});
