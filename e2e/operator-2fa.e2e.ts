import { generate } from "otplib";
import { beforeAll, describe, expect, it } from "vitest";
import { shot } from "./browser";
import { browserSuite } from "./stack";
import type { TestStack } from "../server/test/harness";
import { insertOperator } from "../server/test/operators";
import { OperatorPermission } from "../domain/constants";
import { Code } from "../domain/codes";
import { Msg, withTriesLeft } from "../domain/messages";

/** The authenticator app's code, `steps` periods of 30 s from now (the server takes one either side). */
const code = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

describe("operator two-factor login in Chromium", () => {
  const suite = browserSuite();
  let s: TestStack;
  beforeAll(() => {
    s = suite.stack();
  });

  it("an operator with 2FA cannot log in without the code", async () => {
    // Enrol from the operator's own screen: the QR code and the secret shown as text, confirmed by a first code.
    const page = await suite.adminPage();
    await page.getByTestId("admin-security-link").click();
    await page.waitForURL(/\/admin\/security$/);
    expect(await page.getByTestId("security-state").textContent()).toBe("사용 안 함");
    await page.getByTestId("security-start").click();
    await page.getByTestId("security-totp-qr").locator("svg").waitFor();
    const secret = (await page.getByTestId("security-totp-secret").textContent())!.replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await shot(page, "admin-security-enrol");
    await page.getByTestId("security-totp-code").fill("000000");
    await page.getByTestId("security-totp-confirm").click();
    if ((await code(secret)) !== "000000") await page.getByTestId("security-enrol-error").filter({ hasText: Msg.otpWrong }).waitFor();
    await page.getByTestId("security-totp-code").fill(await code(secret));
    await page.getByTestId("security-totp-confirm").click();
    // The recovery codes, this once.
    const codes = page.getByTestId("security-recovery-codes").locator("li");
    await expect.poll(() => codes.count()).toBe(10);
    const recovery = (await codes.allTextContents()).map((c) => c.trim());
    for (const c of recovery) expect(c).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    await shot(page, "admin-security-recovery-codes");
    await page.getByTestId("security-recovery-done").click();
    await expect.poll(() => page.getByTestId("security-state").textContent()).toBe("사용 중");
    expect(await page.getByTestId("security-recovery-left").textContent()).toBe("10개");
    // The session that enrolled goes on (its token was renewed): a screen behind the login still loads.
    await page.getByTestId("admin-menu-main").click();
    await page.waitForURL(/\/admin\/main$/);

    // Log out.
    await page.getByTestId("admin-logout").click();
    await page.getByTestId("admin-logout-confirm-ok").click();
    await page.waitForURL(/\/admin\/login$/);

    // The right password alone does not log in: the code is asked for, and nothing signs in without it.
    await page.getByTestId("admin-login-id").fill("admin");
    await page.getByTestId("admin-login-password").fill("admin1234");
    await page.getByTestId("admin-login-submit").click();
    await page.getByTestId("admin-login-otp").waitFor();
    await page.getByTestId("admin-login-submit").click();
    await page.getByTestId("admin-login-error").filter({ hasText: Msg.otpRequired }).waitFor();
    expect(page.url()).toMatch(/\/admin\/login$/);
    expect((await page.context().cookies()).some((c) => c.name === "krw_admin_token")).toBe(false);
    // The API says the same: a distinct code, no token.
    const api = await s.call("POST", "/api/auth/login_admin", { body: { username: "admin", password: "admin1234" } });
    expect([api.status, api.code, api.data]).toEqual([401, Code.OTP_REQUIRED, undefined]);

    // A wrong code is refused (and counted); the app's current code logs in.
    const right = await code(secret, 1);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, "0");
    await page.getByTestId("admin-login-otp").fill(wrong);
    await page.getByTestId("admin-login-submit").click();
    await page
      .getByTestId("admin-login-error")
      .filter({ hasText: withTriesLeft(Msg.otpWrong, 4) })
      .waitFor();
    expect(page.url()).toMatch(/\/admin\/login$/);
    await shot(page, "admin-login-otp");
    await page.getByTestId("admin-login-otp").fill(right);
    await page.getByTestId("admin-login-submit").click();
    await page.waitForURL(/\/admin\/main$/);
    await page.getByTestId("admin-side-menu").first().waitFor();

    // The same code again (another browser) is refused: a code is good once.
    const other = await suite.newPage();
    await other.goto(`${s.url}/admin/login`);
    await other.getByTestId("admin-login-id").fill("admin");
    await other.getByTestId("admin-login-password").fill("admin1234");
    await other.getByTestId("admin-login-submit").click();
    await other.getByTestId("admin-login-otp").fill(right);
    await other.getByTestId("admin-login-submit").click();
    await other.getByTestId("admin-login-error").filter({ hasText: Msg.otpReused }).waitFor();
    // A recovery code logs in instead.
    await other.getByTestId("admin-login-otp").fill(recovery[0]!);
    await other.getByTestId("admin-login-submit").click();
    await other.waitForURL(/\/admin\/main$/);
  });

  it("내 보안 설정 is in reach on a phone-sized screen, from the drawer", async () => {
    await insertOperator(s.ctx, "narrow01", OperatorPermission.SUPER, {});
    const page = await suite.adminPage("narrow01", "operator1234", { width: 360, height: 740 });
    // Its toolbar has no room for one more button: the drawer holds the link.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByTestId("admin-menu-button").click();
    await page.getByTestId("admin-drawer-security").click();
    await page.waitForURL(/\/admin\/security$/);
    await page.getByTestId("security-start").waitFor();
  });

  it("OPERATOR_2FA=required keeps a permission-0 operator on 내 보안 설정 until it enrols", async () => {
    // The setting as a start with OPERATOR_2FA=required reads it (config is read at each login).
    s.ctx.config.operatorTwoFactor = "required";
    try {
      await insertOperator(s.ctx, "superotp", OperatorPermission.SUPER, {});
      const page = await suite.adminPage("superotp", "operator1234", { landing: /\/admin\/security$/ });
      await page.getByTestId("security-required").waitFor();
      // Every other screen is closed to this session: the menu is off, a typed address comes back here.
      expect(await page.getByTestId("admin-menu-main").getAttribute("data-enabled")).toBe("false");
      await page.goto(`${s.url}/admin/sale/sell`);
      await page.waitForURL(/\/admin\/security$/);

      await page.getByTestId("security-start").click();
      const secret = (await page.getByTestId("security-totp-secret").textContent())!.replace(/\s/g, "");
      await page.getByTestId("security-totp-code").fill(await code(secret));
      await page.getByTestId("security-totp-confirm").click();
      // The codes stay on screen while the session becomes a full one…
      await expect.poll(() => page.getByTestId("security-recovery-codes").locator("li").count()).toBe(10);
      await expect.poll(() => page.getByTestId("admin-menu-main").getAttribute("data-enabled")).toBe("true");
      // …and once kept, the operator goes on to its landing screen.
      await page.getByTestId("security-recovery-done").click();
      await page.waitForURL(/\/admin\/main$/);
      await page.getByTestId("admin-toolbar").waitFor();
    } finally {
      s.ctx.config.operatorTwoFactor = "optional";
    }
  });
});
