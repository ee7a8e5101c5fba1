import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { shot } from "./browser";
import { browserSuite } from "./stack";
import type { TestStack } from "../server/test/harness";
import { MINJUN, textOf } from "./helpers-money";
import { Msg } from "../domain/messages";

/**
 * Issue 34: an amount is never reinterpreted. In every amount field of both apps, `10.5`, `-300`, `1e3` and `１０００`
 * — pasted with Control+V from the real clipboard, written whole by fill() (an insertText, as a keyboard that inserts
 * words does) or set as autofill does (the value and an input event) — leave the field exactly as it was and say so
 * in Korean; `.`, `-` and `e` typed are blocked; `1,000원` pasted becomes 1,000. The old code read `10.5` as 105.
 */
describe("amount fields take whole won or nothing (issue 34)", () => {
  const suite = browserSuite();
  let s: TestStack;
  let member: Page;
  let admin: Page;
  let shop: Page;

  const REFUSED = ["10.5", "-300", "1e3", "１０００"];

  /** A page whose context may read and write the clipboard (Control+V pastes what was written). */
  async function withClipboard(page: Page): Promise<Page> {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: s.url });
    return page;
  }

  beforeAll(async () => {
    s = suite.stack();
    member = await withClipboard(await suite.memberPage(MINJUN, { forSuite: true }));
    admin = await withClipboard(await suite.adminPage("admin", "admin1234", { forSuite: true }));
    shop = await withClipboard(await suite.adminPage("shop01", "shop1234", { landing: /\/admin\/calc\/request$/, forSuite: true }));
  });

  /** Puts `text` on the clipboard and pastes it over the whole field with Control+A, Control+V. */
  async function pasteOver(page: Page, testId: string, text: string) {
    await page.evaluate((t) => navigator.clipboard.writeText(t), text);
    const field = page.getByTestId(testId);
    await field.focus();
    await page.keyboard.press("Control+A");
    await page.keyboard.press("Control+V");
  }

  /** What a browser's autofill does: the value set whole, then an input event (no key, no paste, no beforeinput). */
  async function autofill(page: Page, testId: string, text: string) {
    await page.getByTestId(testId).evaluate((el, t) => {
      const input = el as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, t);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }, text);
  }

  /** Types a fresh start amount (which also clears an earlier refusal) and checks what the field shows. */
  async function start(page: Page, testId: string, shown: string) {
    const field = page.getByTestId(testId);
    await field.focus();
    await page.keyboard.press("Control+A");
    await page.keyboard.type("5000");
    expect(await field.inputValue()).toBe(shown);
    expect(await page.getByTestId(`${testId}-refused`).count()).toBe(0);
  }

  async function expectRefused(page: Page, testId: string, shown: string, what: string) {
    expect(await page.getByTestId(testId).inputValue(), what).toBe(shown);
    await page.getByTestId(`${testId}-refused`).waitFor();
    expect(await textOf(page, `${testId}-refused`), what).toBe(Msg.amountWholeWon);
    expect(await page.getByTestId(`${testId}-refused`).getAttribute("role")).toBe("alert");
  }

  /** The whole walk on one field: refused pastes, fills, autofills and keys; then `1,000원` pasted is 1,000. */
  async function walk(page: Page, testId: string, grouped: boolean) {
    const startShown = grouped ? "5,000" : "5000";
    const field = page.getByTestId(testId);
    await field.waitFor();
    for (const text of REFUSED) {
      await start(page, testId, startShown);
      await pasteOver(page, testId, text);
      await expectRefused(page, testId, startShown, `paste ${text}`);

      await start(page, testId, startShown);
      await field.fill(text);
      await expectRefused(page, testId, startShown, `fill ${text}`);

      await start(page, testId, startShown);
      await autofill(page, testId, text);
      await expectRefused(page, testId, startShown, `autofill ${text}`);
    }
    // Keys that are not digits do not get in (at the end of the amount, where they would be typed).
    await start(page, testId, startShown);
    await field.press("End");
    await page.keyboard.type(".-e");
    await expectRefused(page, testId, startShown, "typed .-e");
    // `10.5` typed: the `.` is refused and said at once, and still said after the 5 (the field now reads 105).
    await field.focus();
    await page.keyboard.press("Control+A");
    await page.keyboard.type("10.5");
    await expectRefused(page, testId, "105", "typed 10.5");

    await shot(page, `amount-refused-${testId}`);
    // Commas that do not group by three are not guessed at.
    await start(page, testId, startShown);
    await pasteOver(page, testId, "1,00");
    await expectRefused(page, testId, startShown, "paste 1,00");

    await pasteOver(page, testId, "1,000원");
    expect(await field.inputValue()).toBe(grouped ? "1,000" : "1000");
    expect(await page.getByTestId(`${testId}-refused`).count()).toBe(0);
    // Filled whole as a word-inserting keyboard or an autofill would, a plain amount is taken as it is.
    await field.fill("2,500");
    expect(await field.inputValue()).toBe(grouped ? "2,500" : "2500");
    await autofill(page, testId, " 3000원 ");
    expect(await field.inputValue()).toBe(grouped ? "3,000" : "3000");
    await pasteOver(page, testId, "1,000원");
  }

  /** More digits than the field takes are refused whole (the old fields cut them to fit: another amount). */
  async function tooLong(page: Page, testId: string, digits: string, message: string, shown: string) {
    await pasteOver(page, testId, digits);
    expect(await page.getByTestId(testId).inputValue()).toBe(shown);
    await expect.poll(() => textOf(page, `${testId}-refused`)).toBe(message);
  }

  it("member app: buy, gift and use", async () => {
    await member.goto(`${s.url}/buy`);
    await walk(member, "buy-amount", true);
    // Still the amount the rules see: 1,000 is a valid purchase amount (no error under the field).
    await expect.poll(() => member.getByTestId("buy-amount-error").count()).toBe(0);
    await tooLong(member, "buy-amount", "1234567890123456", Msg.amountTooLong, "1,000");

    await member.goto(`${s.url}/send/gift`);
    await walk(member, "gift-amount", true);
    await member.goto(`${s.url}/send/use`);
    await walk(member, "use-amount", true);
  });

  it("back office: token issue (the confirm says 1,000원, never 105), wallet transfer, dashboard transfer, settlement request", async () => {
    await admin.goto(`${s.url}/admin/token/management`);
    await admin.getByTestId("token-mint-open").click();
    await walk(admin, "token-mint-value", false);
    await tooLong(admin, "token-mint-value", "123456789012", Msg.tokenAmountInvalid, "1000");
    await admin.getByTestId("token-mint-reason").fill("발행 계획분");
    await admin.getByTestId("token-mint-submit").click();
    await expect.poll(() => textOf(admin, "token-mint-confirm-message")).toContain("1,000원");
    await admin.getByTestId("token-mint-confirm-cancel").click();

    await admin.goto(`${s.url}/admin/address/wallet`);
    await walk(admin, "wallet-transfer-value", false);

    await admin.goto(`${s.url}/admin/dashboard`);
    await admin.getByTestId("dashboard-transfer-open").click();
    await walk(admin, "wallet-transfer-value", false);

    await walk(shop, "calc-amount", false);
  });
});
