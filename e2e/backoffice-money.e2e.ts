import { beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import fs from "node:fs";
import type { Page } from "playwright-core";
import { shot } from "./browser";
import { browserSuite, exportWithReason } from "./stack";
import type { TestStack } from "../server/test/harness";
import { MINJUN, expectHeaderBalance, onChain, textOf, walletOf, won } from "./helpers-money";
import { Msg } from "../domain/messages";
import { OperatorPermission } from "../domain/constants";
import { insertOperator } from "../server/test/operators";

/**
 * The operators' money screens in Chromium against a whole seeded stack: approve / cancel a purchase
 * (the member's balance follows), the sell download, mint (treasury and the journal row), a deposit
 * account made main (the member's buy page shows it), an operator wallet funded by a transfer.
 */
describe("back-office money in Chromium", () => {
  const suite = browserSuite();
  let s: TestStack;
  let admin: Page;
  let admin2: Page;
  let member: Page;
  let memberToken: string;

  beforeAll(async () => {
    s = suite.stack();
    admin = await suite.adminPage("admin", "admin1234", { forSuite: true });
    admin2 = await suite.adminPage("admin2", "admin1234", { forSuite: true });
    member = await suite.memberPage(MINJUN, { forSuite: true });
    memberToken = await s.loginUser(MINJUN.phone, MINJUN.password);
  });

  const order = async (value: number): Promise<number> => {
    const r = await s.call("POST", "/api/buy/charge", { token: memberToken, body: { value, password: MINJUN.password } });
    expect(r.code).toBe(200);
    return r.data.id;
  };
  /** The admin app's snackbar shows this text. */
  const expectSnack = async (page: Page, message: string) => {
    await page.getByTestId("admin-snackbar").filter({ hasText: message }).first().waitFor({ state: "visible" });
  };
  const confirm = async (page: Page, testId: string) => {
    await page.getByTestId(`${testId}-ok`).click();
  };

  /** admin2 approves, from 승인 요청, the pending proposal whose row shows `text`. */
  const approveAs2 = async (text: string) => {
    await admin2.goto(s.url + "/admin/proposals");
    const row = admin2.getByTestId("proposal-table").locator("tbody tr", { hasText: text }).first();
    await row.waitFor();
    await row.getByTestId("proposal-approve").click();
    await expectSnack(admin2, Msg.proposalApproved);
  };

  it("approves one purchase (the member's balance rises) and cancels another; the sell file downloads", async () => {
    const page = admin;
    const approveId = await order(12_000);
    const cancelId = await order(3_000);
    await page.goto(`${s.url}/admin/sale/sell`);
    await page.getByTestId(`sale-accept-${approveId}`).waitFor();
    await shot(page, "admin-sale-sell");
    await page.getByTestId(`sale-accept-${approveId}`).click();
    expect(await textOf(page, "sale-confirm-message")).toBe(Msg.saleApproveConfirm);
    await confirm(page, "sale-confirm");
    await expectSnack(page, Msg.saleApproved);
    await expect.poll(() => page.getByTestId(`sale-accept-${approveId}`).count()).toBe(0);
    await expectHeaderBalance(member, s, 50_000 + 12_000);

    await page.getByTestId(`sale-delete-${cancelId}`).click();
    await confirm(page, "sale-confirm");
    await expectSnack(page, Msg.saleDeleted);
    await expect.poll(() => page.getByTestId(`sale-delete-${cancelId}`).count()).toBe(0);
    const table = await page.getByTestId("sale-table").textContent();
    expect(table).toContain("입금 완료");
    expect(table).toContain("취소");
    await s.waitIndexed();
    await expect
      .poll(async () => (await page.getByTestId("sale-total-daily_value").textContent())?.replace(/\D/g, ""), { timeout: 10_000 })
      .toBe("12000");

    const downloadP = page.waitForEvent("download");
    await exportWithReason(page, "sale-excel");
    const download = await downloadP;
    expect(download.suggestedFilename()).toBe("sale_sell.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync((await download.path())!) as never);
    expect(wb.worksheets[0].actualRowCount).toBe(3);
  });

  it("mints to the treasury: the row shows in the journal and the chain agrees", async () => {
    const page = admin;
    const treasury = (await s.ctx.custody.byKind("treasury"))!.address;
    const before = await onChain(s, treasury);
    const supply = BigInt(await s.ctx.chain.token.totalSupply());
    await page.goto(`${s.url}/admin/token/management`);
    await page.getByTestId("token-mint-open").click();
    await page.getByTestId("token-mint-submit").click();
    await expect.poll(() => textOf(page, "token-mint-error")).toBe(Msg.required);
    await page.getByTestId("token-mint-value").fill("777777");
    await page.getByTestId("token-mint-reason").fill("발행 계획분");
    await page.getByTestId("token-mint-submit").click();
    // Asked once more, with the amount; a cancel mints nothing.
    await expect.poll(() => textOf(page, "token-mint-confirm-message")).toBe(`${Msg.tokenMintConfirm}\n${won(777_777)}`);
    await page.getByTestId("token-mint-confirm-cancel").click();
    expect(await onChain(s, treasury)).toBe(before);
    await page.getByTestId("token-mint-submit").click();
    await page.getByTestId("token-mint-confirm-ok").click();
    // Dual control: a proposal (nothing moves); a second operator approves it from 승인 요청.
    await expectSnack(page, Msg.proposalCreated);
    await page.waitForURL(/\/admin\/proposals\/\d+$/);
    expect(await onChain(s, treasury)).toBe(before);
    await approveAs2(won(777_777));
    expect(await onChain(s, treasury)).toBe(before + 777_777);
    expect(BigInt(await s.ctx.chain.token.totalSupply()) - supply).toBe(777_777n);
    await page.goto(s.url + "/admin/token/management");
    await expect.poll(async () => (await page.getByTestId("token-table").textContent()) ?? "").toContain(won(777_777));
    expect(await page.getByTestId("token-table").textContent()).toContain("발행");
    await shot(page, "admin-token-management");
    // The row's detail, read from /api/token/detail.
    const detail = page.waitForResponse((r) => r.url().endsWith("/api/token/detail"));
    await page
      .getByTestId("token-table")
      .locator("tbody tr", { hasText: won(777_777) })
      .first()
      .locator("td")
      .first()
      .click();
    expect((await detail).status()).toBe(200);
    await expect.poll(async () => (await page.getByTestId("token-detail").textContent()) ?? "").toContain(treasury);
    await page.keyboard.press("Escape");

    const downloadP = page.waitForEvent("download");
    await exportWithReason(page, "token-excel");
    const download = await downloadP;
    expect(download.suggestedFilename()).toBe("token_management.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync((await download.path())!) as never);
    // Header, the seed's mint and this one.
    expect(wb.worksheets[0].actualRowCount).toBe(3);
    expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1, 6)).toEqual(["번호", "주소", "일시", "수량", "구분"]);
  });

  it("a mint whose answer is lost on the way: the approval tried again mints once", async () => {
    const supply = BigInt(await s.ctx.chain.token.totalSupply());
    const proposed = await s.call("POST", "/api/token/mint", {
      token: await s.loginOperator("admin", "admin1234"),
      marker: "operation",
      body: { value: 4321, reason: "발행 계획분" },
    });
    expect([proposed.code, proposed.message]).toEqual([200, Msg.proposalCreated]);
    const id = proposed.data.proposal.id as number;
    // The approval reaches the server and mints; its answer never reaches the browser.
    let lost = 0;
    let key: string | undefined;
    await admin2.route(`**/api/proposals/${id}/approve`, async (route) => {
      key = route.request().headers()["idempotency-key"];
      if (lost++ === 0) {
        await route.fetch();
        await route.abort("connectionreset");
      } else await route.continue();
    });
    try {
      await admin2.goto(`${s.url}/admin/proposals/${id}`);
      await admin2.getByTestId("proposal-approve").click();
      await expectSnack(admin2, Msg.resultUnknown);
      expect(BigInt(await s.ctx.chain.token.totalSupply()) - supply).toBe(4_321n);
      // The page refreshes: the proposal is approved with its transaction, and there is nothing left to approve.
      await expect.poll(async () => admin2.getByTestId("proposal-state").getAttribute("data-state"), { timeout: 15_000 }).toBe("approved");
      expect(await admin2.getByTestId("proposal-approve").count()).toBe(0);
    } finally {
      await admin2.unroute(`**/api/proposals/${id}/approve`);
    }
    expect(lost).toBe(1);
    // The same approval tried again with its key is told it is done, and mints nothing more.
    expect(key).toBeTruthy();
    const again = await s.call("POST", `/api/proposals/${id}/approve`, {
      token: await s.loginOperator("admin2", "admin1234"),
      marker: "operation",
      // The same request as the browser's (its body is the empty object): a different one under the key is refused 409.
      body: {},
      headers: { "idempotency-key": key! },
    });
    expect([again.code, again.headers.get("idempotent-replayed"), again.data?.state]).toEqual([200, "true", "approved"]);
    expect(BigInt(await s.ctx.chain.token.totalSupply()) - supply).toBe(4_321n);
  });

  it("an operator holding only isSale1 uses the sell page and no other money page", async () => {
    await insertOperator(s.ctx, "sellonly9", OperatorPermission.SUB, { isSale1: true });
    // A sub admin lands on its first screen in menu order (the dashboard needs no flag).
    const page = await suite.adminPage("sellonly9", "operator1234", { landing: /\/admin\/dashboard$/ });
    await page.goto(`${s.url}/admin/sale/sell`);
    await page.getByTestId("sale-table").waitFor();
    await expect.poll(async () => (await page.getByTestId("sale-table").textContent()) ?? "").toContain("입금 완료");
    for (const path of ["sale/use", "sale/gift", "token/management", "token/fee", "address/bank", "address/wallet"]) {
      await page.goto(`${s.url}/admin/${path}`);
      await page.getByTestId("admin-forbidden").waitFor();
    }
    // The dashboard's wallet detail is open to it, but not blocking (isAccount2): no button it could not use.
    await page.goto(`${s.url}/admin/dashboard/detail/${await walletOf(s, MINJUN.phone)}`);
    await page.getByTestId("wallet-blocked").waitFor();
    expect(await page.getByTestId("wallet-owner").textContent()).toBe(MINJUN.name);
    expect(await page.getByTestId("wallet-block-toggle").count()).toBe(0);
  });

  it("a deposit account made main is what the member's buy page shows, even one opened before the change", async () => {
    const page = admin;
    // The member opens the buy page first: its confirm step must still show the account made main meanwhile.
    await member.goto(`${s.url}/buy`);
    await member.getByTestId("buy-add-10000").waitFor();
    await page.goto(`${s.url}/admin/address/bank`);
    await page.getByTestId("bank-row").first().waitFor();
    await page.getByTestId("bank-set-main").click();
    await expectSnack(page, Msg.selectItem);
    await page.getByTestId("bank-add").click();
    await page.getByTestId("bank-add-bank").fill("우리은행");
    await page.getByTestId("bank-add-account").fill("12-3");
    await page.getByTestId("bank-add-name").fill("(주)케이알");
    await page.getByTestId("bank-add-dialog-submit").click();
    await expect.poll(() => textOf(page, "bank-add-account-error")).toBe(Msg.bankAccountRule);
    await page.getByTestId("bank-add-account").fill("1002-345-678901");
    await page.getByTestId("bank-add-dialog-submit").click();
    await expectSnack(page, Msg.bankAdded);
    const row = page.getByTestId("bank-row").filter({ hasText: "1002-345-678901" });
    await row.click();
    await page.getByTestId("bank-set-main").click();
    // Asked first, naming the account every member will be told to pay into.
    await expect.poll(() => textOf(page, "bank-main-confirm-message")).toBe(`${Msg.bankMainConfirm}\n우리은행 1002-345-678901`);
    await page.getByTestId("bank-main-confirm-ok").click();
    await expectSnack(page, Msg.bankMainSet);
    await page.getByTestId("bank-set-main").click();
    await expectSnack(page, Msg.bankAlreadyMain);
    await shot(page, "admin-address-bank");

    const m = member;
    await m.getByTestId("buy-add-10000").click();
    await m.getByTestId("buy-next").click();
    await m.getByTestId("buy-method-deposit").click();
    await m.getByTestId("buy-bank").waitFor();
    expect(await textOf(m, "buy-bank-name")).toBe("우리은행");
    expect(await textOf(m, "buy-bank-account")).toBe("1002-345-678901");
  });

  it("creates an operator wallet and funds it by a transfer; both balances show", async () => {
    const page = admin;
    const treasury = (await s.ctx.custody.byKind("treasury"))!.address;
    await page.goto(`${s.url}/admin/address/wallet`);
    await page.getByTestId("wallet-row").first().waitFor();
    await page.getByTestId("wallet-create-open").click();
    await page.getByTestId("wallet-create-nickname").fill("e2e 지갑");
    await page.getByTestId("wallet-create-submit").click();
    await expectSnack(page, Msg.walletCreated);
    const row = page.getByTestId("wallet-row").filter({ hasText: "e2e 지갑" });
    await row.waitFor();
    const address = (await row.getAttribute("data-address"))!;

    await page.getByTestId("wallet-transfer-submit").click();
    await expectSnack(page, Msg.required);
    await page.getByTestId("wallet-transfer-from").selectOption(treasury);
    await page.getByTestId("wallet-transfer-to").fill(address);
    await page.getByTestId("wallet-transfer-value").fill("99999999999999");
    // Above the dual-control threshold it would be a proposal: its reason is asked first.
    await page.getByTestId("wallet-transfer-submit").click();
    await expectSnack(page, Msg.proposalReasonRequired);
    await page.getByTestId("wallet-transfer-reason").fill("운영 자금 이동");
    await page.getByTestId("wallet-transfer-submit").click();
    await confirm(page, "wallet-transfer-confirm");
    await expectSnack(page, Msg.transferBadBalance);
    await page.getByTestId("wallet-transfer-value").fill("4321");
    await page.getByTestId("wallet-transfer-submit").click();
    await confirm(page, "wallet-transfer-confirm");
    await expectSnack(page, Msg.transferDone);
    expect(await page.getByTestId("wallet-transfer-value").inputValue()).toBe("");
    expect(await onChain(s, address)).toBe(4_321);
    await s.waitIndexed();
    await page.reload();
    await expect.poll(async () => (await row.getByTestId("wallet-balance").textContent())?.trim(), { timeout: 10_000 }).toBe(won(4_321));
    const treasuryRow = page.getByTestId("wallet-row").filter({ hasText: treasury });
    expect((await treasuryRow.getByTestId("wallet-balance").textContent())?.trim()).toBe(won(await onChain(s, treasury)));
    await shot(page, "admin-address-wallet");
  });
});
