import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { Msg, withTriesLeft } from "../domain/messages";
import type { TestStack } from "../server/test/harness";
import { shot } from "./browser";
import { browserSuite, submitMemberLogin, type ContextOptions } from "./stack";
import { MINJUN, SEOYEON, expectSnack, textOf, walletOf, won } from "./helpers-money";

/**
 * Issue 14, "the member app off the happy path": what a person does one step beside the flows the
 * money and accounts tests walk. Each test opens its own browser context against one seeded stack.
 * The tests run in order; 김민준 keeps the seeded 50,000원 until the copy test receives a gift.
 */
describe("member app off the happy path", () => {
  const suite = browserSuite();
  let s: TestStack;
  const anonymous = (width = 1280, options: ContextOptions = {}) => suite.newPage({ width, ...options });
  const member = (who = MINJUN) => suite.memberPage(who);
  const login = (page: Page, who = MINJUN) => submitMemberLogin(page, who);

  beforeAll(async () => {
    s = suite.stack();
  });

  it("6: login returns to the page the person was going to", async () => {
    const page = await anonymous();
    await page.goto(`${s.url}/send/gift`);
    await page.waitForURL(/\/login$/);
    await login(page);
    await page.waitForURL(`${s.url}/send/gift`);
    await page.getByTestId("gift-recipient").waitFor();
    expect(await page.title()).toBe("선물 | KRW Voucher");
  });

  it("5 + 6: Back, Forward and reload on the gift confirm step; an expired session comes back to the same step", async () => {
    const page = await member();
    await page.goto(`${s.url}/send/gift`);
    await page.getByTestId("gift-mode-phone").click();
    await page.getByTestId("gift-recipient").fill(SEOYEON.phone);
    await page.getByTestId("gift-amount").fill("1000");
    await page.getByTestId("send-next").click();
    await page.waitForURL(/\/send\/gift\?step=confirm$/);
    await expect.poll(() => textOf(page, "send-recipient-name")).toBe(SEOYEON.name);

    // Browser Back: the filled request step, not the previous page.
    await page.goBack();
    await page.waitForURL(`${s.url}/send/gift`);
    expect(await page.getByTestId("gift-recipient").inputValue()).toBe(SEOYEON.phone);
    expect(await page.getByTestId("gift-amount").inputValue()).toBe("1,000");
    await page.goForward();
    await page.waitForURL(/step=confirm$/);
    expect(await textOf(page, "send-value")).toBe(won(1_000));

    // Reload keeps the step and the amount; the password dialog is not reopened.
    await page.reload();
    await page.getByTestId("send-recipient-address").waitFor();
    expect(await textOf(page, "send-recipient-address")).toBe(await walletOf(s, SEOYEON.phone));
    expect(await textOf(page, "send-total")).toBe(won(1_200));
    expect(await page.getByTestId("password-dialog").count()).toBe(0);

    // '이전' after a reload replaces the step (Back would leave the app otherwise).
    await page.getByTestId("send-prev").click();
    await page.waitForURL(`${s.url}/send/gift`);
    expect(await page.getByTestId("gift-amount").inputValue()).toBe("1,000");
    await page.getByTestId("send-next").click();
    await page.waitForURL(/step=confirm$/);

    // The token is refused mid-flow: '로그인이 만료되었습니다', then back to the confirm step after login.
    await page.context().addCookies([{ name: "krw_web_token", value: "expired.token.value", url: s.url }]);
    await page.getByTestId("send-confirm").click();
    await page.getByTestId("password-input").fill(MINJUN.password);
    await page.getByTestId("password-confirm").click();
    await page.waitForURL(/\/login$/);
    await expect.poll(() => textOf(page, "login-expired")).toBe(Msg.sessionExpired);
    await shot(page, "offpath-login-expired");
    await login(page);
    await page.waitForURL(/\/send\/gift\?step=confirm$/);
    await expect.poll(() => textOf(page, "send-recipient-name")).toBe(SEOYEON.name);
    expect(await textOf(page, "send-value")).toBe(won(1_000));
  });

  it("5: the buy confirm step and a notice are history entries", async () => {
    const page = await member();
    await page.goto(`${s.url}/buy`);
    await page.getByTestId("buy-add-5000").click();
    await page.getByTestId("buy-next").click();
    await page.waitForURL(/\/buy\?step=confirm$/);
    await page.getByTestId("buy-method-deposit").click();
    await page.getByTestId("buy-bank-account").waitFor();
    await page.goBack();
    await page.waitForURL(`${s.url}/buy`);
    expect(await page.getByTestId("buy-amount").inputValue()).toBe("5,000");
    await page.reload();
    await expect.poll(() => page.getByTestId("buy-amount").inputValue()).toBe("5,000");

    await page.goto(`${s.url}/cs/notify`);
    await page.getByTestId("notice-row").first().click();
    await page.waitForURL(/\/cs\/notify\?id=\d+$/);
    const title = await page.locator("[data-testid=notice-detail] h2").textContent();
    expect(await page.title()).toBe(`${title} | KRW Voucher`);
    await page.reload();
    await page.getByTestId("notice-detail").waitFor();
    await page.getByTestId("notice-back").click();
    await page.waitForURL(`${s.url}/cs/notify`);
    await page.getByTestId("notice-row").first().click();
    await page.getByTestId("notice-detail").waitFor();
    await page.goBack();
    await page.getByTestId("notice-list").waitFor();
    expect(page.url()).toBe(`${s.url}/cs/notify`);
  });

  it("3: closing the identity popup leaves sign-up usable, with the consents kept", async () => {
    const page = await anonymous();
    await page.goto(`${s.url}/signup`);
    await page.getByTestId("signup-agree-all").click();
    const popupP = page.waitForEvent("popup");
    await page.getByTestId("signup-verify").click();
    const popup = await popupP;
    await popup.waitForURL(/\/verify\//);
    await popup.close();
    await expectSnack(page, Msg.verifyCancelled);
    await expect.poll(() => page.getByTestId("signup-verify").isEnabled()).toBe(true);
    expect(await textOf(page, "signup-verify")).toBe("본인인증 하기");
    for (const id of ["terms", "privacy", "voucher"]) {
      expect(await page.getByTestId(`signup-consent-${id}`).getAttribute("data-state")).toBe("checked");
    }
    // and the button works again
    const again = page.waitForEvent("popup");
    await page.getByTestId("signup-verify").click();
    await (await again).close();
  });

  it("8 + one rule order: the fee is named, '전액' fills the largest amount, 250 gets the same message everywhere", async () => {
    const page = await member();
    await page.goto(`${s.url}/send/gift`);
    await expect.poll(() => textOf(page, "send-balance")).toBe(won(50_000));
    await page.getByTestId("gift-amount").fill("49900");
    await expect.poll(() => textOf(page, "gift-amount-error")).toBe(Msg.overBalanceWithFee);
    await page.getByTestId("gift-amount").fill("50100");
    await expect.poll(() => textOf(page, "gift-amount-error")).toBe(Msg.overBalance);
    await page.getByTestId("send-all").click();
    expect(await page.getByTestId("gift-amount").inputValue()).toBe("49,800");
    expect(await textOf(page, "gift-amount-error")).toBe("");
    expect(await textOf(page, "send-total")).toBe(won(50_000));
    await page.getByTestId("gift-amount").fill("250");
    await expect.poll(() => textOf(page, "gift-amount-error")).toBe(Msg.giftBelowMin);

    await page.goto(`${s.url}/send/use`);
    await page.getByTestId("use-amount").fill("250");
    await expect.poll(() => textOf(page, "use-amount-error")).toBe(Msg.amountUnit);
    await page.goto(`${s.url}/buy`);
    await page.getByTestId("buy-amount").fill("250");
    await expect.poll(() => textOf(page, "buy-amount-error")).toBe(Msg.buyBelowMin);
    // the server answers the same for the same amount
    const token = await s.loginUser(MINJUN.phone, MINJUN.password);
    const r = await s.call("POST", "/api/buy/charge", { token, body: { password: MINJUN.password, value: 250 } });
    expect(r.message).toBe(Msg.buyBelowMin);
    const g = await s.call("POST", "/api/gift/trade/address", {
      token,
      body: { opponentAddress: await walletOf(s, SEOYEON.phone), kind: 0, type: 1, value: 250, password: MINJUN.password },
    });
    expect(g.message).toBe(Msg.giftBelowMin);
  });

  it("12: the deposit account, address-book and history addresses copy with '클립보드에 복사되었습니다.'", async () => {
    const page = await member();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: s.url });
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

    await page.goto(`${s.url}/buy`);
    await page.getByTestId("buy-add-1000").click();
    await page.getByTestId("buy-next").click();
    await page.getByTestId("buy-method-deposit").click();
    await page.getByTestId("buy-bank-account").waitFor();
    const account = await textOf(page, "buy-bank-account");
    await page.getByTestId("buy-copy-account").click();
    await expectSnack(page, Msg.copied);
    expect(await clipboard()).toBe(account);

    const seoyeon = await walletOf(s, SEOYEON.phone);
    await page.goto(`${s.url}/info/address`);
    await page.getByTestId("favorite-nickname").fill("서연");
    await page.getByTestId("favorite-address").fill(seoyeon);
    await page.getByTestId("favorite-add").click();
    await page.getByTestId("favorite-row").first().waitFor();
    await page.getByTestId("favorite-copy").first().click();
    await expectSnack(page, Msg.copied);
    expect(await clipboard()).toBe(seoyeon);

    // a received gift in the history: its counterpart address copies whole
    const seoToken = await s.loginUser(SEOYEON.phone, SEOYEON.password);
    const gift = await s.call("POST", "/api/gift/trade/address", {
      token: seoToken,
      body: { opponentAddress: await walletOf(s, MINJUN.phone), kind: 0, type: 1, value: 300, password: SEOYEON.password },
    });
    expect(gift.code).toBe(200);
    await s.waitIndexed();
    await page.goto(`${s.url}/info/history?tab=3`);
    await page.getByTestId("history-copy").first().click();
    await expectSnack(page, Msg.copied);
    expect(await clipboard()).toBe(seoyeon);
  });

  it("11: a failed history load offers a retry and the tabs stay usable", async () => {
    const page = await member();
    let fail = true;
    const refused = { 1: 0, 2: 0, 3: 0 } as Record<number, number>;
    await page.route("**/api/info/history", (route) => {
      if (!fail) return route.continue();
      refused[(route.request().postDataJSON() as { type: number }).type]++;
      return route.abort("connectionrefused");
    });
    await page.goto(`${s.url}/info/history?tab=1`);
    await page.getByTestId("load-retry").waitFor({ timeout: 20_000 });
    // the tabs still work while the list is down; each failed load settles (after the client's own retries) on the button
    await page.getByTestId("history-tab-2").click();
    await page.waitForURL(/tab=2/);
    await expect.poll(() => refused[2], { timeout: 20_000 }).toBe(3);
    await page.getByTestId("load-retry").waitFor();
    await expect.poll(() => page.getByTestId("load-retry").isEnabled()).toBe(true);
    fail = false;
    await page.getByTestId("load-retry").click();
    await page.getByTestId("history-table").or(page.getByTestId("history-empty")).first().waitFor();
    expect(await page.getByTestId("load-error").count()).toBe(0);
  });

  it("13: every page has its own title", async () => {
    const page = await anonymous();
    const titles = new Map<string, string>();
    for (const path of [
      "/",
      "/login",
      "/signup",
      "/cs/notify",
      "/cs/faq",
      "/policy/clause",
      "/policy/personal",
      "/policy/giftcard",
      "/nope",
    ]) {
      await page.goto(s.url + path);
      await page.waitForLoadState("networkidle");
      // A route's title is set once its chunk has rendered, which may come after the network is idle, and until then
      // the document shows the shell's own title (the landing's): wait for a title no page before had. A page that
      // never sets its own fails here.
      const seen = new Set(titles.values());
      await expect.poll(() => page.title(), { message: `${path} has a title of its own` }).toSatisfy((t: string) => !seen.has(t));
      titles.set(path, await page.title());
    }
    expect(titles.get("/")).toBe("KRW Voucher");
    expect(titles.get("/login")).toBe("로그인 | KRW Voucher");
  });

  it("9 + 14 + 15: video banner, balance in the 360 px header, icons not emoji", async () => {
    const page = await anonymous(360);
    await page.goto(`${s.url}/`);
    const video = page.getByTestId("landing-hero-video");
    await video.waitFor();
    const props = await video.evaluate((v: HTMLVideoElement) => ({
      muted: v.muted,
      loop: v.loop,
      inline: v.playsInline,
      poster: v.poster,
      autoplay: v.autoplay,
    }));
    expect(props).toMatchObject({ muted: true, loop: true, inline: true, autoplay: true });
    expect(props.poster).toMatch(/hero-poster\.jpg$/);
    // It really plays: time advances.
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
    const text = await page.locator("body").innerText();
    expect(text).not.toMatch(/[\u{1F300}-\u{1FAFF}\u2630\u25B6\u2605\uF8FF]/u);
    expect(await page.locator("[data-testid=shortcut-gift] svg").count()).toBe(1);
    await shot(page, "offpath-landing-360");

    const still = await anonymous(1280, { reducedMotion: "reduce" });
    await still.goto(`${s.url}/`);
    await still.getByTestId("landing-hero-poster").waitFor();
    expect(await still.getByTestId("landing-hero-video").count()).toBe(0);

    await page.goto(`${s.url}/login`);
    await login(page);
    await page.waitForURL(`${s.url}/`);
    const balance = page.getByTestId("header-balance-compact");
    await expect.poll(() => balance.textContent()).toBe(won(50_300));
    expect(await balance.isVisible()).toBe(true);
    const box = await balance.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, "offpath-header-360");
  });

  it("the changed screens fit 360 px and 1280 px without horizontal overflow", async () => {
    for (const width of [360, 1280]) {
      const page = await anonymous(width);
      await page.goto(`${s.url}/login`);
      await login(page);
      await page.waitForURL(`${s.url}/`);
      await page.goto(`${s.url}/send/gift`);
      await page.getByTestId("gift-amount").fill("1000");
      await page.getByTestId("gift-recipient").fill(await walletOf(s, SEOYEON.phone));
      await expect.poll(() => textOf(page, "send-balance")).not.toBe("");
      await shot(page, `offpath-gift-request-${width}`);
      await page.getByTestId("send-next").click();
      await page.getByTestId("send-recipient-name").waitFor();
      await shot(page, `offpath-gift-confirm-${width}`);
      await page.goto(`${s.url}/buy`);
      await page.getByTestId("buy-add-1000").click();
      await page.getByTestId("buy-next").click();
      await page.getByTestId("buy-method-deposit").click();
      await page.getByTestId("buy-copy-account").waitFor();
      await shot(page, `offpath-buy-confirm-${width}`);
      await page.goto(`${s.url}/info/history?tab=1`);
      await page.getByTestId("history-table").or(page.getByTestId("history-empty")).first().waitFor();
      await shot(page, `offpath-history-buy-${width}`);
      for (const path of ["/send/gift", "/buy", "/info/history?tab=1", "/info/address"]) {
        await page.goto(s.url + path);
        await page.waitForLoadState("networkidle");
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${width}`).toBeLessThanOrEqual(width);
      }
    }
  });

  // ---------------------------------------------------------------- with the server's refusals (items 1, 2, 4, 7, 10)

  it("2 + 7: a gift to one's own phone is refused at lookup; a wrong payment password says how many tries remain", async () => {
    const page = await member(SEOYEON);
    await page.goto(`${s.url}/send/gift`);
    await page.getByTestId("gift-mode-phone").click();
    await page.getByTestId("gift-recipient").fill(SEOYEON.phone);
    await page.getByTestId("gift-amount").fill("1000");
    await page.getByTestId("send-next").click();
    await expectSnack(page, Msg.giftToSelf);
    expect(page.url()).toBe(`${s.url}/send/gift`);

    await page.getByTestId("gift-recipient").fill(MINJUN.phone);
    await page.getByTestId("send-next").click();
    await page.getByTestId("send-confirm").click();
    await page.getByTestId("password-input").fill("000000");
    await page.getByTestId("password-confirm").click();
    await expectSnack(page, withTriesLeft(Msg.passwordWrong, 4));
    await shot(page, "offpath-payment-tries-left");
    expect(await page.getByTestId("password-dialog").isVisible()).toBe(true);
    await page.getByTestId("password-cancel").click();
  });

  it("1: a correct password for a payment the balance no longer covers closes the dialog with the server's own message", async () => {
    const page = await member(SEOYEON);
    await page.goto(`${s.url}/send/gift`);
    await page.getByTestId("gift-mode-phone").click();
    await page.getByTestId("gift-recipient").fill(MINJUN.phone);
    await page.getByTestId("gift-amount").fill("10000");
    await page.getByTestId("send-next").click();
    await page.getByTestId("send-confirm").click();
    await page.getByTestId("password-dialog").waitFor();

    // Meanwhile, on another device, most of the balance is spent.
    const token = await s.loginUser(SEOYEON.phone, SEOYEON.password);
    const { balance } = (await s.call("GET", "/api/info/balance", { token })).data as { balance: number };
    const spend = Math.floor((balance - 5_000) / 100) * 100 - 200;
    const other = await s.call("POST", "/api/gift/trade/address", {
      token,
      body: { opponentAddress: await walletOf(s, MINJUN.phone), kind: 0, type: 1, value: spend, password: SEOYEON.password },
    });
    expect(other.code).toBe(200);

    await page.getByTestId("password-input").fill(SEOYEON.password);
    await page.getByTestId("password-confirm").click();
    await expectSnack(page, Msg.overBalance);
    await expect.poll(() => page.getByTestId("password-dialog").count()).toBe(0);
    expect(await page.getByTestId("snackbar").filter({ hasText: Msg.passwordWrong }).count()).toBe(0);
    expect(page.url()).toBe(`${s.url}/send/gift?step=confirm`);
    await shot(page, "offpath-payment-refused");
  });

  it("7: login says how many tries remain, the same for a member and for a phone that is not one", async () => {
    const page = await anonymous();
    const texts: string[] = [];
    for (const phone of [SEOYEON.phone, "01077778888"]) {
      await page.goto(`${s.url}/login`);
      await page.getByTestId("login-phone").fill(phone);
      await page.getByTestId("login-password").fill("999999");
      await page.getByTestId("login-submit").click();
      await page.getByTestId("login-error").waitFor();
      texts.push(await textOf(page, "login-error-message"));
      await page.getByTestId("login-error-ok").click();
    }
    expect(texts).toEqual([withTriesLeft(Msg.loginFailed, 4), withTriesLeft(Msg.loginFailed, 4)]);
  });

  it("4: after a purchase request the deposit account, amount and deadline stay findable, and the member can cancel it", async () => {
    const page = await member(SEOYEON);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: s.url });
    await page.goto(`${s.url}/buy`);
    await page.getByTestId("buy-amount").fill("7000");
    await page.getByTestId("buy-next").click();
    await page.getByTestId("buy-method-deposit").click();
    for (const i of [1, 2, 3]) await page.getByTestId(`buy-check-${i}`).click();
    await page.getByTestId("buy-submit").click();
    await page.getByTestId("password-input").fill(SEOYEON.password);
    await page.getByTestId("password-confirm").click();
    await page.waitForURL(/\/result\?type=6$/);
    await page.getByTestId("history-deposit").waitFor();
    expect(await textOf(page, "history-deposit-amount")).toBe(won(7_000));
    const account = await textOf(page, "history-deposit-account");
    expect(account).toContain("국민은행");
    await shot(page, "offpath-buy-result-deposit");

    // Later, from the history: the same details, copyable, and a cancel.
    await page.getByTestId("result-history").click();
    await page.waitForURL(/\/info\/history\?tab=1$/);
    const deposit = page.getByTestId("history-deposit").first();
    await deposit.waitFor();
    expect(await deposit.getByTestId("history-deposit-account").textContent()).toBe(account);
    expect(await deposit.getByTestId("history-deposit-deadline").textContent()).toMatch(/^\d{4}\. \d{2}\. \d{2}\. \d{2}:\d{2}:\d{2}$/);
    await deposit.getByTestId("history-deposit-copy").click();
    await expectSnack(page, Msg.copied);
    expect(account).toContain(await page.evaluate(() => navigator.clipboard.readText()));
    await shot(page, "offpath-history-pending");
    await deposit.getByTestId("history-cancel-buy").click();
    await page.getByTestId("history-cancel-dialog-ok").click();
    await expectSnack(page, Msg.buyCancelDone);
    await expect.poll(() => textOf(page, "history-badge")).toBe(Msg.buyCancelled);
    expect(await page.getByTestId("history-deposit").count()).toBe(0);
  });

  it("10: an inquiry shows exactly what was typed", async () => {
    const page = await member(SEOYEON);
    const typed = "a<b, c>d\n<img src=x onerror=alert(1)> & 끝";
    await page.goto(`${s.url}/cs/inquiry`);
    await page.getByTestId("inquiry-new").click();
    await page.getByTestId("inquiry-title").fill("x<y>z");
    await page.getByTestId("inquiry-content").fill(typed);
    await page.getByTestId("inquiry-submit").click();
    await page.getByTestId("inquiry-submit-dialog-ok").click();
    await page.getByTestId("inquiry-row").first().click();
    await page.getByTestId("inquiry-detail").waitFor();
    // Titles are plain text with markup removed (server/features/boards/README.md); the content is exactly as typed.
    expect(await textOf(page, "inquiry-detail-title")).toBe("xz");
    expect(await page.getByTestId("inquiry-detail-content").innerText()).toBe(typed);
    expect(await page.locator("[data-testid=inquiry-detail] img").count()).toBe(0);
    await page.getByTestId("inquiry-edit").click();
    expect(await page.getByTestId("inquiry-content").inputValue()).toBe(typed);
  });
});
