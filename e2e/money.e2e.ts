import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { Msg } from "../domain/messages";
import { ResultPages } from "../domain/state-labels";
import type { TestStack } from "../server/test/harness";
import { shot } from "./browser";
import { browserSuite } from "./stack";
import {
  MINJUN,
  SEOYEON,
  SHOP,
  enterPassword,
  expectHeaderBalance,
  expectResult,
  expectSnack,
  historyRows,
  memberId,
  onChain,
  textOf,
  walletOf,
  won,
} from "./helpers-money";

/**
 * The money screens in Chromium against a whole seeded stack: buy → operator approval → header balance;
 * gift by phone and by address (confirm step, wrong then right password, result 7); use at the demo
 * shop (result 8); the three history tabs. The tests run in order and share 김민준's session:
 * 50,000 + 11,000 (buy) − 1,200 (gift) − 2,200 (gift) − 3,200 (use) = 54,400.
 */
describe("money screens in Chromium", () => {
  const suite = browserSuite();
  let s: TestStack;
  let page: Page;
  let minjun: string;
  let seoyeon: string;
  let shop: string;
  let feeCollector: string;

  const BUY = 11_000;
  const GIFT_PHONE = 1_000;
  const GIFT_ADDRESS = 2_000;
  const USE = 3_000;
  const FEE = 200;

  /** On-chain balances of everyone a payment touches. */
  async function balances() {
    return {
      minjun: await onChain(s, minjun),
      seoyeon: await onChain(s, seoyeon),
      shop: await onChain(s, shop),
      fee: await onChain(s, feeCollector),
    };
  }

  beforeAll(async () => {
    s = suite.stack();
    minjun = await walletOf(s, MINJUN.phone);
    seoyeon = await walletOf(s, SEOYEON.phone);
    shop = await walletOf(s, SHOP.phone);
    feeCollector = (await s.ctx.custody.byKind("fee"))!.address;
    page = await suite.memberPage(MINJUN, { forSuite: true });
  });

  it("buy: validation, quick-add, deposit account and checks, password → result 6; operator approval raises the header balance", async () => {
    await expect.poll(() => textOf(page, "header-balance")).toBe(won(50_000));
    await page.goto(`${s.url}/buy`);
    const amount = page.getByTestId("buy-amount");
    await amount.waitFor();
    await expect.poll(() => textOf(page, "buy-balance")).toBe(won(50_000));
    expect(await textOf(page, "buy-capacity")).toBe(won(1_000_000));
    await shot(page, "money-buy-amount");

    // The amount rules, in the spec's order; the error shows under the field.
    const error = () => textOf(page, "buy-amount-error");
    await amount.fill("250");
    await expect.poll(error).toBe(Msg.buyBelowMin);
    await shot(page, "money-buy-amount-error");
    await amount.fill("200");
    await expect.poll(error).toBe(Msg.buyBelowMin);
    await amount.fill("350");
    await expect.poll(error).toBe(Msg.amountUnit);
    await amount.fill("2000000");
    await expect.poll(error).toBe(Msg.buyOverCapacity);
    expect(await amount.inputValue()).toBe("2,000,000");
    await amount.fill("");
    await expect.poll(error).toBe(Msg.required);
    // Next with an invalid amount stays on step 1.
    await page.getByTestId("buy-next").click();
    expect(await page.getByTestId("buy-bank").count()).toBe(0);
    // Only digits get through the keyboard.
    await amount.pressSequentially("3e0.0");
    expect(await amount.inputValue()).toBe("300");
    await expect.poll(error).toBe("");

    // Reset, then the quick-add buttons add up.
    await page.getByTestId("buy-reset").click();
    expect(await amount.inputValue()).toBe("");
    await page.getByTestId("buy-add-10000").click();
    await page.getByTestId("buy-add-1000").click();
    expect(await amount.inputValue()).toBe("11,000");
    await page.getByTestId("buy-next").click();

    // Step 2: how to pay (the main account here), where to deposit, three acknowledgements, then the submit button.
    await page.getByTestId("buy-method-deposit").click();
    await page.getByTestId("buy-bank").waitFor();
    expect(await textOf(page, "buy-bank-name")).toBe("국민은행");
    expect(await textOf(page, "buy-bank-account")).toBe("123456-01-234567");
    expect(await textOf(page, "buy-confirm-amount")).toBe(won(BUY));
    const submit = page.getByTestId("buy-submit");
    expect(await submit.isDisabled()).toBe(true);
    for (const i of [1, 2, 3]) {
      expect(await submit.isDisabled()).toBe(true);
      await page.getByTestId(`buy-check-${i}`).locator("label, [data-part=label]").first().click();
    }
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await shot(page, "money-buy-confirm");
    // Unticking one disables submit again.
    await page.getByTestId("buy-check-2").locator("label, [data-part=label]").first().click();
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await page.getByTestId("buy-check-2").locator("label, [data-part=label]").first().click();
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await page.getByTestId("password-dialog").waitFor();
    await shot(page, "money-buy-password");
    await enterPassword(page, MINJUN.password);
    await expectResult(page, s, 6, ResultPages[6].message);
    await shot(page, "money-buy-result");

    // A pending order; the capacity drops, the balance does not move yet.
    const order = await s.ctx.db
      .selectFrom("buy_orders")
      .select(["id", "value", "state"])
      .where("member_id", "=", await memberId(s, MINJUN.phone))
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ value: BUY, state: "pending" });
    await page.goto(`${s.url}/buy`);
    await expect.poll(() => textOf(page, "buy-capacity")).toBe(won(1_000_000 - BUY));
    expect(await textOf(page, "header-balance")).toBe(won(50_000));

    // The operator confirms the deposit through the API.
    const admin = await s.loginOperator("admin", "admin1234");
    const accepted = await s.call("POST", "/api/sale/accept", { token: admin, marker: "operation", body: { id: order.id } });
    expect(accepted.code).toBe(200);
    expect(await onChain(s, minjun)).toBe(50_000 + BUY);
    await expectHeaderBalance(page, s, 50_000 + BUY);
    await shot(page, "money-buy-header-balance");
  });

  it("gift by phone: confirm step with name, fee and total; previous keeps the form; wrong password then the right one → result 7", async () => {
    const before = await balances();
    await page.goto(`${s.url}/send/gift`);
    const recipient = page.getByTestId("gift-recipient");
    const amount = page.getByTestId("gift-amount");
    await recipient.waitFor();
    await expect.poll(() => textOf(page, "send-balance")).toBe(won(50_000 + BUY));

    await page.getByTestId("gift-mode-phone").click();
    await expect.poll(() => recipient.getAttribute("type")).toBe("tel");
    // Next stays disabled until both fields are filled; an emptied phone field says so.
    await amount.fill(String(GIFT_PHONE));
    expect(await page.getByTestId("send-next").isDisabled()).toBe(true);
    await recipient.fill("0103");
    await recipient.fill("");
    await expect.poll(() => textOf(page, "gift-recipient-error")).toBe(Msg.recipientPhoneEmpty);
    await amount.fill("200");
    await expect.poll(() => textOf(page, "gift-amount-error")).toBe(Msg.giftBelowMin);

    await recipient.fill(SEOYEON.phone);
    await amount.fill(String(GIFT_PHONE));
    await expect.poll(() => textOf(page, "gift-amount-error")).toBe("");
    expect(await textOf(page, "send-fee")).toBe(won(FEE));
    expect(await textOf(page, "send-total")).toBe(won(GIFT_PHONE + FEE));
    await shot(page, "money-gift-phone-request");
    await page.getByTestId("send-next").click();

    // Confirm step: the looked-up recipient, amount, the 200-won fee and the total.
    await page.getByTestId("send-recipient-name").waitFor();
    expect(await textOf(page, "send-recipient-name")).toBe(SEOYEON.name);
    expect((await textOf(page, "send-recipient-address")).toLowerCase()).toBe(seoyeon.toLowerCase());
    expect(await textOf(page, "send-value")).toBe(won(GIFT_PHONE));
    expect(await textOf(page, "send-fee")).toBe(won(FEE));
    expect(await textOf(page, "send-total")).toBe(won(GIFT_PHONE + FEE));
    await shot(page, "money-gift-phone-confirm");

    // Previous returns to the request step with the values kept.
    await page.getByTestId("send-prev").click();
    await recipient.waitFor();
    expect(await recipient.inputValue()).toBe(SEOYEON.phone);
    expect(await recipient.getAttribute("type")).toBe("tel");
    expect(await amount.inputValue()).toBe(won(GIFT_PHONE).replace("원", ""));
    await page.getByTestId("send-next").click();
    await page.getByTestId("send-recipient-name").waitFor();
    expect(await textOf(page, "send-total")).toBe(won(GIFT_PHONE + FEE));

    // A wrong password: snackbar, the dialog stays open and empty, nothing moves.
    await page.getByTestId("send-confirm").click();
    await enterPassword(page, "000000");
    await expectSnack(page, Msg.passwordWrong);
    await shot(page, "money-gift-wrong-password");
    expect(await page.getByTestId("password-dialog").isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId("password-input").inputValue()).toBe("");
    expect(page.url()).toBe(`${s.url}/send/gift?step=confirm`);
    expect(await balances()).toEqual(before);

    await enterPassword(page, MINJUN.password);
    await expectResult(page, s, 7, ResultPages[7].message);
    await shot(page, "money-gift-phone-result");

    await expect.poll(balances).toEqual({
      minjun: before.minjun - GIFT_PHONE - FEE,
      seoyeon: before.seoyeon + GIFT_PHONE,
      shop: before.shop,
      fee: before.fee + FEE,
    });
  });

  it("gift by wallet address → result 7", async () => {
    const before = await balances();
    await page.goto(`${s.url}/send/gift`);
    const recipient = page.getByTestId("gift-recipient");
    await recipient.waitFor();
    await expect.poll(() => textOf(page, "send-balance")).not.toBe("");
    // The recent gifts beside the form list the phone gift.
    const recent = page.getByTestId("recent-3").getByTestId("recent-row");
    await expect.poll(() => recent.count()).toBe(1);
    expect(await recent.first().textContent()).toContain(SEOYEON.name);
    expect(await recent.first().textContent()).toContain(`-${won(GIFT_PHONE + FEE)}`);
    await page.getByTestId("gift-mode-address").click();
    await expect.poll(() => recipient.getAttribute("type")).toBe("text");
    await recipient.fill(seoyeon);
    await page.getByTestId("gift-amount").fill(String(GIFT_ADDRESS));
    await expect.poll(() => textOf(page, "send-total")).toBe(won(GIFT_ADDRESS + FEE));
    await shot(page, "money-gift-address-request");
    await page.getByTestId("send-next").click();

    await page.getByTestId("send-recipient-name").waitFor();
    expect(await textOf(page, "send-recipient-name")).toBe(SEOYEON.name);
    expect((await textOf(page, "send-recipient-address")).toLowerCase()).toBe(seoyeon.toLowerCase());
    expect(await textOf(page, "send-fee")).toBe(won(FEE));
    expect(await textOf(page, "send-total")).toBe(won(GIFT_ADDRESS + FEE));
    await shot(page, "money-gift-address-confirm");
    await page.getByTestId("send-confirm").click();
    await enterPassword(page, MINJUN.password);
    await expectResult(page, s, 7, ResultPages[7].message);
    // Home from the result (no reload): the header's balance is the one after the gift.
    await page.getByTestId("result-button").click();
    await page.waitForURL(`${s.url}/`);
    await expect.poll(() => textOf(page, "header-balance")).toBe(won(before.minjun - GIFT_ADDRESS - FEE));

    await expect.poll(balances).toEqual({
      minjun: before.minjun - GIFT_ADDRESS - FEE,
      seoyeon: before.seoyeon + GIFT_ADDRESS,
      shop: before.shop,
      fee: before.fee + FEE,
    });
  });

  it("use at the demo shop: a member's address is refused; the shop's shows the total → result 8", async () => {
    const before = await balances();
    await page.goto(`${s.url}/send/use`);
    const address = page.getByTestId("use-address");
    const amount = page.getByTestId("use-amount");
    await address.waitFor();
    await expect.poll(() => textOf(page, "send-balance")).toBe(won(before.minjun));

    // An emptied address field asks for a market address.
    await address.fill("0x12");
    await address.fill("");
    await expect.poll(() => textOf(page, "use-address-error")).toBe(Msg.notMarketAddress);
    await amount.fill("3050");
    await expect.poll(() => textOf(page, "use-amount-error")).toBe(Msg.amountUnit);

    // A member's wallet is not a market address: snackbar, still on the request step.
    await address.fill(seoyeon);
    await amount.fill(String(USE));
    await page.getByTestId("send-next").click();
    await expectSnack(page, Msg.notMarketAddress);
    await shot(page, "money-use-not-market");
    expect(await page.getByTestId("send-shop-name").count()).toBe(0);
    expect(await address.inputValue()).toBe(seoyeon);

    await address.fill(shop);
    await expect.poll(() => textOf(page, "send-total")).toBe(won(USE + FEE));
    await shot(page, "money-use-request");
    await page.getByTestId("send-next").click();
    await page.getByTestId("send-shop-name").waitFor();
    expect(await textOf(page, "send-shop-name")).toBe(SHOP.name);
    expect((await textOf(page, "send-shop-address")).toLowerCase()).toBe(shop.toLowerCase());
    expect(await textOf(page, "send-value")).toBe(won(USE));
    expect(await textOf(page, "send-fee")).toBe(won(FEE));
    expect(await textOf(page, "send-total")).toBe(won(USE + FEE));
    await shot(page, "money-use-confirm");

    await page.getByTestId("send-confirm").click();
    await enterPassword(page, MINJUN.password);
    await expectResult(page, s, 8, ResultPages[8].message);
    await shot(page, "money-use-result");

    await expect.poll(balances).toEqual({
      minjun: before.minjun - USE - FEE,
      seoyeon: before.seoyeon,
      shop: before.shop + USE,
      fee: before.fee + FEE,
    });
    // The fee collector holds 200 per gift and use (it started empty).
    expect(await onChain(s, feeCollector)).toBe(3 * FEE);
    await expectHeaderBalance(page, s, 50_000 + BUY - (GIFT_PHONE + FEE) - (GIFT_ADDRESS + FEE) - (USE + FEE));
  });

  it("history tabs show the confirmed buy, the use and the sent gifts with their totals", async () => {
    await s.waitIndexed();
    await page.goto(`${s.url}/info/history`);
    const rows = () => historyRows(page);

    await expect.poll(rows).toEqual([expect.objectContaining({ badge: Msg.buyConfirmed, amount: `+${won(BUY)}` })]);
    expect(await page.getByTestId("history-tx").count()).toBe(1);
    expect(await textOf(page, "history-date")).toMatch(/^\d{4}\. \d{2}\. \d{2}\. \d{2}:\d{2}:\d{2}$/);
    await shot(page, "money-history-buy");

    await page.getByTestId("history-tab-2").click();
    await page.waitForURL(/\/info\/history\?tab=2$/);
    await expect.poll(rows).toEqual([expect.objectContaining({ title: SHOP.name, amount: `-${won(USE + FEE)}` })]);
    const use = (await rows())[0];
    expect(use.text).toContain(`금액 ${won(USE)}`);
    expect(use.text).toContain(`수수료 ${won(FEE)}`);
    await shot(page, "money-history-use");

    await page.getByTestId("history-tab-3").click();
    await page.waitForURL(/\/info\/history\?tab=3$/);
    // Newest first: the address gift, then the phone gift; a sent gift shows value + 200.
    await expect
      .poll(rows)
      .toEqual([
        expect.objectContaining({ title: SEOYEON.name, badge: "보낸 선물", amount: `-${won(GIFT_ADDRESS + FEE)}` }),
        expect.objectContaining({ title: SEOYEON.name, badge: "보낸 선물", amount: `-${won(GIFT_PHONE + FEE)}` }),
      ]);
    for (const r of await rows()) expect(r.text).toContain(`수수료 ${won(FEE)}`);
    await shot(page, "money-history-gift");

    await page.getByTestId("history-tab-1").click();
    await page.waitForURL(/\/info\/history\?tab=1$/);
    await expect.poll(async () => (await rows()).map((r) => r.badge)).toEqual([Msg.buyConfirmed]);
  });

  it("the recipient sees both gifts as received, for their value only, and her balance", async () => {
    const other = await suite.memberPage(SEOYEON);
    await expect.poll(() => textOf(other, "header-balance")).toBe(won(20_000 + GIFT_PHONE + GIFT_ADDRESS));
    await other.goto(`${s.url}/info/history?tab=3`);
    await expect
      .poll(() => historyRows(other))
      .toEqual([
        expect.objectContaining({ title: MINJUN.name, badge: "받은 선물", amount: `+${won(GIFT_ADDRESS)}` }),
        expect.objectContaining({ title: MINJUN.name, badge: "받은 선물", amount: `+${won(GIFT_PHONE)}` }),
      ]);
    await shot(other, "money-history-received");
  });
});
