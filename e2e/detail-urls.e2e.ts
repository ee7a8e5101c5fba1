import { beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { browserSuite } from "./stack";
import { MINJUN, SEOYEON, SHOP, memberId, walletOf } from "./helpers-money";
import type { TestStack } from "../server/test/harness";
import { Msg } from "../domain/messages";

/**
 * Every back-office detail has its own URL (testers' item 8): opened from its list it is `?<key>=<id>` beside the
 * list's own keys; a reload opens it again, Back closes it (the list as it was), and the link pasted into a fresh
 * page opens it, its close leaving the list. An id that does not exist says so in the dialog.
 */
describe("every detail has its own URL", () => {
  const suite = browserSuite();
  let s: TestStack;
  let buy: { id: number; orderNo: string };
  let settlementNo: string;
  let inquiry: { id: number; title: string };

  beforeAll(async () => {
    s = suite.stack();
    const minjun = await s.loginUser(MINJUN.phone, MINJUN.password);
    const shopAddr = await walletOf(s, SHOP.phone);
    // A use at the shop (its balance to take to 정산) and a gift (a fee leg), a buy request (a sale), an inquiry.
    expect(
      (
        await s.call("POST", "/api/use/trade/address", {
          token: minjun,
          body: { opponentAddress: shopAddr, kind: 0, type: 0, value: 12_000, password: MINJUN.password },
        })
      ).code,
    ).toBe(200);
    const gift = await s.call("POST", "/api/gift/trade/address", {
      token: minjun,
      body: { opponentAddress: await walletOf(s, SEOYEON.phone), kind: 0, type: 1, value: 3_000, password: MINJUN.password },
    });
    expect(gift.code).toBe(200);
    const charge = await s.call("POST", "/api/buy/charge", { token: minjun, body: { value: 10_000, password: MINJUN.password } });
    expect(charge.code).toBe(200);
    buy = { id: charge.data.id, orderNo: charge.data.orderNo };
    inquiry = { id: 0, title: "상세 주소 문의" };
    const asked = await s.call("POST", "/api/cs/inquiry", { token: minjun, body: { title: inquiry.title, content: "링크로 열리나요?" } });
    expect(asked.code).toBe(200);
    inquiry.id = asked.data.id;
    await s.waitIndexed();
    const shop = await s.loginOperator("shop01", "shop1234");
    const settlementRequest = await s.call("POST", "/api/calc/request/exchange", {
      token: shop,
      marker: "operation",
      body: { address: shopAddr, value: 5_000, password: SHOP.password },
    });
    expect(settlementRequest.code).toBe(200);
    settlementNo = settlementRequest.data.orderNo;
    await s.waitIndexed();
  });

  interface Walk {
    /** The list's address below /admin, with its own keys (a filter, a page size). */
    list: string;
    /** The detail's URL key. */
    key: string;
    /** What to click on the list to open it. */
    row: (page: Page) => Locator;
    /** The dialog's test id. */
    dialog: string;
    /** Text the loaded detail shows. */
    shows: string;
    /** The id the URL should carry, when known. */
    id?: number;
  }

  const dialogText = async (page: Page, testId: string, shows: string): Promise<string> => {
    const dialog = page.getByTestId(testId);
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent(), { timeout: 20_000 }).toContain(shows);
    return (await dialog.textContent())!;
  };
  const search = (url: string) => Object.fromEntries(new URL(url).searchParams);

  /** Opens from the list, reloads, goes Back, pastes the link into a fresh page and closes it there. */
  async function walk(w: Walk): Promise<void> {
    const page = await suite.adminPage();
    const listUrl = `${s.url}/admin${w.list}`;
    const listKeys = search(listUrl);
    await page.goto(listUrl);
    await w.row(page).first().click();
    const content = await dialogText(page, w.dialog, w.shows);

    // The URL names the detail, and keeps the list's own keys.
    await expect.poll(() => search(page.url())[w.key] ?? "", { message: `?${w.key}= in the URL` }).toMatch(/^\d+$/);
    const opened = page.url();
    expect(search(opened)).toEqual({ ...listKeys, [w.key]: w.id === undefined ? search(opened)[w.key] : String(w.id) });

    // A reload opens the same record.
    await page.reload();
    expect(await dialogText(page, w.dialog, w.shows)).toBe(content);

    // Back closes it: the list as it was.
    await page.goBack();
    await page.getByTestId(w.dialog).waitFor({ state: "hidden" });
    expect(page.url()).toBe(listUrl);
    await w.row(page).first().waitFor();

    // The link pasted into a fresh page opens it; its close leaves the list with its keys.
    const fresh = await page.context().newPage();
    await fresh.goto(opened);
    expect(await dialogText(fresh, w.dialog, w.shows)).toBe(content);
    await fresh.getByTestId(`${w.dialog}-close`).click();
    await fresh.getByTestId(w.dialog).waitFor({ state: "hidden" });
    await expect.poll(() => fresh.url()).toBe(listUrl);
    await w.row(fresh).first().waitFor();
    await fresh.close();

    // Opened from the list and closed by its button: the list's entry again, not one more (Back leaves the list).
    await w.row(page).first().click();
    await dialogText(page, w.dialog, w.shows);
    await page.getByTestId(`${w.dialog}-close`).click();
    await page.getByTestId(w.dialog).waitFor({ state: "hidden" });
    await expect.poll(() => page.url()).toBe(listUrl);
    await page.goBack();
    await page.waitForURL(`${s.url}/admin/main`);
    await page.close();
  }

  it("member (from the member list, filtered by a search)", async () => {
    await walk({
      list: `/account?keyword=${SEOYEON.phone}`,
      key: "member",
      row: (p) => p.getByTestId("members-table-row"),
      dialog: "member-detail",
      shows: SEOYEON.name,
      id: await memberId(s, SEOYEON.phone),
    });
  });

  it("operator", async () => {
    await walk({
      list: "/account/adminlist",
      key: "operator",
      row: (p) => p.getByTestId("operators-row").filter({ hasText: "shop01" }),
      dialog: "operator-detail",
      shows: "shop01",
    });
  });

  it("sale order", async () => {
    await walk({
      list: "/sale/sell?perPage=25",
      key: "sale",
      row: (p) => p.getByTestId("sale-table-row").filter({ hasText: buy.orderNo }),
      dialog: "sale-detail",
      shows: buy.orderNo,
      id: buy.id,
    });
  });

  it("token issue", async () => {
    await walk({
      list: "/token/management?type=mint",
      key: "issue",
      row: (p) => p.getByTestId("token-table-row"),
      dialog: "token-detail",
      shows: "원",
    });
  });

  it("fee row, and the member its name links to", async () => {
    await walk({
      list: "/token/fee?type=gift",
      key: "fee",
      row: (p) => p.getByTestId("fee-table-row"),
      dialog: "fee-detail",
      shows: SEOYEON.name,
    });
    await walk({
      list: "/token/fee?type=gift",
      key: "member",
      row: (p) => p.getByTestId("fee-member-link").filter({ hasText: SEOYEON.name }),
      dialog: "member-detail",
      shows: SEOYEON.phone,
      id: await memberId(s, SEOYEON.phone),
    });
  });

  it("settlement order", async () => {
    await walk({
      list: "/calc/management?state=pending",
      key: "order",
      row: (p) => p.getByTestId("calc-table-row").filter({ hasText: settlementNo }),
      dialog: "calc-detail",
      shows: settlementNo,
    });
  });

  it("board post and inquiry", async () => {
    await walk({
      list: "/board/notice?perPage=10",
      key: "post",
      row: (p) => p.getByTestId("board-table-row").filter({ hasText: "시스템 점검 안내" }),
      dialog: "board-detail",
      shows: "정기 점검",
    });
    await walk({
      list: "/board/inquiry?perPage=10",
      key: "post",
      row: (p) => p.getByTestId("board-table-row").filter({ hasText: inquiry.title }),
      dialog: "board-detail",
      shows: inquiry.title,
      id: inquiry.id,
    });
  });

  it("notification: the row opens its record's URL; Back returns to the notifications, a close stays on the record's list", async () => {
    const page = await suite.adminPage();
    const listUrl = `${s.url}/admin/notify?perPage=25`;
    await page.goto(listUrl);
    const target = `${s.url}/admin/board/inquiry?post=${inquiry.id}`;
    await page.getByTestId("notify-table-row").filter({ hasText: inquiry.title }).click();
    await page.waitForURL(target);
    const content = await dialogText(page, "board-detail", inquiry.title);
    await page.reload();
    expect(await dialogText(page, "board-detail", inquiry.title)).toBe(content);
    await page.goBack();
    await page.waitForURL(listUrl);
    await page.getByTestId("notify-table-row").first().waitFor();
    expect(await page.getByTestId("board-detail").count()).toBe(0);
    // Forward again, and closed there: the inquiry board, not the notifications.
    await page.goForward();
    await dialogText(page, "board-detail", inquiry.title);
    await page.getByTestId("board-detail-close").click();
    await page.getByTestId("board-detail").waitFor({ state: "hidden" });
    await expect.poll(() => page.url()).toBe(`${s.url}/admin/board/inquiry`);
    // The sale and settlement notifications lead to their records too.
    await page.goto(listUrl);
    await page.getByTestId("notify-table-row").filter({ hasText: "정산 신청" }).first().click();
    await page.waitForURL(/\/admin\/calc\/management\?order=\d+$/);
    await dialogText(page, "calc-detail", settlementNo);
    await page.goto(listUrl);
    await page.getByTestId("notify-table-row").filter({ hasText: "10,000원 (입금 대기)" }).first().click();
    await page.waitForURL(`${s.url}/admin/sale/sell?sale=${buy.id}`);
    await dialogText(page, "sale-detail", buy.orderNo);
    await page.close();
  });

  it("an id that does not exist, or cannot be one, says so in the dialog", async () => {
    const page = await suite.adminPage();
    const cases: [string, string][] = [
      ["/account?keyword=x&member", "member-detail"],
      ["/account/adminlist?operator", "operator-detail"],
      ["/sale/use?sale", "sale-detail"],
      ["/token/management?issue", "token-detail"],
      ["/token/fee?fee", "fee-detail"],
      ["/calc/management?order", "calc-detail"],
      ["/board/faq?post", "board-detail"],
      ["/board/inquiry?post", "board-detail"],
    ];
    for (const [address, dialog] of cases) {
      for (const id of ["999999", "abc"]) {
        await page.goto(`${s.url}/admin${address}=${id}`);
        await expect.poll(() => page.getByTestId(`${dialog}-error`).textContent(), { message: `${address}=${id}` }).toBe(Msg.notFound);
      }
    }
    // Closed, the screen is there as before.
    await page.getByTestId("board-detail-close").click();
    await page.getByTestId("board-table").waitFor();
    expect(page.url()).toBe(`${s.url}/admin/board/inquiry`);
    await page.close();
  });
});
