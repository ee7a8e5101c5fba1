import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, shot } from "./browser";
import { startE2EStack } from "./stack";
import type { TestStack } from "../server/test/harness";

describe("the two app shells in Chromium", () => {
  let s: TestStack;
  let browser: Browser;
  let close: () => Promise<void>;

  beforeAll(async () => {
    s = await startE2EStack();
    ({ browser, close } = await launchBrowser());
  });
  afterAll(async () => {
    await close?.();
    await s?.stop();
  });

  it("a member opens /, logs in and sees the balance in the header", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: "ko-KR" });
    await page.goto(s.url + "/");
    await page.getByTestId("landing-hero").waitFor();
    await shot(page, "landing");
    await page.getByTestId("header-login").click();
    await page.waitForURL(/\/login$/);
    await page.getByTestId("login-phone").fill("01011112222");
    await page.getByTestId("login-password").fill("111111");
    await shot(page, "login");
    await page.getByTestId("login-submit").click();
    await page.waitForURL(s.url + "/");
    await expect.poll(async () => (await page.getByTestId("header-balance").textContent()) ?? "").toContain("50,000");
    await shot(page, "landing-logged-in");
    await page.close();
  });

  it("an operator logs in at /admin/login and reaches /admin/main", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: "ko-KR" });
    await page.goto(s.url + "/admin");
    await page.waitForURL(/\/admin\/login$/);
    await page.getByTestId("admin-login-id").fill("admin");
    await page.getByTestId("admin-login-password").fill("admin1234");
    await page.getByTestId("admin-login-submit").click();
    await page.waitForURL(/\/admin\/main$/);
    await page.getByTestId("admin-main-cards").waitFor();
    await shot(page, "admin-main");
    await page.goto(s.url + "/admin/no-such-page");
    await page.getByTestId("admin-not-found").waitFor();
    await page.close();
  });
});
