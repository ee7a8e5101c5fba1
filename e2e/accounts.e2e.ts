import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { launchBrowser, shot } from "./browser";
import { startE2EStack } from "./stack";
import type { TestStack } from "../server/test/harness";
import { ADULT_BIRTH, birthForAge, verifyByHttp } from "../server/verify/testing";
import { memberByPhone } from "../server/members/members.repo";
import { Msg, ResultPages, withTriesLeft } from "../domain/messages";

/**
 * End-user accounts in real Chromium against a whole seeded stack (spec user-app §2–§8): sign-up
 * through the simulated identity popup, login and 'save phone number', password reset, my info
 * (edit, QR copy) and the address book. One stack for the file, a fresh browser context per test.
 */
describe("accounts in Chromium", () => {
  let s: TestStack;
  let browser: Browser;
  let close: () => Promise<void>;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    s = await startE2EStack();
    ({ browser, close } = await launchBrowser());
  });
  // Each test's context (and any popup it opened) goes away with the test.
  afterEach(async () => {
    for (const c of contexts.splice(0)) await c.close().catch(() => undefined);
  });
  afterAll(async () => {
    await close?.();
    await s?.stop();
  });

  /** A fresh context (no cookies, no storage); the Daum postcode script is blocked so the manual address form shows. */
  async function newPage(width = 1280, height = 900): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width, height }, locale: "ko-KR", timezoneId: "Asia/Seoul" });
    contexts.push(context);
    await context.route(/daumcdn\.net/, (route) => route.abort());
    const page = await context.newPage();
    return { context, page };
  }

  interface Who {
    name: string;
    birth: string;
    phone: string;
    carrier?: string;
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
    await popup.getByRole("button", { name: "인증하기" }).click().catch(() => undefined);
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
    if (!/\/login$/.test(page.url())) await page.goto(s.url + "/login");
    await page.getByTestId("login-phone").fill(phone);
    await page.getByTestId("login-password").fill(password);
    await page.getByTestId("login-submit").click();
    await page.waitForURL(s.url + "/");
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
    return r.data as { username: string; address: string; balance: number; nickname: string | null; email: string | null; homeAddress: string | null; phonenumber: string };
  }

  const memberId = async (phone: string) => (await memberByPhone(s.ctx.db, phone))?.id;

  // ---------------------------------------------------------------- 1. sign-up

  it("signs up a new adult through the popup, sets a password under every rule, then logs in", async () => {
    const { page } = await newPage();
    const phone = "01070001111";
    await page.goto(s.url + "/signup");
    await page.getByTestId("signup-page").waitFor();
    const verify = page.getByTestId("signup-verify");
    expect(await verify.isDisabled()).toBe(true);
    // Two of three consents: still disabled; 'agree all' ticks the rest.
    await page.getByTestId("signup-consent-terms").click();
    await page.getByTestId("signup-consent-privacy").click();
    expect(await verify.isDisabled()).toBe(true);
    await page.getByTestId("signup-agree-all").click();
    await expect.poll(() => verify.isEnabled()).toBe(true);
    await shot(page, "accounts-signup");

    await verifyInPopup(page, verify, { name: "박지훈", birth: ADULT_BIRTH, phone, carrier: "KT" }, "accounts-signup-popup");
    await page.waitForURL(/\/password\?key_info=[A-Za-z0-9_-]{32}$/);
    const keyInfo = new URL(page.url()).searchParams.get("key_info")!;
    expect(await s.ctx.db.selectFrom("verifications").select(["status", "phone", "name"]).where("key", "=", keyInfo).executeTakeFirst()).toEqual({
      status: "verified",
      phone,
      name: "박지훈",
    });
    await page.getByTestId("password-page").waitFor();
    expect(await page.getByTestId("password-page").getAttribute("data-mode")).toBe("signup");
    // Result and password pages hide the menu and footer.
    expect(await page.getByTestId("header-login").count()).toBe(0);

    const submit = page.getByTestId("password-submit");
    const newErr = page.getByTestId("password-new-error");
    const confirmErr = page.getByTestId("password-confirm-error");
    await page.getByTestId("password-new").fill("12345");
    await expect.poll(() => newErr.textContent()).toBe(Msg.passwordSix);
    await page.getByTestId("password-new").fill("12a456");
    await expect.poll(() => newErr.textContent()).toBe(Msg.passwordDigits);
    await page.getByTestId("password-new").fill("");
    await expect.poll(() => newErr.textContent()).toBe(Msg.required);
    expect(await submit.isDisabled()).toBe(true);
    await page.getByTestId("password-new").fill("135790");
    await expect.poll(() => newErr.count()).toBe(0);
    await page.getByTestId("password-confirm").fill("135791");
    await expect.poll(() => confirmErr.textContent()).toBe(Msg.passwordMismatch);
    expect(await submit.isDisabled()).toBe(true);
    await shot(page, "accounts-password-mismatch");
    await page.getByTestId("password-confirm").fill("135790");
    await expect.poll(() => submit.isEnabled()).toBe(true);
    expect(await confirmErr.count()).toBe(0);
    expect(await memberId(phone)).toBeUndefined();
    await submit.click();

    await expectResult(page, 4);
    await shot(page, "accounts-result-signup");
    expect(await memberId(phone)).toBeDefined();
    // The key is spent: replaying it creates nothing.
    const replay = await s.call("PUT", "/api/auth", { body: { key_info: keyInfo, password: "135790" } });
    expect(replay.code).not.toBe(200);

    await page.getByTestId("result-button").click();
    await page.waitForURL(/\/login$/);
    await loginUi(page, phone, "135790", "0원");
    const info = await myInfoApi(phone, "135790");
    expect(info).toMatchObject({ username: "박지훈", phonenumber: phone, balance: 0 });
    expect(info.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await s.ctx.custody.byAddress(info.address)).toMatchObject({ kind: "member", member_id: await memberId(phone) });
    // Logged-in visitors are sent away from /signup.
    await page.goto(s.url + "/signup");
    await page.waitForURL(s.url + "/");
  });

  it("an already-registered phone gets result 1 (→ /login)", async () => {
    const { page } = await newPage();
    await page.goto(s.url + "/signup");
    await page.getByTestId("signup-agree-all").click();
    await verifyInPopup(page, page.getByTestId("signup-verify"), { name: "김민준", birth: ADULT_BIRTH, phone: "01011112222" });
    await expectResult(page, 1);
    await shot(page, "accounts-result-already-registered");
    await page.getByTestId("result-button").click();
    await page.waitForURL(/\/login$/);
  });

  it("an under-19 birth date gets result 2 (→ /) and creates no member", async () => {
    const { page } = await newPage();
    const phone = "01070002222";
    await page.goto(s.url + "/signup");
    await page.getByTestId("signup-agree-all").click();
    // Turns 19 in two days: still 18 by full age.
    await verifyInPopup(page, page.getByTestId("signup-verify"), { name: "최어린", birth: birthForAge(19, 2).replace(/-/g, ""), phone });
    await expectResult(page, 2);
    await shot(page, "accounts-result-under-age");
    expect(await memberId(phone)).toBeUndefined();
    await page.getByTestId("result-button").click();
    await page.waitForURL(s.url + "/");
  });

  // ---------------------------------------------------------------- 2. login

  it("login: a wrong password shows the dialog, the right one shows the balance; 'save phone number' survives logout", async () => {
    const { page } = await newPage();
    await page.goto(s.url + "/login");
    await page.getByTestId("login-page").waitFor();
    // The phone field takes digits only.
    await page.getByTestId("login-phone").pressSequentially("010e3333-4444");
    expect(await page.getByTestId("login-phone").inputValue()).toBe("01033334444");
    await page.getByTestId("login-password").fill("999999");
    await page.getByTestId("login-submit").click();
    await page.getByTestId("login-error").waitFor();
    expect(await page.getByTestId("login-error-message").textContent()).toBe(withTriesLeft(Msg.loginFailed, 4));
    await shot(page, "accounts-login-error");
    await page.getByTestId("login-error-ok").click();
    await page.getByTestId("login-error").waitFor({ state: "hidden" });
    expect(page.url()).toMatch(/\/login$/);

    await page.getByTestId("login-password").fill("222222");
    expect(await page.getByTestId("login-remember-input").isChecked()).toBe(false);
    await page.getByTestId("login-remember").click();
    await expect.poll(() => page.getByTestId("login-remember-input").isChecked()).toBe(true);
    await shot(page, "accounts-login");
    await page.getByTestId("login-submit").click();
    await page.waitForURL(s.url + "/");
    await expect.poll(async () => (await page.getByTestId("header-balance").textContent()) ?? "").toBe("20,000원");
    // The saved phone is in a cookie, but not in clear text.
    const cookies = await page.context().cookies();
    const saved = cookies.find((c) => c.name === "krw_saved_phone");
    expect(saved).toBeDefined();
    expect(saved!.value).not.toContain("01033334444");
    expect(saved!.expires * 1000).toBeGreaterThan(Date.now() + 360 * 86_400_000);

    await page.getByTestId("header-logout").click();
    await page.getByTestId("logout-dialog").waitFor();
    await page.getByTestId("logout-dialog-ok").click();
    await page.waitForURL(/\/login$/);
    await expect.poll(() => page.getByTestId("login-phone").inputValue()).toBe("01033334444");
    // The phone input is filled directly; the checkbox follows on the next render.
    await expect.poll(() => page.getByTestId("login-remember-input").isChecked()).toBe(true);
    expect(await page.getByTestId("login-password").inputValue()).toBe("");
    expect(await page.getByTestId("header-balance").count()).toBe(0);
    // Logged out for real: the login-only page sends us back to /login.
    await page.goto(s.url + "/info/detail");
    await page.waitForURL(/\/login$/);

    // Unticking it forgets the phone at the next login.
    await page.getByTestId("login-password").fill("222222");
    await page.getByTestId("login-remember").click();
    await expect.poll(() => page.getByTestId("login-remember-input").isChecked()).toBe(false);
    await page.getByTestId("login-submit").click();
    // the login returns to the page that asked for it
    await page.waitForURL(s.url + "/info/detail");
    expect((await page.context().cookies()).find((c) => c.name === "krw_saved_phone")).toBeUndefined();
  });

  // ---------------------------------------------------------------- 3. password reset

  it("password reset from /login: re-verification popup, new password, result 5, login with it", async () => {
    const phone = "01070003333";
    const v = await verifyByHttp(s, "signup", { name: "정하늘", birth: ADULT_BIRTH, phone });
    expect(v.code).toBe(0);
    expect((await s.call("PUT", "/api/auth", { body: { key_info: v.key, password: "111222" } })).code).toBe(200);

    const { page } = await newPage();
    await page.goto(s.url + "/login");
    await verifyInPopup(page, page.getByTestId("login-find-password"), { name: "정하늘", birth: ADULT_BIRTH, phone }, "accounts-reauth-popup");
    await page.waitForURL(/\/password\?key_info=[A-Za-z0-9_-]{32}&reauth=1$/);
    await page.getByTestId("password-page").waitFor();
    expect(await page.getByTestId("password-page").getAttribute("data-mode")).toBe("reauth");
    await page.getByTestId("password-new").fill("777888");
    await page.getByTestId("password-confirm").fill("777889");
    await expect.poll(() => page.getByTestId("password-confirm-error").textContent()).toBe(Msg.passwordMismatch);
    await page.getByTestId("password-confirm").fill("777888");
    await expect.poll(() => page.getByTestId("password-submit").isEnabled()).toBe(true);
    await shot(page, "accounts-password-reset");
    await page.getByTestId("password-submit").click();
    await expectResult(page, 5);
    await shot(page, "accounts-result-password-changed");
    await page.getByTestId("result-button").click();
    await page.waitForURL(/\/login$/);

    // The old password no longer works; the new one does.
    expect((await s.call("POST", "/api/auth/login_user", { body: { username: phone, password: "111222" } })).code).not.toBe(200);
    await loginUi(page, phone, "777888", "0원");
  });

  it("password reset for a phone that is not a member ends on result 3", async () => {
    const { page } = await newPage();
    await page.goto(s.url + "/login");
    await verifyInPopup(page, page.getByTestId("login-find-password"), { name: "없는사람", birth: ADULT_BIRTH, phone: "01070009999" });
    await expectResult(page, 3);
    await page.getByTestId("result-button").click();
    await page.waitForURL(/\/signup$/);
  });

  it("password change from my info: re-verification popup, reset dialog, completion message", async () => {
    const phone = "01070004444";
    const v = await verifyByHttp(s, "signup", { name: "윤바다", birth: ADULT_BIRTH, phone });
    expect((await s.call("PUT", "/api/auth", { body: { key_info: v.key, password: "246810" } })).code).toBe(200);

    const { page } = await newPage();
    await loginUi(page, phone, "246810");
    await page.goto(s.url + "/info/detail");
    await page.getByTestId("info-page").waitFor();
    await verifyInPopup(page, page.getByTestId("info-change-password"), { name: "윤바다", birth: ADULT_BIRTH, phone });
    const dialog = page.getByTestId("info-reset-dialog");
    await dialog.waitFor();
    await dialog.getByTestId("password-new").fill("13579");
    await expect.poll(() => dialog.getByTestId("password-new-error").textContent()).toBe(Msg.passwordSix);
    await dialog.getByTestId("password-new").fill("135799");
    await dialog.getByTestId("password-confirm").fill("135799");
    await expect.poll(() => dialog.getByTestId("password-submit").isEnabled()).toBe(true);
    await shot(page, "accounts-myinfo-reset-dialog");
    await dialog.getByTestId("password-submit").click();
    await expectSnack(page, Msg.passwordChanged);
    await dialog.waitFor({ state: "hidden" });
    expect(page.url()).toBe(s.url + "/info/detail");
    expect((await s.call("POST", "/api/auth/login_user", { body: { username: phone, password: "246810" } })).code).not.toBe(200);
    expect((await s.call("POST", "/api/auth/login_user", { body: { username: phone, password: "135799" } })).code).toBe(200);
  });

  // ---------------------------------------------------------------- 4. my info

  it("my info: summary, nickname/e-mail edit with validation, home address, persisted; QR payload copied", async () => {
    const { context, page } = await newPage();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: s.url });
    await loginUi(page, "01011112222", "111111", "50,000원");
    const wallet = (await s.ctx.custody.memberWallet((await memberId("01011112222"))!))!;

    await page.goto(s.url + "/info/detail");
    await page.getByTestId("info-page").waitFor();
    expect(await page.getByTestId("info-username").textContent()).toBe("김민준");
    expect(await page.getByTestId("info-address").textContent()).toBe(wallet.address);
    expect(await page.getByTestId("info-balance").textContent()).toBe("50,000원");
    expect(await page.getByTestId("info-phone").inputValue()).toBe("01011112222");
    expect(await page.getByTestId("info-phone").getAttribute("readonly")).not.toBeNull();

    // QR: the payload on the page and on the clipboard.
    const payload = JSON.parse((await page.getByTestId("info-qr").getAttribute("data-payload"))!);
    expect(payload).toEqual({ SPECIAL: expect.any(String), NAME: "김민준", ADDRESS: wallet.address, PHONE: "01011112222" });
    expect(payload.SPECIAL.length).toBeGreaterThan(0);
    await page.getByTestId("info-copy-qr").click();
    await expectSnack(page, Msg.copiedQr);
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(JSON.stringify(payload));
    await page.getByTestId("info-copy-address").click();
    await expectSnack(page, Msg.copiedAddress);
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(wallet.address);

    // A bad e-mail is reported and blocks saving.
    const save = page.getByTestId("info-save");
    await page.getByTestId("info-nickname").fill("민준이");
    await page.getByTestId("info-email").fill("minjun@");
    await expect.poll(() => page.getByTestId("info-email-error").textContent()).toBe(Msg.emailInvalid);
    expect(await save.isDisabled()).toBe(true);
    await page.getByTestId("info-email").fill("minjun@example.com");
    await expect.poll(() => page.getByTestId("info-email-error").count()).toBe(0);

    // Home address through the manual form (the postcode script is unreachable): lot-number address + detail.
    await page.getByTestId("address-manual").waitFor();
    await page.getByTestId("address-type-J").click();
    await page.getByTestId("address-zonecode").fill("06236");
    await page.getByTestId("address-base-input").fill("서울 강남구 역삼동 823");
    await page.getByTestId("address-choose").click();
    await page.getByTestId("address-detail").fill("3층");
    await expect.poll(() => save.isEnabled()).toBe(true);
    await shot(page, "accounts-myinfo");
    await save.click();
    await expectSnack(page, Msg.myInfoSaved, true);

    const api = await myInfoApi("01011112222", "111111");
    expect(api).toMatchObject({ nickname: "민준이", email: "minjun@example.com", homeAddress: "(06236) 서울 강남구 역삼동 823 3층", balance: 50_000 });

    await page.reload();
    await page.getByTestId("info-page").waitFor();
    expect(await page.getByTestId("info-nickname").inputValue()).toBe("민준이");
    expect(await page.getByTestId("info-email").inputValue()).toBe("minjun@example.com");
    expect(await page.getByTestId("info-home-address").textContent()).toContain("(06236) 서울 강남구 역삼동 823 3층");

    // Clearing the e-mail is allowed and stores null.
    await page.getByTestId("info-email").fill("");
    await page.getByTestId("info-save").click();
    await expectSnack(page, Msg.myInfoSaved);
    await expect.poll(async () => (await myInfoApi("01011112222", "111111")).email).toBeNull();
  });

  // ---------------------------------------------------------------- 5. address book

  it("address book: add, duplicate, non-voucher address, star first, select and delete to empty", async () => {
    const { page } = await newPage();
    await loginUi(page, "01011112222", "111111");
    const seoyeon = (await s.ctx.custody.memberWallet((await memberId("01033334444"))!))!.address;
    const shop = (await s.ctx.custody.memberWallet((await memberId("01055556666"))!))!.address;
    const treasury = (await s.ctx.custody.byKind("treasury"))!.address;

    await page.goto(s.url + "/info/address");
    await page.getByTestId("favorite-page").waitFor();
    await page.getByTestId("favorite-empty").waitFor();
    expect(await page.getByTestId("favorite-empty").textContent()).toContain(Msg.favoriteEmpty);

    const add = async (nickname: string, address: string) => {
      await page.getByTestId("favorite-nickname").fill(nickname);
      await page.getByTestId("favorite-address").fill(address);
      await page.getByTestId("favorite-add").click();
    };
    const rows = page.getByTestId("favorite-row");
    const nicknames = () => page.getByTestId("favorite-row-nickname").allTextContents();

    // Blank after trimming: refused on the client.
    await add("   ", seoyeon);
    await expectSnack(page, Msg.favoriteBlank);

    await add("서연", seoyeon);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await page.getByTestId("favorite-nickname").inputValue()).toBe("");
    await add("  마켓 1호점  ", shop.toLowerCase());
    await expect.poll(nicknames).toEqual(["마켓 1호점", "서연"]);
    expect(await page.getByTestId("favorite-row-address").allTextContents()).toEqual([shop, seoyeon]);

    await add("서연 또", seoyeon);
    await expectSnack(page, Msg.favoriteExists);
    // An operator wallet and an address nobody holds are not voucher addresses.
    await add("금고", treasury);
    await expectSnack(page, Msg.favoriteNotVoucher, true);
    await add("모름", "0x" + "12".repeat(20));
    await expectSnack(page, Msg.favoriteNotVoucher);
    expect(await rows.count()).toBe(2);

    // Star the older entry: it moves to the top.
    await rows.filter({ hasText: "서연" }).getByTestId("favorite-star").click();
    await expect.poll(nicknames).toEqual(["서연", "마켓 1호점"]);
    expect(await rows.first().getAttribute("data-checked")).toBe("true");
    expect(await rows.first().getByTestId("favorite-star").getAttribute("aria-pressed")).toBe("true");
    await shot(page, "accounts-address-book");
    const token = await s.loginUser("01011112222", "111111");
    const listed = await s.call("GET", "/api/favorite", { token });
    expect(listed.data.list.map((f: { nickname: string; check: boolean }) => [f.nickname, f.check])).toEqual([
      ["서연", true],
      ["마켓 1호점", false],
    ]);
    // The order holds after a reload.
    await page.reload();
    await expect.poll(nicknames).toEqual(["서연", "마켓 1호점"]);

    // Delete one, cancel first, then confirm; then the other.
    const del = page.getByTestId("favorite-delete");
    expect(await del.isDisabled()).toBe(true);
    await rows.filter({ hasText: "마켓 1호점" }).getByTestId("favorite-select").click();
    await expect.poll(() => del.isEnabled()).toBe(true);
    await del.click();
    await page.getByTestId("favorite-delete-dialog-cancel").click();
    await page.getByTestId("favorite-delete-dialog").waitFor({ state: "hidden" });
    expect(await rows.count()).toBe(2);
    await del.click();
    await page.getByTestId("favorite-delete-dialog-ok").click();
    await expect.poll(nicknames).toEqual(["서연"]);
    await rows.first().getByTestId("favorite-select").click();
    await del.click();
    await page.getByTestId("favorite-delete-dialog-ok").click();
    await page.getByTestId("favorite-empty").waitFor();
    expect(await page.getByTestId("favorite-empty").textContent()).toContain(Msg.favoriteEmpty);
    await shot(page, "accounts-address-book-empty");
    expect((await s.call("GET", "/api/favorite", { token })).data.list).toEqual([]);
  });

  // ---------------------------------------------------------------- 6. narrow screen

  it("at 360 px the login page and my info fit without horizontal overflow", async () => {
    const { page } = await newPage(360, 740);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth);
    await page.goto(s.url + "/login");
    await page.getByTestId("login-page").waitFor();
    expect(await overflow()).toBeLessThanOrEqual(360);
    await shot(page, "accounts-login-360");
    await loginUi(page, "01033334444", "222222");
    await page.goto(s.url + "/info/detail");
    await page.getByTestId("info-page").waitFor();
    await page.getByTestId("address-manual").waitFor();
    expect(await page.getByTestId("info-balance").textContent()).toBe("20,000원");
    expect(await overflow()).toBeLessThanOrEqual(360);
    await shot(page, "accounts-myinfo-360");
    await page.goto(s.url + "/info/address");
    await page.getByTestId("favorite-page").waitFor();
    expect(await overflow()).toBeLessThanOrEqual(360);
    await shot(page, "accounts-address-book-360");
  });
});
