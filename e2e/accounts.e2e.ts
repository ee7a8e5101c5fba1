import { beforeAll, describe, expect, it } from "vitest";
import { shot } from "./browser";
import { accountsSuite } from "./accounts-kit";
import type { TestStack } from "../server/test/harness";
import { ADULT_BIRTH, birthForAge, verifyByHttp } from "../server/providers/identity/testing";
import { Msg, withTriesLeft } from "../domain/messages";

/**
 * End-user accounts in real Chromium against a whole seeded stack (spec user-app §2–§3): sign-up through the
 * simulated identity popup, login and 'save phone number', password reset and change. One stack for the file, a fresh
 * browser context per test (e2e/accounts-kit.ts); my info and the address book are in my-info.e2e.ts.
 */
describe("accounts in Chromium", () => {
  const { stack, newPage, verifyInPopup, expectResult, loginUi, expectSnack, myInfoApi, memberId } = accountsSuite();
  let s: TestStack;
  beforeAll(() => {
    s = stack();
  });

  // ---------------------------------------------------------------- 1. sign-up

  it("signs up a new adult through the popup, sets a password under every rule, then logs in", async () => {
    const { page } = await newPage();
    const phone = "01070001111";
    await page.goto(`${s.url}/signup`);
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
    expect(
      await s.ctx.db.selectFrom("verifications").select(["status", "phone", "name"]).where("key", "=", keyInfo).executeTakeFirst(),
    ).toEqual({
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
    await page.goto(`${s.url}/signup`);
    await page.waitForURL(`${s.url}/`);
  });

  it("an already-registered phone gets result 1 (→ /login)", async () => {
    const { page } = await newPage();
    await page.goto(`${s.url}/signup`);
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
    await page.goto(`${s.url}/signup`);
    await page.getByTestId("signup-agree-all").click();
    // Turns 19 in two days: still 18 by full age.
    await verifyInPopup(page, page.getByTestId("signup-verify"), { name: "최어린", birth: birthForAge(19, 2).replace(/-/g, ""), phone });
    await expectResult(page, 2);
    await shot(page, "accounts-result-under-age");
    expect(await memberId(phone)).toBeUndefined();
    await page.getByTestId("result-button").click();
    await page.waitForURL(`${s.url}/`);
  });

  // ---------------------------------------------------------------- 2. login

  it("login: an answer without a token (code 200, no accessToken) is a failed login, and no session is kept", async () => {
    const { page } = await newPage();
    await page.route("**/api/auth/login_user", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ code: 200, data: {} }) }),
    );
    await page.goto(`${s.url}/login`);
    await page.getByTestId("login-page").waitFor();
    await page.getByTestId("login-phone").fill("01033334444");
    await page.getByTestId("login-password").fill("222222");
    await page.getByTestId("login-submit").click();
    await page.getByTestId("login-error").waitFor();
    expect(await page.getByTestId("login-error-message").textContent()).toBe(Msg.loginFailed);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => /token|account|session/i.test(k)))).toEqual([]);
    expect(page.url()).toMatch(/\/login$/);
  });

  it("login: a wrong password shows the dialog, the right one shows the balance; 'save phone number' survives logout", async () => {
    const { page } = await newPage();
    await page.goto(`${s.url}/login`);
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
    await page.waitForURL(`${s.url}/`);
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
    await page.goto(`${s.url}/info/detail`);
    await page.waitForURL(/\/login$/);

    // Unticking it forgets the phone at the next login.
    await page.getByTestId("login-password").fill("222222");
    await page.getByTestId("login-remember").click();
    await expect.poll(() => page.getByTestId("login-remember-input").isChecked()).toBe(false);
    await page.getByTestId("login-submit").click();
    // the login returns to the page that asked for it
    await page.waitForURL(`${s.url}/info/detail`);
    expect((await page.context().cookies()).find((c) => c.name === "krw_saved_phone")).toBeUndefined();
  });

  // ---------------------------------------------------------------- 3. password reset

  it("password reset from /login: re-verification popup, new password, result 5, login with it", async () => {
    const phone = "01070003333";
    const v = await verifyByHttp(s, "signup", { name: "정하늘", birth: ADULT_BIRTH, phone });
    expect(v.code).toBe(0);
    expect((await s.call("PUT", "/api/auth", { body: { key_info: v.key, password: "111222" } })).code).toBe(200);

    const { page } = await newPage();
    await page.goto(`${s.url}/login`);
    await verifyInPopup(
      page,
      page.getByTestId("login-find-password"),
      { name: "정하늘", birth: ADULT_BIRTH, phone },
      "accounts-reauth-popup",
    );
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
    await page.goto(`${s.url}/login`);
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
    await page.goto(`${s.url}/info/detail`);
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
    expect(page.url()).toBe(`${s.url}/info/detail`);
    // Still signed in: the change ended the sessions from before it and this one took the new token.
    const myInfo = page.waitForResponse((r) => r.url().endsWith("/api/info/myinfo"));
    await page.reload();
    expect((await myInfo).status()).toBe(200);
    await page.getByTestId("info-page").waitFor();
    expect(page.url()).toBe(`${s.url}/info/detail`);
    expect((await s.call("POST", "/api/auth/login_user", { body: { username: phone, password: "246810" } })).code).not.toBe(200);
    expect((await s.call("POST", "/api/auth/login_user", { body: { username: phone, password: "135799" } })).code).toBe(200);
  });
});
