import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../server/test/harness";
import { shot } from "./browser";
import { expectNoA11yViolations } from "./axe";
import { browserSuite, submitMemberLogin } from "./stack";
import { MINJUN, SEOYEON, enterPassword, onChain, textOf, walletOf } from "./helpers-money";

/**
 * Merchant payments (issue 52) in Chromium, on the embedded default's demo shop (it calls only the public payment API
 * and learns of payments from its own signed webhooks): a cart paid through the member app's checkout, marked paid by
 * the webhook and partly cancelled; another paid by its QR code read in the member app's QR 결제; the shop owner's
 * 결제 연동 screen shows the payments and their deliveries.
 */
describe("merchant payments through the demo shop, in Chromium", () => {
  const suite = browserSuite();
  let s: TestStack;

  beforeAll(() => {
    s = suite.stack();
  });

  const order = async (page: import("playwright-core").Page, adds: string[]) => {
    await page.goto(`${s.url}/demo-shop`);
    for (const sku of adds) await page.getByTestId(`demo-add-${sku}`).click();
    await page.getByTestId("demo-checkout").click();
    await page.waitForURL(/\/demo-shop\/orders\/DEMO-/);
    expect(await textOf(page, "demo-order-state")).toBe("결제 대기");
  };

  it("pays a cart through the member app's checkout, is marked paid by the webhook, and gives part back", async () => {
    const page = await suite.newPage({ width: 390, height: 844 });
    const wallet = await walletOf(s, MINJUN.phone);
    const before = await onChain(s, wallet);
    await page.goto(`${s.url}/demo-shop`);
    await page.getByTestId("demo-add-latte").click();
    await page.getByTestId("demo-add-latte").click();
    await page.getByTestId("demo-add-cheesecake").click();
    expect(await textOf(page, "demo-total")).toBe("16,800원");
    await page.getByTestId("demo-checkout").click();
    await page.waitForURL(/\/demo-shop\/orders\/DEMO-/);
    await shot(page, "merchant-demo-order");

    // The checkout asks for a login first and comes back to the payment.
    await page.getByTestId("demo-pay-link").click();
    await page.waitForURL(/\/login$/);
    await submitMemberLogin(page, MINJUN);
    await page.waitForURL(/\/pay\/pay_/);
    await page.getByTestId("checkout").waitFor();
    expect(await textOf(page, "checkout-merchant")).toBe("KRW 마켓 1호점");
    expect(await textOf(page, "checkout-item")).toBe("카페라떼 외 1건");
    expect(await textOf(page, "checkout-amount")).toBe("16,800원");
    expect(await textOf(page, "checkout-fee")).toBe("200원");
    expect(await textOf(page, "checkout-total")).toBe("17,000원");
    await shot(page, "merchant-checkout");
    await expectNoA11yViolations(page, "checkout at 390 px");
    await page.getByTestId("checkout-pay").click();
    await enterPassword(page, MINJUN.password);

    // Back at the shop, which knows it was paid only from its webhook.
    await page.waitForURL(/\/demo-shop\/orders\/DEMO-.*paymentId=pay_/);
    await expect.poll(() => textOf(page, "demo-order-state"), { timeout: 20_000 }).toBe("결제 완료");
    expect(await onChain(s, wallet)).toBe(before - 17_000);

    await page.getByTestId("demo-cancel-amount").fill("5000");
    await page.getByTestId("demo-cancel-reason").fill("케이크 취소");
    await page.getByTestId("demo-cancel").click();
    await expect.poll(() => textOf(page, "demo-cancel-result")).toBe("5,000원 취소 완료 · 남은 금액 11,800원");
    await expect.poll(() => textOf(page, "demo-order-state"), { timeout: 20_000 }).toBe("부분 취소");
    expect(await onChain(s, wallet)).toBe(before - 12_000);

    // The member's 사용내역: the payment and the money given back, named by the shop and the item.
    await page.goto(`${s.url}/info/history?tab=2`);
    const back = page.getByTestId("history-row").filter({ hasText: "결제 취소" }).first();
    await back.waitFor();
    expect(await back.getByTestId("history-title").innerText()).toBe("KRW 마켓 1호점 · 카페라떼 외 1건");
    expect(await back.innerText()).toContain("+5,000");
  });

  it("pays an order by its QR code read in the member app; a code that is not a payment is refused", async () => {
    const shop = await suite.newPage();
    await order(shop, ["americano"]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "krw-qr-")), "qr.png");
    fs.writeFileSync(file, await shop.getByTestId("demo-qr").locator("svg").screenshot());

    const member = await suite.memberPage(SEOYEON);
    await member.setViewportSize({ width: 390, height: 844 });
    const wallet = await walletOf(s, SEOYEON.phone);
    const before = await onChain(s, wallet);
    await member.goto(`${s.url}/scan`);
    await member.getByTestId("scan-typed").fill("https://example.com/not-a-payment");
    await member.getByTestId("scan-go").click();
    expect(await textOf(member, "scan-problem")).toBe("결제 QR이 아닙니다. 가맹점의 결제 QR을 스캔해 주세요.");
    await expectNoA11yViolations(member, "QR 결제 with its refusal");
    await member.getByTestId("scan-file").setInputFiles(file);
    await member.waitForURL(/\/pay\/pay_/);
    await member.getByTestId("checkout").waitFor();
    expect(await textOf(member, "checkout-amount")).toBe("4,500원");
    await member.getByTestId("checkout-pay").click();
    await enterPassword(member, SEOYEON.password);
    await member.waitForURL(/\/demo-shop\/orders\/DEMO-/);
    expect(await onChain(s, wallet)).toBe(before - 4_700);
    // The shop's own page, open all along, turns paid by itself.
    await expect.poll(() => textOf(shop, "demo-order-state"), { timeout: 20_000 }).toBe("결제 완료");

    // Paid once: the checkout opened again says so and offers no payment.
    await member.goBack();
    await member.waitForURL(/\/pay\/pay_/);
    await member.reload();
    await member.getByTestId("checkout-refusal").waitFor();
    expect(await member.getByTestId("checkout-pay").count()).toBe(0);
  });

  it("shows the shop owner its payments and webhook deliveries, and operators the merchants", async () => {
    const owner = await suite.adminPage("shop01", "shop1234", { landing: /\/admin\/(calc|merchant)/ });
    await owner.goto(`${s.url}/admin/merchant`);
    const payments = owner.getByTestId("payments-table");
    await expect.poll(() => payments.innerText(), { timeout: 20_000 }).toContain("카페라떼 외 1건");
    const deliveries = owner.getByTestId("deliveries-table");
    await expect.poll(() => deliveries.innerText()).toContain("payment.paid");
    expect(await deliveries.innerText()).toContain("payment.cancelled");
    await shot(owner, "merchant-own");

    const op = await suite.adminPage();
    await op.goto(`${s.url}/admin/merchants`);
    await expect.poll(() => textOf(op, "merchant-row-1")).toContain("KRW 마켓 1호점");
  });
});
