import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserSuite } from "./stack";
import { MINJUN, SEOYEON, onChain, textOf, walletOf, won } from "./helpers-money";
import type { TestStack } from "../server/test/harness";
import { Msg } from "../domain/messages";

/**
 * What shows money follows the moves without a reload: after the operator's own action, and again when the index
 * confirms a move (the operators' websocket), whoever made it.
 */
describe("live balances in Chromium", () => {
  const suite = browserSuite();
  let s: TestStack;
  let treasury: string;
  let fee: string;
  let made: string;
  let seoyeon: string;

  beforeAll(async () => {
    s = suite.stack();
    treasury = (await s.ctx.custody.byKind("treasury"))!.address;
    fee = (await s.ctx.custody.byKind("fee"))!.address;
    const admin = await s.loginOperator("admin", "admin1234");
    made = (await s.call("POST", "/api/address/wallet", { token: admin, marker: "operation", body: { nickName: "이벤트 지갑" } })).data
      .address;
    seoyeon = await walletOf(s, SEOYEON.phone);
  });

  /** A member's gift made elsewhere (another browser, the API): the fee wallet gets 200 won. */
  const memberGift = async (value: number) => {
    const token = await s.loginUser(MINJUN.phone, MINJUN.password);
    const r = await s.call("POST", "/api/gift/trade/address", {
      token,
      body: { opponentAddress: seoyeon, kind: 0, type: 1, value, password: MINJUN.password },
    });
    expect(r.code, r.message).toBe(200);
  };
  const balanceIn = (page: Page, address: string) => async () =>
    ((await page.getByTestId("wallet-row").filter({ hasText: address }).getByTestId("wallet-balance").textContent()) ?? "").trim();

  it("the operator wallet list: new balances after the operator's transfer and after a member's gift, without a reload", async () => {
    const page = await suite.adminPage();
    await page.goto(`${s.url}/admin/address/wallet`);
    await expect.poll(balanceIn(page, made)).toBe(won(0));

    await page.getByTestId("wallet-transfer-from").selectOption(treasury);
    await page.getByTestId("wallet-transfer-to").fill(made);
    await page.getByTestId("wallet-transfer-value").fill("4321");
    await page.getByTestId("wallet-transfer-submit").click();
    await page.getByTestId("wallet-transfer-confirm-ok").click();
    await page.getByTestId("admin-snackbar").filter({ hasText: Msg.transferDone }).first().waitFor();
    await expect.poll(balanceIn(page, made)).toBe(won(4_321));
    await expect.poll(balanceIn(page, treasury)).toBe(won(await onChain(s, treasury)));

    const fee0 = await onChain(s, fee);
    await expect.poll(balanceIn(page, fee)).toBe(won(fee0));
    await memberGift(1_000);
    await expect.poll(balanceIn(page, fee)).toBe(won(fee0 + 200));
    // Paged like every list: the count of all and the page size.
    expect(await textOf(page, "wallet-table-total")).toBe("총 4건");
    expect(await page.getByTestId("wallet-table-per-page").inputValue()).toBe("10");
  });

  it("home cards, toolbar totals and the dashboard list follow a member's gift, without a reload", async () => {
    const page = await suite.adminPage();
    const giftSum = () => textOf(page, "admin-main-value-giftSum");
    await expect.poll(() => page.getByTestId("admin-main-cards").getAttribute("aria-busy")).toBe("false");
    const before = Number((await giftSum()).replace(/\D/g, ""));
    const toolbar = () => textOf(page, "admin-toolbar-gifts");
    const toolbar0 = Number((await toolbar()).replace(/\D/g, ""));
    await memberGift(2_000);
    await expect.poll(async () => Number((await giftSum()).replace(/\D/g, ""))).toBe(before + 2_000);
    await expect.poll(async () => Number((await toolbar()).replace(/\D/g, ""))).toBe(toolbar0 + 2_000);

    await page.goto(`${s.url}/admin/dashboard`);
    const total = async () => Number((await textOf(page, "dashboard-table-total")).replace(/\D/g, ""));
    await expect.poll(total).toBeGreaterThan(0);
    const rows0 = await total();
    await memberGift(3_000);
    // The gift's value leg and its fee leg.
    await expect.poll(total).toBe(rows0 + 2);
  });
});
