import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { browserSuite } from "./stack";
import { expectNoA11yViolations } from "./axe";
import { pageReady, routeTo } from "./ready";
import { expectFocusTrapped, expectFocusVisible, focusedTestId, tabTo } from "./keyboard";
import { MINJUN, SHOP, walletOf } from "./helpers-money";
import type { TestStack } from "../server/test/harness";

/** Every back-office screen, as admin/src/screens.ts declares them (checked below). */
const SCREENS = [
  "main",
  "dashboard",
  "proposals",
  "proposals/:id",
  "notify",
  "dashboard/detail/:address",
  "month-end",
  "safeguarding",
  "dashboard/holder",
  "account",
  "messages",
  "validity",
  "account/create",
  "account/adminlist",
  "account/actions",
  "account/access-log",
  "sale/sell",
  "sale/deposits",
  "sale/use",
  "sale/gift",
  "refund",
  "calc/management",
  "calc/request",
  "calc/status",
  "calc/wallet",
  "merchants",
  "merchant",
  "board/inquiry",
  "board/faq",
  "board/notice",
  "board/event",
  "policy/clause",
  "policy/personal",
  "policy/giftcard",
  "changes",
  "token/management",
  "token/fee",
  "token/roles",
  "address/bank",
  "address/wallet",
  "key",
  "security",
];

/** Back-office, WCAG 2.1 AA by axe on every screen at 360 and 1280 px, its dialogs and errors; a keyboard-only approval. */
describe("accessibility of the back-office (axe, keyboard)", () => {
  const suite = browserSuite();
  let s: TestStack;
  let minjun: string;
  beforeAll(async () => {
    s = suite.stack();
    minjun = await walletOf(s, MINJUN.phone);
    // A settlement waiting for approval: a member pays the shop, the shop asks to settle part of it.
    const member = await s.loginUser(MINJUN.phone, MINJUN.password);
    const shopAddr = await walletOf(s, SHOP.phone);
    const use = await s.call("POST", "/api/use/trade/address", {
      token: member,
      body: { opponentAddress: shopAddr, kind: 0, type: 0, value: 3_000, password: MINJUN.password },
    });
    expect(use.code).toBe(200);
    await s.waitIndexed();
    const shop = await s.loginOperator("shop01", "shop1234");
    const req = await s.call("POST", "/api/calc/request/exchange", {
      token: shop,
      marker: "operation",
      body: { address: shopAddr, value: 2_000, password: SHOP.password },
    });
    expect(req.code).toBe(200);
  });

  it("the list above is admin/src/screens.ts's", () => {
    const source = fs.readFileSync(path.resolve(__dirname, "../admin/src/screens.ts"), "utf8");
    expect([...source.matchAll(/path: "([^"]+)"/g)].map((m) => m[1])).toEqual(SCREENS);
  });

  for (const width of [360, 1280]) {
    it(`every screen at ${width} px, and the login with its error`, { timeout: 400_000 }, async () => {
      const login = await suite.newPage({ width });
      await login.goto(`${s.url}/admin/login`);
      await pageReady(login);
      await expectNoA11yViolations(login, `login, ${width} px`);
      await login.getByTestId("admin-login-id").fill("admin");
      await login.getByTestId("admin-login-password").fill("wrong-password");
      await login.getByTestId("admin-login-submit").click();
      await login.getByTestId("admin-login-error").waitFor();
      await expectNoA11yViolations(login, `login error, ${width} px`);

      // One document: the screens are opened through the app's router (routeTo) from the main page the login lands on.
      const page = await suite.adminPage("admin", "admin1234", { width });
      for (const screen of SCREENS) {
        // A proposal's page is checked at the first one (made by the tests' setup, or its not-found state).
        await routeTo(page, `/admin/${screen.replace(":address", minjun).replace(":id", "1")}`);
        await expectNoA11yViolations(page, `/admin/${screen}, ${width} px`);
      }
    });
  }

  it("states at 1280 px: an empty search, a detail, a form with its errors, the create forms, the notifications", async () => {
    const page = await suite.adminPage();
    await page.goto(`${s.url}/admin/account`);
    await page.getByTestId("members-table-row").first().waitFor();
    await page.getByTestId("members-table-row").first().click();
    await page.getByRole("dialog").waitFor();
    await pageReady(page);
    await expectNoA11yViolations(page, "member detail dialog");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "hidden" });

    await page.getByTestId("members-search-input").fill("없는회원zz");
    await page.getByTestId("members-search-submit").click();
    await expect.poll(() => page.getByTestId("members-table-row").count()).toBe(0);
    await pageReady(page);
    await expectNoA11yViolations(page, "members, nothing found");

    await page.goto(`${s.url}/admin/board/notice`);
    await page.getByTestId("board-write").click();
    await page.getByTestId("board-form-submit").click();
    await page.getByTestId("board-form-title-error").waitFor();
    await expectNoA11yViolations(page, "notice form with a required-field error");

    await page.goto(`${s.url}/admin/account/create`);
    await page.getByTestId("operator-submit").click();
    await page.getByTestId("operator-id-error").waitFor();
    await expectNoA11yViolations(page, "operator create form with errors");

    await page.goto(`${s.url}/admin/address/bank`);
    await page.getByTestId("bank-add").click();
    await page.getByRole("dialog").waitFor();
    await expectNoA11yViolations(page, "deposit account form dialog");
    await page.keyboard.press("Escape");

    await page.goto(`${s.url}/admin/address/wallet`);
    await page.getByTestId("wallet-create-open").click();
    await page.getByRole("dialog").waitFor();
    await expectNoA11yViolations(page, "operator wallet form dialog");
  });

  it("an operator approves a settlement with the keyboard only: row, detail, confirm (trapped focus), snackbar", async () => {
    const page = await suite.adminPage();
    await page.goto(`${s.url}/admin/calc/management`);
    const row = page.getByTestId("calc-table-row").filter({ hasText: "승인 대기" }).first();
    await row.waitFor();
    await pageReady(page);
    await expectNoA11yViolations(page, "settlement management with a pending order");
    const header = page.getByTestId("calc-table").locator("th[aria-sort]");
    expect(await header.count()).toBe(1);
    expect(await page.getByTestId("calc-table").locator("caption").textContent()).toBe("정산 관리");

    // From the top of the page: the tabs, the filters, then the first row.
    await page.getByTestId("admin-page-title").click();
    await tabTo(page, "calc-table-row", { max: 60 });
    await expectFocusVisible(page, "a table row");
    await page.keyboard.press("Enter");
    const detail = page.getByRole("dialog");
    await detail.waitFor();
    await expectNoA11yViolations(page, "settlement detail dialog");
    await tabTo(page, "calc-detail-approve");
    await expectFocusVisible(page, "the approve button");
    await page.keyboard.press("Enter");
    await page.getByTestId("calc-approve-confirm-ok").waitFor();
    await expectNoA11yViolations(page, "approve confirm dialog");
    const confirmDialog = await page.evaluate(
      () =>
        document
          .querySelector('[data-testid="calc-approve-confirm-ok"]')
          ?.closest("[role=alertdialog],[role=dialog]")
          ?.getAttribute("role") ?? "",
    );
    expect(confirmDialog).toBe("alertdialog");
    await expectFocusTrapped(page, "[role=alertdialog]");
    await tabTo(page, "calc-approve-confirm-ok");
    await page.keyboard.press("Enter");
    const snack = page.getByTestId("admin-snackbar").first();
    await snack.waitFor();
    expect(await snack.getAttribute("role")).toBe("status");
    await expect.poll(() => row.count()).toBe(0);
    await expectNoA11yViolations(page, "settlement approved, snackbar shown");
    // The detail is still open on the approved order; Escape closes it and the focus goes back to the table.
    await page.keyboard.press("Escape");
    await expect.poll(() => focusedTestId(page)).toMatch(/^calc-table/);
  });
});
