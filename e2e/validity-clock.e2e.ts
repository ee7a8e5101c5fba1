import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { TestStack } from "../server/test/harness";
import { memberValidity, sendValidityNotices } from "../server/features/validity/validity.service";
import { RefundRuleLabel } from "../domain/state-labels";
import { AFTER_EXPIRY_REFUND_PERCENT } from "../domain/policy/validity";
import { shot } from "./browser";
import { enterPassword, memberId, onChain, SEOYEON, textOf, walletOf, won } from "./helpers-money";
import { browserSuite } from "./stack";

const DAY = 86_400_000;

/**
 * The clock moved forward (issue 36 "How it will be checked"): the stack runs in this process, so the test moves the
 * server's clock (`ctx.clock.advance`, server/clock.ts: what the validity rule, its notices and the refund quote
 * read; timers and login tokens keep the real time) and runs the validity notices job as the scheduler would. 이서연
 * (20,000원, charged at the demo's seeding) sees the 30-day and the 7-day notices arrive in the notification center,
 * then, past the end, the after-expiry rate (90%) and its amount on /info/refund, asks for it and an operator pays.
 * The stack reconciles the books when the suite stops (stack.ts).
 */
describe("validity on the moved clock in Chromium: the notices, then the after-expiry refund", () => {
  const suite = browserSuite();
  let s: TestStack;
  let id: number;
  const BALANCE = 20_000;
  const AFTER = Math.floor((BALANCE * AFTER_EXPIRY_REFUND_PERCENT) / 100);

  /** Puts the server's clock `days` before the member's end of validity (negative: after it), then runs the job. */
  async function clockTo(daysBeforeEnd: number) {
    const until = new Date((await memberValidity(s.ctx, id)).validUntil!).getTime();
    s.ctx.clock.advance(until - daysBeforeEnd * DAY - s.ctx.clock.now().getTime());
    await sendValidityNotices(s.ctx);
  }
  const kinds = async (page: Page) => page.getByTestId("notice-item").evaluateAll((items) => items.map((i) => i.getAttribute("data-kind")));

  beforeAll(async () => {
    s = suite.stack();
    id = await memberId(s, SEOYEON.phone);
  });

  it("30 and 7 days before the end the notices ring the bell; after it the refund page quotes 90% and the operator pays it", async () => {
    const page = await suite.memberPage(SEOYEON);
    await page.setViewportSize({ width: 390, height: 844 });
    const bell = page.getByTestId("header-bell");
    await bell.waitFor();
    await expect.poll(() => page.getByTestId("header-bell-count").count()).toBe(0);

    // 20 days before the end: the 30-day notice, pushed over the member socket (no reload).
    await clockTo(20);
    await expect.poll(() => page.getByTestId("header-bell-count").textContent(), { timeout: 15_000 }).toBe("1");
    await bell.click();
    await page.waitForURL(/\/info\/notifications$/);
    await expect.poll(() => kinds(page)).toEqual(["validity_30"]);
    const first = page.getByTestId("notice-item").first();
    expect(await first.getByTestId("notice-body").textContent()).toContain(`잔액 ${won(BALANCE)}의 유효기간이`);
    expect(await first.getByTestId("notice-body").textContent()).toContain("만료됩니다");

    // 5 days before: the 7-day notice arrives in the open list, newest first.
    await clockTo(5);
    await expect.poll(() => kinds(page)).toEqual(["validity_7", "validity_30"]);
    await expect.poll(() => textOf(page, "notices-unread")).toBe("읽지 않은 알림 2개");
    await shot(page, "validity-clock-notices");
    // The job run again on the same day tells nothing twice.
    expect(await sendValidityNotices(s.ctx)).toBe(0);

    // A day past the end: my info shows it expired with the after-expiry amount, and the notice says the rate.
    await clockTo(-1);
    await expect.poll(() => kinds(page)).toEqual(["validity_ended", "validity_7", "validity_30"]);
    expect(await page.getByTestId("notice-item").first().getByTestId("notice-body").textContent()).toContain(
      `${AFTER_EXPIRY_REFUND_PERCENT}%(${won(AFTER)})`,
    );
    await page.goto(`${s.url}/info/detail`);
    await expect.poll(() => page.getByTestId("validity-card").getAttribute("data-state")).toBe("expired");
    expect(await textOf(page, "validity-after-expiry")).toContain(`${AFTER_EXPIRY_REFUND_PERCENT}%인 ${won(AFTER)}`);

    // The refund page: the after-expiry rule, its amount and the deduction.
    await page.goto(`${s.url}/info/refund`);
    await expect.poll(() => textOf(page, "refund-rule")).toContain(RefundRuleLabel.expired);
    expect(await textOf(page, "refund-refundable")).toContain(won(AFTER));
    expect(await textOf(page, "refund-refundable")).toContain(`공제 ${won(BALANCE - AFTER)}`);
    await shot(page, "validity-clock-refund");
    await page.getByTestId("refund-bank").fill("국민은행");
    await page.getByTestId("refund-account").fill("1234567890");
    await page.getByTestId("refund-holder-check").click();
    await page.getByTestId("refund-holder-ok").waitFor();
    await page.getByTestId("refund-amount").fill(String(AFTER));
    await page.getByTestId("refund-submit").click();
    await enterPassword(page, SEOYEON.password);
    await page.getByTestId("refund-history-row").first().waitFor();
    const wallet = await walletOf(s, SEOYEON.phone);
    await expect.poll(() => onChain(s, wallet)).toBe(0);

    // The operator pays AFTER to the bank; the whole balance (payout and deduction) leaves the supply.
    const supply = async () => Number(await s.ctx.chain.token.totalSupply());
    const before = await supply();
    const admin = await suite.adminPage();
    await admin.goto(`${s.url}/admin/refund`);
    const row = admin.getByTestId("refund-table-row").filter({ hasText: "이서연" }).first();
    expect(await row.textContent()).toContain(won(AFTER).replace("원", ""));
    await row.click();
    await admin.getByTestId("refund-bank-ref").fill("KB-EXPIRED-0001");
    await admin.getByTestId("refund-pay").click();
    await expect.poll(async () => before - (await supply()), { timeout: 20_000 }).toBe(BALANCE);
  }, 180_000);
});
