import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserSuite, submitMemberLogin } from "./stack";
import { expectNoA11yViolations } from "./axe";
import { pageReady, routeTo } from "./ready";
import { expectFocusTrapped, expectFocusVisible, focusedTestId, tabTo } from "./keyboard";
import { MINJUN, SEOYEON, expectResult, textOf } from "./helpers-money";
import type { TestStack } from "../server/test/harness";
import { ResultPages } from "../domain/state-labels";

/** Routes anyone opens (the guarded ones send a stranger to /login, checked there). */
const OPEN = [
  "/",
  "/login",
  "/signup",
  "/cs/notify",
  "/cs/faq",
  "/cs/event",
  "/policy/clause",
  "/policy/personal",
  "/policy/giftcard",
  `/verify/tx/0x${"ab".repeat(32)}`,
  "/verify-proof",
  "/transparency",
  "/changes",
  "/changes/1",
];
const MINIMAL = ["/mobile_address", "/result?type=6", "/result?type=9", "/password?key_info=unknown", "/no-such-page"];
/** Routes behind the login. */
const MEMBER = [
  "/",
  "/buy",
  "/send/use",
  "/send/gift",
  "/info/detail",
  "/info/history",
  "/info/history?tab=4",
  "/info/refund",
  "/info/close",
  "/info/notifications",
  "/info/receipt/buy/1",
  "/info/address",
  "/cs/inquiry",
  "/scan",
  "/pay/pay_a11yA11yA11yA11y",
];
/** Routes with parameters, and the address each is checked at (a receipt of the demo member's; any transaction hash). */
const PARAMETERISED: Record<string, string> = {
  "/info/receipt/:type/:id": "/info/receipt/buy/1",
  "/verify/tx/:hash": `/verify/tx/0x${"ab".repeat(32)}`,
  // A payment of no shop here: its not-found state (the payable checkout is checked in e2e/merchant-payments.e2e.ts).
  "/pay/:paymentId": "/pay/pay_a11yA11yA11yA11y",
  // No change is posted in the seeded stack: its not-found state (a posted one is walked in e2e/open-books.e2e.ts).
  "/changes/:changeId": "/changes/1",
};

/** Member app, WCAG 2.1 AA by axe on every route at 360 and 1280 px and in the states of the money flows; keyboard walks. */
describe("accessibility of the member app (axe, keyboard)", () => {
  const suite = browserSuite();
  let s: TestStack;
  beforeAll(() => {
    s = suite.stack();
  });

  it("the lists above cover every route of web/src/router.tsx", () => {
    const source = fs.readFileSync(path.resolve(__dirname, "../web/src/router.tsx"), "utf8");
    const declared = [...source.matchAll(/path: "([^"]+)"/g)].map((m) => m[1]).filter((p) => p !== "*");
    const covered = new Set([...[...OPEN, ...MINIMAL, ...MEMBER].map((r) => r.split("?")[0]), ...Object.keys(PARAMETERISED)]);
    expect(declared.filter((p) => !covered.has(p))).toEqual([]);
  });

  /** Logs in through /login at any width (the header's balance is in the drawer at 360 px). */
  async function member(who: { phone: string; password: string }, width: number): Promise<Page> {
    const page = await suite.newPage({ width, height: width < 400 ? 740 : 900 });
    await page.goto(`${s.url}/login`);
    await submitMemberLogin(page, who);
    await page.waitForURL(`${s.url}/`);
    return page;
  }

  for (const width of [360, 1280]) {
    it(`every route at ${width} px, signed out and signed in`, { timeout: 300_000 }, async () => {
      // One document per session: the first route is loaded, the others opened through the app's router (routeTo).
      const page = await suite.newPage({ width, height: width < 400 ? 740 : 900 });
      await page.goto(s.url + OPEN[0]);
      for (const route of [...OPEN, ...MINIMAL]) {
        await routeTo(page, route);
        await expectNoA11yViolations(page, `${route} signed out, ${width} px`);
      }
      const signedIn = await member(MINJUN, width);
      for (const route of MEMBER) {
        await routeTo(signedIn, route);
        await expectNoA11yViolations(signedIn, `${route} signed in, ${width} px`);
      }
    });
  }

  it("states at 360 px: a login error, empty lists, an open FAQ, the logout confirm, the inquiry form, the favourites dialog", async () => {
    const page = await suite.newPage({ width: 360, height: 740 });
    await page.goto(`${s.url}/login`);
    await submitMemberLogin(page, { phone: MINJUN.phone, password: "999999" });
    await page.getByTestId("login-error").waitFor();
    await expectNoA11yViolations(page, "login error dialog");

    const her = await member(SEOYEON, 360);
    for (const tab of [1, 2, 3]) {
      await her.goto(`${s.url}/info/history?tab=${tab}`);
      await pageReady(her);
      await expectNoA11yViolations(her, `history tab ${tab} (${(await textOf(her, "history-empty")) || "rows"})`);
    }
    await her.goto(`${s.url}/cs/faq`);
    await pageReady(her);
    await her.getByTestId("faq-row").first().click();
    await expectNoA11yViolations(her, "FAQ with an answer open");
    await her.goto(`${s.url}/cs/inquiry`);
    await her.getByTestId("inquiry-new").click();
    await her.getByTestId("inquiry-form").waitFor();
    await her.getByTestId("inquiry-submit").click();
    await expectNoA11yViolations(her, "inquiry form after an empty submit");
    await her.goto(`${s.url}/send/gift`);
    await her.getByTestId("send-favorites").click();
    await her.getByTestId("favorites-dialog").waitFor();
    await expectNoA11yViolations(her, "favourites dialog on the gift screen");
    await her.keyboard.press("Escape");
    await her.getByTestId("header-menu-button").click();
    await her.getByTestId("drawer-logout").click();
    await her.getByTestId("logout-dialog").waitFor();
    await expectNoA11yViolations(her, "logout confirm");
  });

  it("buy by keyboard only at 360 px: amount, errors, checks, the password dialog (trapped focus, its rule, a wrong password said inside it)", async () => {
    const page = await member(MINJUN, 360);
    await page.goto(`${s.url}/buy`);
    await page.getByTestId("buy-amount").waitFor();
    await pageReady(page);
    await tabTo(page, "buy-amount");
    await expectFocusVisible(page, "the amount field");
    expect(await page.getByTestId("buy-amount").getAttribute("aria-label")).toContain("원");
    await page.keyboard.type("250");
    await expect.poll(() => textOf(page, "buy-amount-error")).not.toBe("");
    await expectNoA11yViolations(page, "buy: amount error");
    await page.keyboard.press("Control+a");
    await page.keyboard.type("10000");
    await tabTo(page, "buy-next");
    await expectFocusVisible(page, "the next button");
    await page.keyboard.press("Enter");
    await page.getByTestId("buy-method-deposit").click();
    await page.getByTestId("buy-bank").waitFor();
    await expectNoA11yViolations(page, "buy: deposit account and checks");
    for (const i of [1, 2, 3]) {
      await tabTo(page, `buy-check-${i}`);
      await page.keyboard.press("Space");
    }
    await tabTo(page, "buy-submit");
    await expect.poll(() => page.getByTestId("buy-submit").isEnabled()).toBe(true);
    await page.keyboard.press("Enter");

    const dialog = page.getByTestId("password-dialog");
    await dialog.waitFor();
    await expect.poll(() => focusedTestId(page)).toBe("password-input");
    const input = page.getByTestId("password-input");
    const described = (await input.getAttribute("aria-describedby")) ?? "";
    expect(described).not.toBe("");
    const rule = await page.evaluate((ids) => ids.split(" ").map((id) => document.getElementById(id)?.textContent ?? ""), described);
    expect(rule.join(" ")).toContain("6자리");
    await expectNoA11yViolations(page, "buy: password dialog");
    await expectFocusTrapped(page, '[data-testid="password-dialog"]');
    // Escape closes it and gives the focus back to the button that opened it.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => focusedTestId(page)).toBe("buy-submit");

    await page.keyboard.press("Enter");
    await expect.poll(() => focusedTestId(page)).toBe("password-input");
    await page.keyboard.type("000000");
    await page.keyboard.press("Enter");
    const error = page.getByTestId("password-error");
    await expect.poll(() => textOf(page, "password-error")).toContain("비밀번호");
    expect(await error.getAttribute("role")).toBe("alert");
    expect(await page.getByTestId("snackbar").first().getAttribute("role")).toBe("status");
    await expectNoA11yViolations(page, "buy: wrong password said in the dialog");
    await expect.poll(() => focusedTestId(page)).toBe("password-input");
    await page.keyboard.type(MINJUN.password);
    await page.keyboard.press("Enter");
    await expectResult(page, s, 6, ResultPages[6].message);
    await expectNoA11yViolations(page, "buy: result");
  });

  it("gift by keyboard only at 1280 px: phone, amount, confirm step, password → result; QR code and history named", async () => {
    const page = await member(MINJUN, 1280);
    await page.goto(`${s.url}/send/gift`);
    await page.getByTestId("gift-recipient").waitFor();
    await pageReady(page);
    // A radio group is one Tab stop (its checked radio); the arrows choose within it.
    for (let i = 0; i < 20 && !(await focusedTestId(page)).startsWith("gift-mode-"); i++) await page.keyboard.press("Tab");
    if ((await focusedTestId(page)) !== "gift-mode-phone") await page.keyboard.press("ArrowLeft");
    await expect.poll(() => page.getByTestId("gift-recipient").getAttribute("type")).toBe("tel");
    await tabTo(page, "gift-recipient");
    await page.keyboard.type(SEOYEON.phone);
    await tabTo(page, "gift-amount");
    expect(await page.getByTestId("gift-amount").getAttribute("aria-label")).toContain("원");
    await page.keyboard.type("200");
    await expect.poll(() => textOf(page, "gift-amount-error")).not.toBe("");
    await expectNoA11yViolations(page, "gift: amount error");
    await page.keyboard.press("Control+a");
    await page.keyboard.type("1000");
    await tabTo(page, "send-next");
    await page.keyboard.press("Enter");
    await page.getByTestId("send-recipient-name").waitFor();
    await expectNoA11yViolations(page, "gift: confirm step");
    await tabTo(page, "send-confirm");
    await expectFocusVisible(page, "the confirm button");
    await page.keyboard.press("Enter");
    await expect.poll(() => focusedTestId(page)).toBe("password-input");
    await expectFocusTrapped(page, '[data-testid="password-dialog"]');
    await page.getByTestId("password-input").focus();
    await page.keyboard.type(MINJUN.password);
    await page.keyboard.press("Enter");
    await expectResult(page, s, 7, ResultPages[7].message);
    await expectNoA11yViolations(page, "gift: result");

    await page.goto(`${s.url}/info/detail`);
    const qr = page.getByTestId("info-qr").locator("svg");
    await qr.waitFor();
    expect(await qr.getAttribute("aria-label")).toContain((await textOf(page, "info-address")).slice(0, 12));
    await page.goto(`${s.url}/info/history?tab=3`);
    await page.getByTestId("history-row").first().waitFor();
    expect(await page.getByTestId("history-table").locator("caption").textContent()).toBe("선물내역");
    await expectNoA11yViolations(page, "history with the gift");
  });
});
