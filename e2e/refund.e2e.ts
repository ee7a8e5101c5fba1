import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { Msg } from "../domain/messages";
import { FEE_WON } from "../domain/constants";
import type { TestStack } from "../server/test/harness";
import { createMember } from "../server/features/members/members.service";
import { memberById } from "../server/records/members.repo";
import { acceptBuy, requestBuy } from "../server/features/purchases/purchases.service";
import { browserSuite } from "./stack";
import { SHOP, enterPassword, onChain, textOf, walletOf, won } from "./helpers-money";

/**
 * 잔액 환불 in Chromium (issue 36): a fresh member buys 20,000원 (the operator approves), uses 12,000원 at the demo
 * shop (11,800 and the 200원 fee) and asks for the remaining 8,000원 on /info/refund: first to an account held by someone else (refused with the
 * Korean message), then to one in their own name; an operator pays it out from /admin/refund with the bank's
 * reference, totalSupply falls by exactly 8,000 and the history's 환불 tab shows it paid.
 *
 * Why 20,000 / 12,000 / 8,000 and not the literal 10,000 / 6,000 / 4,000: the FTC standard terms for new-type
 * vouchers (신유형 상품권 표준약관 제7조②), which we implement (domain/policy/refund.ts), allow a refund of the balance
 * of a voucher of 10,000원 or less after 80% use, and of a larger one after 60% use. 6,000 of 10,000 is 60%: not
 * refundable under those terms. 12,000 of 20,000 is 60% of a voucher above 10,000원: refundable in full. See the
 * decision in server/features/refunds/README.md. Then a 청약철회 from the purchase history (an unused purchase). The stack reconciles the books when the suite stops (stack.ts).
 */
describe("refund of the balance in Chromium", () => {
  const suite = browserSuite();
  let s: TestStack;
  const WHO = { phone: "01077770001", password: "246810", name: "최환불" };
  const BUY = 20_000;
  /** The use leaves the wallet with its fee (FEE_WON): 11,800 + 200 = 12,000 used, 60% of 20,000. */
  const USE = 12_000 - FEE_WON;
  const LEFT = BUY - USE - FEE_WON;
  const supply = async () => Number(await s.ctx.chain.token.totalSupply());

  beforeAll(async () => {
    s = suite.stack();
    const m = await createMember(s.ctx, { phonenumber: WHO.phone, password: WHO.password, username: WHO.name });
    const order = await requestBuy(s.ctx, (await memberById(s.ctx.db, m.id))!, BUY, WHO.password);
    expect((await acceptBuy(s.ctx, order.id)).status).toBe("confirmed");
    await s.waitIndexed();
    const token = await s.loginUser(WHO.phone, WHO.password);
    const shop = await walletOf(s, SHOP.phone);
    const used = await s.call("POST", "/api/use/trade/address", {
      token,
      body: { opponentAddress: shop, kind: 0, type: 0, value: USE, password: WHO.password },
    });
    expect(used.code).toBe(200);
    await s.waitIndexed();
  }, 120_000);

  it("asks for the remaining 8,000원 (another holder's account refused), the operator pays, supply falls by 8,000, 환불 tab shows it", async () => {
    const wallet = await walletOf(s, WHO.phone);
    expect(await onChain(s, wallet)).toBe(LEFT);
    const page: Page = await suite.memberPage(WHO);
    await page.setViewportSize({ width: 390, height: 844 }); // the member's screens at a phone's width

    // my info links to the refund page
    await page.goto(`${s.url}/info/detail`);
    await page.getByTestId("info-refund-link").click();
    await page.waitForURL(`${s.url}/info/refund`);
    await expect.poll(() => textOf(page, "refund-refundable")).toContain(won(LEFT));

    await page.getByTestId("refund-bank").fill("국민은행");
    await page.getByTestId("refund-account").fill("9991234567");
    await page.getByTestId("refund-holder-check").click();
    await expect.poll(() => textOf(page, "refund-error")).toBe(Msg.refundHolderMismatch);

    await page.getByTestId("refund-account").fill("1234567890");
    await page.getByTestId("refund-holder-check").click();
    await page.getByTestId("refund-holder-ok").waitFor();
    await page.getByTestId("refund-amount").fill(String(LEFT));
    await page.getByTestId("refund-submit").click();
    await enterPassword(page, WHO.password);
    await page.getByTestId("refund-history-row").first().waitFor();
    await expect.poll(() => onChain(s, wallet)).toBe(0);

    const before = await supply();
    const admin = await suite.adminPage();
    await admin.goto(`${s.url}/admin/refund`);
    await admin.getByTestId("refund-table-row").filter({ hasText: WHO.name }).first().click();
    await admin.getByTestId("refund-bank-ref").fill("KB-20261126-0001");
    await admin.getByTestId("refund-pay").click();
    await expect.poll(async () => before - (await supply()), { timeout: 20_000 }).toBe(LEFT);

    await page.goto(`${s.url}/info/history?tab=4`);
    const row = page.getByTestId("history-refund-row").first();
    await row.waitFor();
    expect(await row.textContent()).toContain(won(LEFT));
    await expect.poll(() => textOf(page, "history-refund-state")).toBe("지급 완료");

    // Its 거래확인서: both transactions (into the refund escrow, then the burn), each with its public verification.
    await row.getByTestId("history-refund-receipt").click();
    await page.getByTestId("receipt").waitFor();
    expect(await textOf(page, "receipt-kind")).toBe("잔액 환불");
    expect(await textOf(page, "receipt-status")).toBe("지급 완료");
    const hashes = await page.getByTestId("receipt-move-hash").allTextContents();
    expect(hashes).toHaveLength(2);
    for (const h of hashes) expect(h).toMatch(/^0x[0-9a-f]{64}$/);
    await page.getByTestId("receipt-move-verify").nth(1).click();
    await page.waitForURL(`**/verify/tx/${hashes[1]}`);
  }, 180_000);

  it("청약철회 from the purchase history: an unused purchase is offered, confirmed, paid with the password; the 환불 tab lists it", async () => {
    const who = { phone: "01077770002", password: "135790", name: "한철회" };
    const m = await createMember(s.ctx, { phonenumber: who.phone, password: who.password, username: who.name });
    const order = await requestBuy(s.ctx, (await memberById(s.ctx.db, m.id))!, 10_000, who.password);
    expect((await acceptBuy(s.ctx, order.id)).status).toBe("confirmed");
    await s.waitIndexed();
    const wallet = await walletOf(s, who.phone);
    const page = await suite.memberPage(who);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${s.url}/info/history?tab=1`);
    await page.getByTestId("withdraw-offer").waitFor();
    await page.getByTestId("withdraw-order").first().click();
    await page.getByTestId("withdraw-bank").fill("우리은행");
    await page.getByTestId("withdraw-account").fill("1002123456789");
    await page.getByTestId("withdraw-submit").click();
    await page.getByTestId("withdraw-confirm-ok").click();
    await enterPassword(page, who.password);
    await expect.poll(() => onChain(s, wallet), { timeout: 20_000 }).toBe(0);
    await page.getByTestId("history-tab-4").click();
    const row = page.getByTestId("history-refund-row").first();
    await row.waitFor();
    expect(await row.textContent()).toContain("청약철회");
    expect(await row.textContent()).toContain(won(10_000));
  }, 120_000);
});
