import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { shot } from "./browser";
import { browserSuite } from "./stack";
import { MINJUN, SEOYEON, SHOP, onChain, textOf, walletOf, won } from "./helpers-money";
import type { TestStack } from "../server/test/harness";
import { Msg } from "../domain/messages";

/** Settlement in Chromium: shop01 requests with the shop member's password, admin approves (burn); chain and screens agree. */
describe("settlement in Chromium", () => {
  const suite = browserSuite();
  let s: TestStack;
  let shopAddr: string;
  let escrow: string;
  const expectSnack = (page: Page, message: string) => page.getByTestId("admin-snackbar").filter({ hasText: message }).first().waitFor();
  const supply = async () => Number(await s.ctx.chain.token.totalSupply());

  beforeAll(async () => {
    s = suite.stack();
    shopAddr = await walletOf(s, SHOP.phone);
    escrow = (await s.ctx.custody.byKind("settlement"))!.address;
    // A member uses 12,000 won of vouchers at the demo shop.
    const member = await s.loginUser(MINJUN.phone, MINJUN.password);
    const use = await s.call("POST", "/api/use/trade/address", {
      token: member,
      body: { opponentAddress: shopAddr, kind: 0, type: 0, value: 12_000, password: MINJUN.password },
    });
    expect(use.code).toBe(200);
    await s.waitIndexed();
  });

  it("shop01 requests settlement with the password; admin is notified and approves; the burn shows everywhere", async () => {
    const supply0 = await supply();
    const escrow0 = await onChain(s, escrow);
    const admin = await suite.adminPage();
    await admin.goto(`${s.url}/admin/calc/management`);
    await admin.getByTestId("calc-table").waitFor();

    const shop = await suite.adminPage("shop01", "shop1234", { landing: /\/admin\/calc\/request$/ });
    await expect.poll(() => textOf(shop, "calc-balance"), { timeout: 20_000 }).toBe(won(12_000));
    // Bad inputs: no amount, more than the balance.
    await shop.getByTestId("calc-submit").click();
    expect(await textOf(shop, "calc-amount-error")).toBe(Msg.required);
    await shop.getByTestId("calc-amount").fill("20000");
    await shop.getByTestId("calc-submit").click();
    expect(await textOf(shop, "calc-amount-error")).toBe(Msg.settlementOverBalance);
    await shop.getByTestId("calc-amount").fill("5000");
    await shop.getByTestId("calc-submit").click();
    // A wrong password first, then the shop member's own.
    const input = shop.getByTestId("password-input");
    await shop.getByTestId("password-dialog").waitFor();
    await input.fill("000000");
    await shop.getByTestId("password-confirm").click();
    await expectSnack(shop, Msg.passwordWrong);
    await input.fill(SHOP.password);
    await shop.getByTestId("password-confirm").click();
    await expectSnack(shop, Msg.settlementRequestDone);
    await shop.getByTestId("password-dialog").waitFor({ state: "hidden" });
    const historyRow = shop.getByTestId("calc-history-table").locator("tbody tr").first();
    await expect.poll(() => historyRow.textContent(), { timeout: 20_000 }).toContain("승인 대기");
    await expect.poll(() => textOf(shop, "calc-balance"), { timeout: 20_000 }).toBe(won(7_000));
    expect(await onChain(s, shopAddr)).toBe(7_000);
    expect(await onChain(s, escrow)).toBe(escrow0 + 5_000);
    await shot(shop, "calc-request");

    // The operator gets the '정산' notification live.
    await admin.getByTestId("admin-notify-dialog").waitFor();
    expect(await admin.getByTestId("admin-notify-kind").textContent()).toBe("정산");
    await admin.getByTestId("admin-notify-close").click();
    await admin.reload();
    const row = admin.getByTestId("calc-table").locator("tbody tr").first();
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain("승인 대기");
    expect(await row.textContent()).toContain(SHOP.phone);
    expect(await row.getByTestId("calc-row-delete").count()).toBe(1);
    await row.click();
    await admin.getByTestId("calc-detail-approve").click();
    // Asked first: approving burns the amount.
    await expect.poll(() => textOf(admin, "calc-approve-confirm-message")).toBe(Msg.settlementApproveConfirm);
    await admin.getByTestId("calc-approve-confirm-ok").click();
    await expectSnack(admin, Msg.approveDone);
    // "승인", not the "승인 대기" the row shows until the list is read again.
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toMatch(/승인(?! 대기)/);
    expect(await row.getByTestId("calc-row-delete").count()).toBe(0);
    await shot(admin, "calc-management-approved");

    // The chain: totalSupply fell by exactly the amount, the escrow is back where it was.
    expect(await supply()).toBe(supply0 - 5_000);
    expect(await onChain(s, escrow)).toBe(escrow0);
    expect(await onChain(s, shopAddr)).toBe(7_000);
    await shop.reload();
    await expect
      .poll(() => shop.getByTestId("calc-history-table").locator("tbody tr").first().textContent(), { timeout: 20_000 })
      .toMatch(/승인(?! 대기)/);
    expect(await textOf(shop, "calc-balance")).toBe(won(7_000));
    // The shop wallet's gift history (isExchange5) shows a gift it receives.
    const seoyeon = await s.loginUser(SEOYEON.phone, SEOYEON.password);
    expect(
      (
        await s.call("POST", "/api/gift/trade/address", {
          token: seoyeon,
          body: { opponentAddress: shopAddr, kind: 0, type: 1, value: 1_000, password: SEOYEON.password },
        })
      ).code,
    ).toBe(200);
    await shop.goto(`${s.url}/admin/calc/wallet`);
    const gift = shop.getByTestId("calc-gift-table").locator("tbody tr").first();
    await expect.poll(() => gift.textContent(), { timeout: 20_000 }).toContain("받음");
    expect(await gift.textContent()).toContain("1,000");
    await shot(shop, "calc-wallet");
    // The operators' status page: the shop's card for today agrees with the chain.
    await admin.goto(`${s.url}/admin/calc/status`);
    const card = admin.getByTestId("calc-status-today").locator(`[data-address="${shopAddr}"]`);
    await expect
      .poll(() => card.getByTestId("calc-status-c_money").textContent(), { timeout: 20_000 })
      .toBe(won(await onChain(s, shopAddr)));
    expect(await card.getByTestId("calc-status-c_money").textContent()).toBe(won(8_000));
    expect(await card.getByTestId("calc-status-y_money").textContent()).toBe(won(0));
    expect(await card.getByTestId("calc-status-calc").textContent()).toBe(won(5_000));
    expect(await card.getByTestId("calc-status-deposit").textContent()).toBe(won(12_000));
    expect(await card.getByTestId("calc-status-gift").textContent()).toBe(won(1_000));
    await admin.getByTestId("calc-owner-search").click();
    await expect.poll(() => textOf(admin, "calc-owner-error")).toBe(Msg.settlementKeywordRequired);
    await admin.getByTestId("calc-owner-keyword").fill("없는 점주");
    await admin.getByTestId("calc-owner-search").click();
    await expect.poll(() => textOf(admin, "calc-owner-error")).toBe(Msg.settlementNoMatch);
    await admin.getByTestId("calc-owner-keyword").fill("1호점");
    await admin.getByTestId("calc-owner-search").click();
    await admin.getByTestId("calc-owner-row").first().click();
    await admin.getByTestId("calc-status-range-apply").click();
    await expect.poll(() => textOf(admin, "calc-status-history-error")).toBe(Msg.settlementSelectWallet);
    await admin.getByTestId("calc-owner-wallet").first().click();
    await admin.getByTestId("calc-status-selected").waitFor();
    await admin.getByTestId("calc-status-range-apply").click();
    await expect.poll(() => admin.getByTestId("calc-status-history").textContent(), { timeout: 20_000 }).toContain("사용");
    await shot(admin, "calc-status");
    // A permission-3 operator is sent away from management.
    await shop.goto(`${s.url}/admin/calc/management`);
    await shop.waitForURL((u) => !u.pathname.includes("/calc/management"));
  });
});
