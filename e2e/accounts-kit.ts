import { beforeAll, expect } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { shot } from "./browser";
import { browserSuite, submitMemberLogin } from "./stack";
import type { TestStack } from "../server/test/harness";
import { memberByPhone } from "../server/records/members.repo";
import { ResultPages } from "../domain/state-labels";

export interface Who {
  name: string;
  birth: string;
  phone: string;
  carrier?: string;
}

/**
 * The end-user account suites' steps (accounts.e2e.ts, my-info.e2e.ts): called inside a describe, it sets up a
 * browserSuite (one seeded stack and one Chromium for the file) and returns the steps the tests share. `stack()`
 * is the running stack once the suite's beforeAll has run.
 */
export function accountsSuite() {
  const suite = browserSuite();
  let s: TestStack;
  beforeAll(() => {
    s = suite.stack();
  });

  /** A fresh context (no cookies, no storage); the Daum postcode script is blocked so the manual address form shows. */
  async function newPage(width = 1280, height = 900): Promise<{ context: BrowserContext; page: Page }> {
    const context = await suite.newContext({ width, height });
    await context.route(/daumcdn\.net/, (route) => route.abort());
    const page = await context.newPage();
    return { context, page };
  }

  /** Clicks `trigger` (which opens the provider popup), fills the simulated provider's form and waits until it closes itself. */
  async function verifyInPopup(page: Page, trigger: Locator, who: Who, shotName?: string): Promise<void> {
    const popupP = page.waitForEvent("popup");
    await trigger.click();
    const popup = await popupP;
    await popup.waitForURL(/\/verify\/[A-Za-z0-9_-]{32}$/);
    await popup.getByLabel("이름").fill(who.name);
    await popup.getByLabel("생년월일").fill(who.birth);
    await popup.getByLabel("통신사").selectOption(who.carrier ?? "SKT");
    await popup.getByLabel("휴대폰 번호").fill(who.phone);
    if (shotName) await shot(popup, shotName);
    const closed = popup.waitForEvent("close");
    // The popup closes itself inside the click; that is the behaviour under test, not an error.
    await popup
      .getByRole("button", { name: "인증하기" })
      .click()
      .catch(() => undefined);
    await closed;
  }

  async function expectResult(page: Page, type: number): Promise<void> {
    await page.waitForURL(new RegExp(`/result\\?type=${type}$`));
    await expect.poll(() => page.getByTestId("result-page").getAttribute("data-type")).toBe(String(type));
    expect(await page.getByTestId("result-message").textContent()).toBe(ResultPages[type].message);
    expect(await page.getByTestId("result-button").textContent()).toBe(ResultPages[type].button);
  }

  /** Logs in through /login and waits for the landing page with the header balance. */
  async function loginUi(page: Page, phone: string, password: string, balance?: string): Promise<void> {
    if (!/\/login$/.test(page.url())) await page.goto(`${s.url}/login`);
    await submitMemberLogin(page, { phone, password });
    await page.waitForURL(`${s.url}/`);
    if (balance !== undefined) await expect.poll(async () => (await page.getByTestId("header-balance").textContent()) ?? "").toBe(balance);
  }

  /**
   * Waits for a snackbar carrying `message` (it stays 1.6 s). With `untilGone` it also waits for every
   * such snackbar to leave, so that the next expectation of the same message cannot match a stale one.
   */
  async function expectSnack(page: Page, message: string, untilGone = false): Promise<void> {
    const snacks = page.getByTestId("snackbar").filter({ hasText: message });
    await snacks.first().waitFor({ state: "visible" });
    if (untilGone) await expect.poll(() => snacks.count(), { timeout: 10_000 }).toBe(0);
  }

  async function myInfoApi(phone: string, password: string) {
    const token = await s.loginUser(phone, password);
    const r = await s.call("GET", "/api/info/myinfo", { token });
    expect(r.code).toBe(200);
    return r.data as {
      username: string;
      address: string;
      balance: number;
      nickname: string | null;
      email: string | null;
      homeAddress: string | null;
      phonenumber: string;
    };
  }

  const memberId = async (phone: string) => (await memberByPhone(s.ctx.db, phone))?.id;

  return { stack: suite.stack, newPage, verifyInPopup, expectResult, loginUi, expectSnack, myInfoApi, memberId };
}
