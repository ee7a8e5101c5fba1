import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startTestStack, type TestStack } from "../../test/harness";
import { launchBrowser } from "../../../e2e/browser";
import { ADULT_BIRTH, birthForAge, verifyByHttp } from "./testing";
import { verificationByKey } from "./verifications.repo";
import { Msg } from "../../../domain/messages";

/** The simulated provider's popup in real Chromium: the form, the CSP, and the message to the opener. */
describe("simulated identity provider popup (Chromium)", () => {
  let s: TestStack;
  let browser: Browser;
  let close: () => Promise<void>;
  let opener: Page;
  const cspErrors: string[] = [];

  beforeAll(async () => {
    s = await startTestStack();
    ({ browser, close } = await launchBrowser());
    opener = await browser.newPage();
    // Any same-origin document can open the popup; the API's health JSON is one.
    await opener.goto(`${s.url}/api/health`);
    await opener.evaluate(() => {
      (window as any).received = [];
      window.addEventListener("message", (e) => (window as any).received.push({ origin: e.origin, data: e.data }));
    });
  });
  afterAll(async () => {
    await close?.();
    await s?.stop();
  });

  /** Opens the popup the way the web app does and returns it. */
  async function openPopup(url: string): Promise<Page> {
    const popupP = opener.waitForEvent("popup");
    await opener.evaluate((u) => void window.open(u, "krw-verify", "width=480,height=720"), url);
    const popup = await popupP;
    // The browser's own favicon request is not the page's doing (503 while the web app is not built).
    popup.on(
      "console",
      (m) => m.type() === "error" && !m.location().url.endsWith("/favicon.ico") && cspErrors.push(`${m.text()} (${m.location().url})`),
    );
    popup.on("pageerror", (e) => cspErrors.push(String(e)));
    await popup.waitForLoadState("load");
    return popup;
  }
  async function start(path = "/api/auth"): Promise<{ url: string; key: string }> {
    return (await s.call("GET", path)).data;
  }
  const messages = () => opener.evaluate(() => (window as any).received.splice(0));

  it("verifies a new adult: posts code 0 to the opener's origin and closes", async () => {
    const { url, key } = await start();
    const popup = await openPopup(url);
    await expect(popup.getByRole("heading", { name: "회원가입 본인인증" }).isVisible()).resolves.toBe(true);
    await popup.getByLabel("이름").fill("한가람");
    await popup.getByLabel("생년월일").fill(ADULT_BIRTH);
    await popup.getByLabel("통신사").selectOption("KT");
    await popup.getByLabel("휴대폰 번호").fill("010-7000-1234");
    const closed = popup.waitForEvent("close");
    // The popup closes itself inside the click; that is the behaviour under test, not an error.
    await popup
      .getByRole("button", { name: "인증하기" })
      .click()
      .catch(() => undefined);
    await closed;
    await expect.poll(async () => await opener.evaluate(() => (window as any).received.length)).toBe(1);
    expect(await messages()).toEqual([{ origin: new URL(s.url).origin, data: { type: "krw-verify", key, code: 0 } }]);
    const row = await verificationByKey(s.ctx.db, key);
    expect(row).toMatchObject({ status: "verified", name: "한가람", phone: "01070001234", carrier: "KT" });
  });

  it("shows form errors in the page and stays open until the input is right", async () => {
    const { url, key } = await start();
    const popup = await openPopup(url);
    await popup.getByLabel("이름").fill("어린이");
    await popup.getByLabel("생년월일").fill("1990-13-01");
    await popup.getByLabel("휴대폰 번호").fill("01070005678");
    // The popup closes itself inside the click; that is the behaviour under test, not an error.
    await popup
      .getByRole("button", { name: "인증하기" })
      .click()
      .catch(() => undefined);
    await expect.poll(() => popup.locator("#verify-error").textContent()).toBe(Msg.verifyBirthInvalid);
    expect(popup.isClosed()).toBe(false);
    // Under 19: a valid answer, code 1490.
    await popup.getByLabel("생년월일").fill(birthForAge(19, 2).replace(/-/g, ""));
    const closed = popup.waitForEvent("close");
    // The popup closes itself inside the click; that is the behaviour under test, not an error.
    await popup
      .getByRole("button", { name: "인증하기" })
      .click()
      .catch(() => undefined);
    await closed;
    await expect.poll(async () => await opener.evaluate(() => (window as any).received.length)).toBe(1);
    expect((await messages())[0].data).toEqual({ type: "krw-verify", key, code: 1490 });
  });

  it("answers 1417 on the reauth path for a member", async () => {
    const { url, key } = await start("/api/auth/reauth");
    const popup = await openPopup(url);
    expect(await popup.getByRole("heading").textContent()).toBe("비밀번호 재설정 본인인증");
    await popup.getByLabel("이름").fill("김민준");
    await popup.getByLabel("생년월일").fill(ADULT_BIRTH);
    await popup.getByLabel("휴대폰 번호").fill("01011112222");
    const closed = popup.waitForEvent("close");
    // The popup closes itself inside the click; that is the behaviour under test, not an error.
    await popup
      .getByRole("button", { name: "인증하기" })
      .click()
      .catch(() => undefined);
    await closed;
    await expect.poll(async () => await opener.evaluate(() => (window as any).received.length)).toBe(1);
    expect((await messages())[0].data).toEqual({ type: "krw-verify", key, code: 1417 });
  });

  it("for a used or forged key shows the invalid notice and posts code 3 on close", async () => {
    // A key already answered (verified over HTTP, as the popup would).
    const used = await verifyByHttp(s, "signup", { name: "한번만", birth: ADULT_BIRTH, phone: "01070009876" });
    expect(used.code).toBe(0);
    for (const key of [used.key, "forged-key"]) {
      const popup = await openPopup(`/verify/${key}`);
      expect(await popup.getByRole("alert").textContent()).toContain(Msg.verifyInvalid);
      expect(await popup.locator("form").count()).toBe(0);
      const closed = popup.waitForEvent("close");
      // The popup closes itself inside the click; that is the behaviour under test, not an error.
      await popup
        .getByRole("button", { name: "닫기" })
        .click()
        .catch(() => undefined);
      await closed;
      await expect.poll(async () => await opener.evaluate(() => (window as any).received.length)).toBe(1);
      expect((await messages())[0].data).toEqual({ type: "krw-verify", key: "", code: 3 });
    }
  });

  it("runs without a single CSP violation or script error (this popup and every one before it)", async () => {
    const { url } = await start();
    const popup = await openPopup(url);
    // The script ran: it wired the form (an empty submit shows an error in the page, no reload).
    await popup.getByRole("button", { name: "인증하기" }).click();
    await expect.poll(() => popup.locator("#verify-error").isVisible()).toBe(true);
    await popup.close();
    expect(cspErrors.filter((e) => !/status of 40[04]/.test(e))).toEqual([]);
  });
});
