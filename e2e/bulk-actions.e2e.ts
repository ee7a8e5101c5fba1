import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { shot } from "./browser";
import { browserSuite } from "./stack";
import type { TestStack } from "../server/test/harness";
import { MINJUN, expectHeaderBalance, onChain, textOf, walletOf, won } from "./helpers-money";
import { Msg } from "../domain/messages";
import { OperatorPermission } from "../domain/constants";
import { insertOperator } from "../server/test/operators";

/**
 * Bulk actions in Chromium (issue item 9): two sell orders chosen and approved at once (one confirm with the count
 * and the total, each order's outcome, the member's balance moved); a batch where one order is refused while the
 * other is done; no bulk bar for an operator who may not act. The walk ends with the books reconciled (stack.ts).
 */
describe("bulk actions in Chromium", () => {
  const suite = browserSuite();
  let s: TestStack;
  let admin: Page;
  let memberToken: string;

  beforeAll(async () => {
    s = suite.stack();
    admin = await suite.adminPage("admin", "admin1234", { forSuite: true });
    memberToken = await s.loginUser(MINJUN.phone, MINJUN.password);
  });

  const order = async (value: number): Promise<{ id: number; orderNo: string }> => {
    const r = await s.call("POST", "/api/buy/charge", { token: memberToken, body: { value, password: MINJUN.password } });
    expect(r.code).toBe(200);
    return { id: r.data.id, orderNo: r.data.orderNo };
  };
  /** The result dialog's lines, "<order number> 성공" / "<order number> 실패: reason", sorted (they come in the page's order). */
  const outcomes = async (page: Page) => {
    const items = page.getByTestId("sale-bulk-result-item");
    await items.first().waitFor();
    return (await items.allTextContents()).map((t) => t.replace(/\s+/g, " ").trim()).sort();
  };
  const audited = async (action: string, ids: number[]) =>
    (
      await s.ctx.db
        .selectFrom("admin_actions")
        .select("target_id")
        .where("action", "=", action)
        .where("target_id", "in", ids.map(String))
        .execute()
    )
      .map((r) => r.target_id)
      .sort();

  it("approves two chosen sell orders in one go: the confirm names the count and the total, each outcome shows, the balance moves", async () => {
    const page = admin;
    const wallet = await walletOf(s, MINJUN.phone);
    const before = await onChain(s, wallet);
    const a = await order(10_000);
    const b = await order(20_000);
    const other = await order(5_000);
    await page.goto(`${s.url}/admin/sale/sell`);
    await page.getByTestId(`sale-table-select-${a.id}`).waitFor();
    // Nothing chosen: the bulk buttons wait.
    expect(await page.getByTestId("sale-bulk-accept").isDisabled()).toBe(true);
    await page.getByTestId(`sale-table-select-${a.id}`).click();
    await page.getByTestId(`sale-table-select-${b.id}`).click();
    await expect.poll(() => textOf(page, "sale-bulk-count")).toBe(`2건 선택 · 합계 ${won(30_000)}`);
    await page.getByTestId("sale-bulk-accept").click();
    expect(await textOf(page, "sale-bulk-confirm-message")).toBe(`2건, 합계 ${won(30_000)}을 승인하시겠습니까?`);
    await shot(page, "admin-sale-bulk-confirm");
    await page.getByTestId("sale-bulk-confirm-ok").click();

    await page.getByTestId("sale-bulk-result").waitFor();
    expect(await textOf(page, "sale-bulk-result-summary")).toBe("성공 2건 · 실패 0건");
    expect(await outcomes(page)).toEqual([`${a.orderNo} 성공`, `${b.orderNo} 성공`].sort());
    await shot(page, "admin-sale-bulk-result");
    await page.getByTestId("sale-bulk-result-ok").click();

    // Approved on chain and in the list; the selection is gone with them; the order left alone still waits.
    expect(await onChain(s, wallet)).toBe(before + 30_000);
    await expect.poll(() => page.getByTestId(`sale-table-select-${a.id}`).count()).toBe(0);
    expect(await page.getByTestId(`sale-table-select-${b.id}`).count()).toBe(0);
    expect(await page.getByTestId(`sale-table-select-${other.id}`).count()).toBe(1);
    expect(await textOf(page, "sale-bulk-count")).toBe(`0건 선택 · 합계 ${won(0)}`);
    expect(await audited("sale.accept", [a.id, b.id, other.id])).toEqual([String(a.id), String(b.id)].sort());
    const member = await suite.memberPage(MINJUN);
    await expectHeaderBalance(member, s, before + 30_000);
  });

  it("one order refused in a batch (cancelled by another operator meanwhile) never blocks the other", async () => {
    const page = admin;
    const a = await order(3_000);
    const b = await order(4_000);
    await page.goto(`${s.url}/admin/sale/sell`);
    await page.getByTestId(`sale-table-select-${a.id}`).waitFor();
    await page.getByTestId(`sale-table-select-${a.id}`).click();
    await page.getByTestId(`sale-table-select-${b.id}`).click();
    await page.getByTestId("sale-bulk-delete").click();
    expect(await textOf(page, "sale-bulk-confirm-message")).toBe(`2건, 합계 ${won(7_000)}을 취소하시겠습니까?`);
    // While the confirm is open, another operator cancels b.
    const other = await s.loginOperator("admin", "admin1234");
    expect((await s.call("DELETE", `/api/sale/delete/${b.id}`, { token: other, marker: "operation" })).code).toBe(200);
    await page.getByTestId("sale-bulk-confirm-ok").click();

    await page.getByTestId("sale-bulk-result").waitFor();
    expect(await textOf(page, "sale-bulk-result-summary")).toBe("성공 1건 · 실패 1건");
    expect(await outcomes(page)).toEqual([`${a.orderNo} 성공`, `${b.orderNo} 실패: ${Msg.orderNotPending}`].sort());
    await page.getByTestId("sale-bulk-result-ok").click();
    await expect.poll(() => page.getByTestId(`sale-table-select-${a.id}`).count()).toBe(0);
    // Each cancellation audited once, b's by the operator who did it.
    expect(await audited("sale.delete", [a.id, b.id])).toEqual([String(a.id), String(b.id)].sort());
  });

  it("an operator who may view settlements but not approve them gets no selection and no bulk bar", async () => {
    await insertOperator(s.ctx, "calcview9", OperatorPermission.SUB, { isExchange1: true });
    const page = await suite.adminPage("calcview9", "operator1234", { landing: /\/admin\/dashboard$/ });
    await page.goto(`${s.url}/admin/calc/management`);
    await page.getByTestId("calc-table").waitFor();
    expect(await page.getByTestId("calc-bulk").count()).toBe(0);
    expect(await page.getByTestId("calc-table-select-all").count()).toBe(0);
    await admin.goto(`${s.url}/admin/calc/management`);
    await admin.getByTestId("calc-bulk").waitFor();
    expect(await admin.getByTestId("calc-table-select-all").count()).toBe(1);
  });
});
