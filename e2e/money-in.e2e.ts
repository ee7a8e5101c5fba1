import crypto from "node:crypto";
import iconv from "iconv-lite";
import { beforeAll, describe, expect, it } from "vitest";
import { Msg } from "../domain/messages";
import { ResultPages } from "../domain/state-labels";
import { ResultType } from "../domain/constants";
import type { TestStack } from "../server/test/harness";
import { signBody, SIGNATURE_HEADER } from "../server/providers/bank/signature";
import { shot } from "./browser";
import { browserSuite } from "./stack";
import { MINJUN, SEOYEON, enterPassword, expectHeaderBalance, expectResult, expectSnack, onChain, textOf, walletOf } from "./helpers-money";

/**
 * Money in without an operator (issue 51), in Chromium against the embedded default's simulated bank: a member links
 * an own-name account (another name refused first) and charges from it; a virtual-account purchase is confirmed by a
 * deposit made on the simulated bank's page; a wrong amount lands in 입금 확인 필요 and an operator matches it; a
 * replayed notice changes nothing.
 */
describe("money in without an operator, in Chromium", () => {
  const suite = browserSuite();
  let s: TestStack;

  beforeAll(() => {
    s = suite.stack();
  });

  it("links an own-name account (another name refused) and charges 10,000원 from it with no operator", async () => {
    const page = await suite.memberPage(MINJUN);
    const before = await onChain(s, await walletOf(s, MINJUN.phone));
    await page.goto(`${s.url}/info/detail`);
    await page.getByTestId("info-linked").waitFor();
    await page.getByTestId("link-bank").fill("국민은행");
    await page.getByTestId("link-account").fill("999-123-456789");
    await page.getByTestId("link-consent").locator("label, [data-part=label]").first().click();
    await page.getByTestId("link-submit").click();
    await enterPassword(page, MINJUN.password);
    await expectSnack(page, Msg.refundHolderMismatch);
    await page.getByTestId("link-account").fill("110223344556");
    await page.getByTestId("link-submit").click();
    await enterPassword(page, MINJUN.password);
    await expect.poll(() => textOf(page, "info-linked-account")).toBe("국민은행 ****4556");
    await shot(page, "money-in-linked-account");

    await page.goto(`${s.url}/buy`);
    await page.getByTestId("buy-add-10000").click();
    await page.getByTestId("buy-next").click();
    await page.getByTestId("buy-method-linked").click();
    expect(await textOf(page, "buy-linked-account")).toBe("국민은행 ****4556");
    await page.getByTestId("buy-check-1").locator("label, [data-part=label]").first().click();
    await page.getByTestId("buy-submit").click();
    await enterPassword(page, MINJUN.password);
    await expectResult(page, s, ResultType.CHARGED, ResultPages[ResultType.CHARGED].message);
    expect(await onChain(s, await walletOf(s, MINJUN.phone))).toBe(before + 10_000);
    await expectHeaderBalance(page, s, before + 10_000);
    // The history shows it confirmed, with how it was paid.
    await page.goto(`${s.url}/info/history?tab=1`);
    const line = page.getByTestId("history-row").first();
    await expect.poll(() => line.getByTestId("history-title").innerText()).toBe("상품권 구매 · 연결 계좌 충전");
    expect(await line.getByTestId("history-badge").innerText()).toBe("구매확정");
  });

  it("confirms a virtual-account purchase by a deposit on the simulated bank's page; a wrong amount is matched in the queue", async () => {
    const page = await suite.memberPage(SEOYEON);
    const wallet = await walletOf(s, SEOYEON.phone);
    const before = await onChain(s, wallet);
    const buy = async (amount: string) => {
      await page.goto(`${s.url}/buy`);
      await page.getByTestId("buy-amount").fill(amount);
      await page.getByTestId("buy-next").click();
      await page.getByTestId("buy-method-virtual").click();
      await page.getByTestId("buy-virtual").waitFor();
      for (const i of [1, 2, 3]) await page.getByTestId(`buy-check-${i}`).locator("label, [data-part=label]").first().click();
      await page.getByTestId("buy-submit").click();
      await enterPassword(page, SEOYEON.password);
      await expectResult(page, s, ResultType.BUY_REQUESTED, ResultPages[ResultType.BUY_REQUESTED].message);
      // The order's own account, as the result shows it (bank name, then the number).
      return (await textOf(page, "history-deposit-account")).replace(/\D/g, "");
    };
    const account = await buy("8000");
    await shot(page, "money-in-virtual-account");

    // The simulated bank's page: the account is listed, the depositor's name filled in; deposit the exact amount.
    const bank = await suite.newPage();
    await bank.goto(`${s.url}/sim-bank`);
    const row = bank.locator(`li[data-account="${account}"]`);
    await row.getByRole("button", { name: "입금하기" }).click();
    await bank.getByRole("status").waitFor();
    await expect.poll(() => onChain(s, wallet), { timeout: 20_000 }).toBe(before + 8_000);

    // A second order paid 1,000원 short: queued for a person, matched there for what was received.
    const short = await buy("5000");
    await bank.goto(`${s.url}/sim-bank`);
    await bank.locator(`li[data-account="${short}"] input[name=amount]`).fill("4000");
    await bank.locator(`li[data-account="${short}"]`).getByRole("button", { name: "입금하기" }).click();
    await bank.getByRole("status").waitFor();
    const admin = await suite.adminPage();
    await admin.goto(`${s.url}/admin/sale/deposits`);
    const queued = admin.getByTestId("deposit-row").filter({ hasText: "금액 불일치" }).first();
    await queued.waitFor();
    await shot(admin, "money-in-deposit-queue");
    await queued.getByTestId("deposit-match").click();
    await admin.getByTestId("deposit-note").fill("고객 확인: 4,000원만 입금");
    await admin.getByTestId("deposit-confirm").click();
    await admin.getByTestId("admin-snackbar").filter({ hasText: "주문에 연결했습니다." }).first().waitFor({ state: "visible" });
    await expect.poll(() => onChain(s, wallet), { timeout: 20_000 }).toBe(before + 12_000);

    // A replayed notice (the bank's last one sent again, freshly signed): seen, nothing moves.
    const last = await s.ctx.db.selectFrom("bank_events").select("payload").orderBy("id", "desc").executeTakeFirstOrThrow();
    const replay = await fetch(`${s.url}/api/bank/callback`, {
      method: "POST",
      headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signBody(s.ctx.config.bank.callbackSecret, last.payload) },
      body: last.payload,
    });
    expect(((await replay.json()) as { outcome: string }).outcome).toBe("duplicate");
    const forged = await fetch(`${s.url}/api/bank/callback`, {
      method: "POST",
      headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signBody(crypto.randomBytes(32), last.payload) },
      body: last.payload,
    });
    expect(forged.status).toBe(401);
    expect(await onChain(s, wallet)).toBe(before + 12_000);
  });

  it("uploads a CP949 bank statement: the unmatched line is queued, the closing balance offered as the day's safeguarded amount", async () => {
    const admin = await suite.adminPage();
    await admin.goto(`${s.url}/admin/sale/deposits`);
    await admin.getByTestId("statement-open").click();
    const day = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
    const text = ["거래일시,적요,입금액,출금액,잔액,입금자명", `${day} 09:30:00,타행이체,"3,300",0,"1,234,500",홍길동`].join("\r\n");
    await admin
      .getByTestId("statement-file")
      .setInputFiles({ name: "거래내역.csv", mimeType: "text/csv", buffer: iconv.encode(text, "cp949") });
    await admin.getByTestId("statement-reason").fill("일일 대조");
    await admin.getByTestId("statement-submit").click();
    await admin.getByTestId("statement-result").waitFor();
    expect(await textOf(admin, "statement-queued")).toBe("1건");
    // The queued line is told to the operators at once (the realtime notice), over the screen.
    await admin.getByTestId("admin-notify-dialog").waitFor();
    expect(await textOf(admin, "admin-notify-message")).toBe("입금 확인 필요: 거래내역 대조 1건");
    await admin.getByTestId("admin-notify-close").click();
    await shot(admin, "money-in-statement");
    await admin.getByTestId("statement-safeguard").click();
    await admin.getByTestId("admin-snackbar").filter({ hasText: "보전액을 등록했습니다." }).first().waitFor({ state: "visible" });
    const entry = await s.ctx.db.selectFrom("safeguards").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect([entry.day, Number(entry.amount), entry.statement_ref]).toEqual([day, 1_234_500, "거래내역.csv"]);
  });
});
