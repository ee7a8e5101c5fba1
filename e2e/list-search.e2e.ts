import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserSuite } from "./stack";
import { MINJUN, SEOYEON, SHOP, walletOf, won } from "./helpers-money";
import type { TestStack } from "../server/test/harness";
import { proposeAndApprove } from "../server/test/proposals";
import { formatDate } from "../domain/format";
import { SettlementStateLabel } from "../domain/state-labels";
import { defaultDateRange } from "../domain/schemas/shared/list";

type Row = Record<string, any>;

/**
 * Every list screen with a search or a filter, in Chromium: each search basis is chosen and searched, the rows shown
 * are exactly the ones that match (the answer without the filter, filtered here), and a reload shows them again
 * (the search lives in the URL, every key of it).
 */
describe("list searches in Chromium", () => {
  const suite = browserSuite();
  let s: TestStack;
  let admin: string;
  let shopToken: string;
  let page: Page;
  let shopPage: Page;
  const addr: Record<string, string> = {};
  let giftHash: string;
  let mintHash: string;
  let approvedOrder: string;

  const op = (method: string, path: string, body?: unknown, token = admin) => s.call(method, path, { token, marker: "operation", body });
  const opOk = async (method: string, path: string, body?: unknown, token = admin) => {
    const r = await op(method, path, body, token);
    expect(r.code, `${method} ${path}: ${r.message}`).toBe(200);
    return r.data;
  };
  /** Every row of a list as the API answers it without the screen's filter (one page of 100). */
  const all = async (method: "GET" | "POST", path: string, body: Record<string, unknown> = {}, token = admin): Promise<Row[]> => {
    const req = { perPage: 100, ...body };
    const query = new URLSearchParams(Object.entries(req).map(([k, v]) => [k, String(v)]));
    const data = method === "GET" ? await opOk("GET", `${path}?${query}`, undefined, token) : await opOk("POST", path, req, token);
    expect(data.total, `${path}: more rows than one page`).toBeLessThanOrEqual(100);
    return data.list;
  };
  const pay = async (kind: "gift" | "use", from: { phone: string; password: string }, to: string, value: number) => {
    const token = await s.loginUser(from.phone, from.password);
    const r = await s.call("POST", `/api/${kind}/trade/address`, {
      token,
      body: { opponentAddress: to, kind: 0, type: kind === "gift" ? 1 : 0, value, password: from.password },
    });
    expect(r.code, r.message).toBe(200);
    return r.data.txHash as string;
  };

  beforeAll(async () => {
    s = suite.stack();
    admin = await s.loginOperator("admin", "admin1234");
    shopToken = await s.loginOperator("shop01", "shop1234");
    for (const m of [MINJUN, SEOYEON, SHOP]) addr[m.phone] = await walletOf(s, m.phone);
    // Moves of every kind between the demo members, so that each search leaves rows out.
    giftHash = await pay("gift", MINJUN, addr[SEOYEON.phone], 2_300);
    await pay("gift", SEOYEON, addr[MINJUN.phone], 1_100);
    await pay("use", MINJUN, addr[SHOP.phone], 3_000);
    await pay("use", SEOYEON, addr[SHOP.phone], 1_500);
    await pay("gift", SEOYEON, addr[SHOP.phone], 700);
    const minjun = await s.loginUser(MINJUN.phone, MINJUN.password);
    const seoyeon = await s.loginUser(SEOYEON.phone, SEOYEON.password);
    const sold = await s.call("POST", "/api/buy/charge", { token: minjun, body: { value: 10_000, password: MINJUN.password } });
    expect(sold.code).toBe(200);
    expect((await s.call("POST", "/api/buy/charge", { token: seoyeon, body: { value: 7_000, password: SEOYEON.password } })).code).toBe(
      200,
    );
    await opOk("POST", "/api/sale/accept", { id: sold.data.id });
    // A mint is dual control: admin proposes, admin2 approves; the approval carries the mint's transaction.
    const minted = await proposeAndApprove(
      s,
      await s.loginOperator("admin", "admin1234"),
      await s.loginOperator("admin2", "admin1234"),
      "POST",
      "/api/token/mint",
      { value: 5_000, reason: "발행 계획분" },
    );
    mintHash = minted.approval.data.txHash;
    const request = (value: number) =>
      opOk("POST", "/api/calc/request/exchange", { address: addr[SHOP.phone], value, password: SHOP.password }, shopToken);
    approvedOrder = (await request(1_000)).orderNo;
    const deleted = (await request(400)).orderNo;
    await request(300);
    await opOk("POST", "/api/calc/management/accept", { orderNo: approvedOrder });
    await opOk("DELETE", `/api/calc/management/delete/${deleted}`);
    await s.waitIndexed();
    page = await suite.adminPage("admin", "admin1234", { forSuite: true });
    shopPage = await suite.adminPage("shop01", "shop1234", { landing: /\/admin\/calc\/request$/, forSuite: true });
  });

  /** The rows a DataTable shows, by its first cell (or `key`; a selection checkbox's cell not counted), sorted. */
  const shown = (p: Page, table: string, key: "first" | "dashboard" | "audit" = "first") =>
    p.getByTestId(`${table}-row`).evaluateAll((rows, key) => {
      const cell = (r: Element, i: number) => (r.querySelectorAll("td:not([data-selection])")[i]?.textContent ?? "").trim();
      return rows
        .map((r) =>
          key === "dashboard"
            ? `${r.querySelector('[data-testid="tx-hash-link"]')?.getAttribute("title")}|${cell(r, 3)}`
            : key === "audit"
              ? `${cell(r, 1)}|${cell(r, 3).split(" ").pop()}`
              : cell(r, 0),
        )
        .sort();
    }, key);

  /**
   * The table shows exactly `expected` (its first page of 10 when there are more, and the count of all), and does
   * again after a reload.
   */
  async function expectRows(p: Page, table: string, expected: (string | number)[], key?: "first" | "dashboard" | "audit") {
    const want = expected.map(String).sort();
    expect(want.length, `${table}: the search must find something to tell apart`).toBeGreaterThan(0);
    const check = async () => {
      await expect
        .poll(async () => (await p.getByTestId(`${table}-total`).textContent())?.trim(), { message: `${table} total` })
        .toBe(`총 ${want.length}건`);
      if (want.length <= 10) await expect.poll(() => shown(p, table, key), { message: `${table} rows` }).toEqual(want);
      else {
        await expect.poll(async () => (await shown(p, table, key)).length).toBe(10);
        expect(want).toEqual(expect.arrayContaining(await shown(p, table, key)));
      }
    };
    await check();
    await p.reload();
    await check();
  }

  /** A range that has none of today's rows, so a range search is told apart from no search. */
  async function expectNoRowsBefore(p: Page, range: string, table: string) {
    const yesterday = formatDate(Date.now() - 86_400_000);
    await p.getByTestId(`${range}-from`).fill(yesterday);
    await p.getByTestId(`${range}-to`).fill(yesterday);
    await p.getByTestId(`${range}-apply`).click();
    for (let i = 0; i < 2; i++) {
      await expect.poll(() => p.getByTestId(`${table}-empty`).count(), { message: `${table}: no rows yesterday` }).toBe(1);
      expect(await p.getByTestId(`${table}-row`).count()).toBe(0);
      expect(await p.getByTestId(`${range}-from`).inputValue()).toBe(yesterday);
      if (i === 0) await p.reload();
    }
  }

  it("dashboard: by type, by hash, address, name and phone, by date range", async () => {
    const rows = await all("POST", "/api/dashboard/table");
    const key = (r: Row) => `${r.hash}|${won(Number(r.value))}`;
    expect(rows.length).toBeGreaterThan(10);
    const search = async (basis: string, text: string, expected: Row[]) => {
      await page.goto(`${s.url}/admin/dashboard`);
      await page.getByTestId("dashboard-table-row").first().waitFor();
      await page.getByTestId("dashboard-filter-type").selectOption(basis);
      await page.getByTestId("dashboard-search").fill(text);
      await page.getByTestId("dashboard-search-submit").click();
      await expectRows(page, "dashboard-table", expected.map(key), "dashboard");
      expect(await page.getByTestId("dashboard-search").inputValue()).toBe(text);
      expect(await page.getByTestId("dashboard-filter-type").inputValue()).toBe(basis);
    };
    await search(
      "hash",
      giftHash,
      rows.filter((r) => r.hash === giftHash),
    );
    const seoyeon = addr[SEOYEON.phone];
    await search(
      "address",
      seoyeon,
      rows.filter((r) => r.from === seoyeon || r.to === seoyeon),
    );
    await search(
      "name",
      SEOYEON.name,
      rows.filter((r) => r.fromName === SEOYEON.name || r.toName === SEOYEON.name),
    );
    await search(
      "phone",
      SHOP.phone,
      rows.filter((r) => r.from === addr[SHOP.phone] || r.to === addr[SHOP.phone]),
    );
    for (const type of ["gift", "use", "fee", "mint"]) {
      await page.goto(`${s.url}/admin/dashboard`);
      await page.getByTestId("dashboard-type").selectOption(type);
      await expectRows(page, "dashboard-table", rows.filter((r) => r.type === type).map(key), "dashboard");
    }
    // Type and a search together: both kept.
    await page.goto(`${s.url}/admin/dashboard`);
    await page.getByTestId("dashboard-type").selectOption("gift");
    await page.getByTestId("dashboard-filter-type").selectOption("name");
    await page.getByTestId("dashboard-search").fill(MINJUN.name);
    await page.getByTestId("dashboard-search-submit").click();
    await expectRows(
      page,
      "dashboard-table",
      rows.filter((r) => r.type === "gift" && (r.fromName === MINJUN.name || r.toName === MINJUN.name)).map(key),
      "dashboard",
    );
    await page.goto(`${s.url}/admin/dashboard`);
    await expectNoRowsBefore(page, "dashboard-range", "dashboard-table");
  });

  it("members: by name, phone or wallet address, and by state", async () => {
    const rows = await all("GET", "/api/operation/allUserList");
    const search = async (keyword: string, expected: Row[]) => {
      await page.goto(`${s.url}/admin/account`);
      await page.getByTestId("members-table-row").first().waitFor();
      await page.getByTestId("members-search-input").fill(keyword);
      await page.getByTestId("members-search-submit").click();
      await expectRows(
        page,
        "members-table",
        expected.map((r) => r.id),
      );
      expect(await page.getByTestId("members-search-input").inputValue()).toBe(keyword);
    };
    await search(
      "서연",
      rows.filter((r) => r.username.includes("서연")),
    );
    await search(
      "5555",
      rows.filter((r) => r.phonenumber.includes("5555")),
    );
    await search(
      addr[MINJUN.phone].toLowerCase(),
      rows.filter((r) => r.phonenumber === MINJUN.phone),
    );
    const seoyeon = rows.find((r) => r.phonenumber === SEOYEON.phone)!;
    await opOk("POST", "/api/operation/changeState", { id: seoyeon.id, state: "suspension" });
    try {
      await page.goto(`${s.url}/admin/account`);
      await page.getByTestId("members-search-select").selectOption("suspension");
      await expectRows(page, "members-table", [seoyeon.id]);
      // State and keyword together.
      await page.getByTestId("members-search-input").fill("민준");
      await page.getByTestId("members-search-submit").click();
      await expect.poll(() => page.getByTestId("members-table-empty").count()).toBe(1);
      await page.getByTestId("members-search-select").selectOption("repair");
      await expectRows(
        page,
        "members-table",
        rows.filter((r) => r.username.includes("민준")).map((r) => r.id),
      );
      expect(await page.getByTestId("members-search-select").inputValue()).toBe("repair");
    } finally {
      await opOk("POST", "/api/operation/changeState", { id: seoyeon.id, state: "repair" });
    }
  });

  it("audit log: by operator and by target, by date range", async () => {
    const rows = await all("GET", "/api/operation/actions");
    const key = (r: Row) => `${r.adminLoginId}|${r.targetId}`;
    for (const keyword of [approvedOrder, "admin"]) {
      await page.goto(`${s.url}/admin/account/actions`);
      await page.getByTestId("audit-table-row").first().waitFor();
      await page.getByTestId("audit-search-input").fill(keyword);
      await page.getByTestId("audit-search-submit").click();
      await expectRows(page, "audit-table", rows.filter((r) => r.adminLoginId === keyword || r.targetId === keyword).map(key), "audit");
    }
    await page.goto(`${s.url}/admin/account/actions`);
    await expectNoRowsBefore(page, "audit-range", "audit-table");
  });

  it("sales: sell, use and gift by date range", async () => {
    for (const type of ["sell", "use", "gift"]) {
      const rows = await all("POST", "/api/sale/list", { type });
      const today = formatDate(Date.now());
      await page.goto(`${s.url}/admin/sale/${type}`);
      await page.getByTestId("sale-range-from").fill(today);
      await page.getByTestId("sale-range-to").fill(today);
      await page.getByTestId("sale-range-apply").click();
      await expectRows(
        page,
        "sale-table",
        rows.filter((r) => formatDate(r.createdAt) === today).map((r) => r.id),
      );
      await expectNoRowsBefore(page, "sale-range", "sale-table");
    }
  });

  it("settlement management: each state tab, and the date range", async () => {
    const rows = await all("POST", "/api/calc/management/search");
    for (const tab of ["pending", "approved", "deleted"] as const) {
      await page.goto(`${s.url}/admin/calc/management`);
      await page.getByTestId("calc-table-row").first().waitFor();
      await page.getByTestId(`calc-tab-${tab}`).click();
      await expectRows(
        page,
        "calc-table",
        rows.filter((r) => r.state === SettlementStateLabel[tab]).map((r) => r.orderNo),
      );
      expect(await page.getByTestId(`calc-tab-${tab}`).getAttribute("aria-selected")).toBe("true");
    }
    await page.goto(`${s.url}/admin/calc/management`);
    await expectNoRowsBefore(page, "calc-range", "calc-table");
  });

  it("the shop's settlement history and wallet gifts, by date range", async () => {
    const history = await all("POST", "/api/calc/request/history", {}, shopToken);
    const today = formatDate(Date.now());
    await shopPage.goto(`${s.url}/admin/calc/request`);
    await shopPage.getByTestId("calc-history-range-from").fill(today);
    await shopPage.getByTestId("calc-history-range-to").fill(today);
    await shopPage.getByTestId("calc-history-range-apply").click();
    await expectRows(
      shopPage,
      "calc-history-table",
      history.map((r) => r.exchangeNo),
    );
    await expectNoRowsBefore(shopPage, "calc-history-range", "calc-history-table");

    const gifts = await all("POST", "/api/calc/wallet/gift", {}, shopToken);
    await shopPage.goto(`${s.url}/admin/calc/wallet`);
    await shopPage.getByTestId("calc-gift-range-from").fill(today);
    await shopPage.getByTestId("calc-gift-range-to").fill(today);
    await shopPage.getByTestId("calc-gift-range-apply").click();
    await expectRows(
      shopPage,
      "calc-gift-table",
      gifts.map((r) => r.id),
    );
    await expectNoRowsBefore(shopPage, "calc-gift-range", "calc-gift-table");
  });

  it("token issuance: by kind, by hash, operator or address, by period and date range", async () => {
    const rows = await all("POST", "/api/token/manage/search");
    const open = () => page.goto(`${s.url}/admin/token/management`);
    for (const type of ["mint", "burn"]) {
      await open();
      await page.getByTestId("token-filter").selectOption(type);
      await expectRows(
        page,
        "token-table",
        rows.filter((r) => r.kind === type).map((r) => r.id),
      );
      expect(await page.getByTestId("token-filter").inputValue()).toBe(type);
    }
    const treasuryPart = rows
      .find((r) => r.kind === "mint")!
      .address.slice(2, 12)
      .toLowerCase();
    const match = (k: string) => (r: Row) =>
      r.txHash === k.toLowerCase() || r.operator === k || r.address.toLowerCase().includes(k.toLowerCase());
    // The mint's operator is its approver (dual control): admin2.
    for (const keyword of [mintHash, "admin2", treasuryPart]) {
      await open();
      await page.getByTestId("token-search-input").fill(keyword);
      await page.getByTestId("token-search-submit").click();
      await expectRows(
        page,
        "token-table",
        rows.filter(match(keyword)).map((r) => r.id),
      );
    }
    // Kind and keyword together.
    await open();
    await page.getByTestId("token-search-input").fill("admin2");
    await page.getByTestId("token-search-submit").click();
    await page.getByTestId("token-filter").selectOption("mint");
    await expectRows(
      page,
      "token-table",
      rows.filter((r) => r.kind === "mint" && match("admin2")(r)).map((r) => r.id),
    );
    expect(await page.getByTestId("token-search-input").inputValue()).toBe("admin2");
    await open();
    await page.getByTestId("token-tabs-daily").click();
    await expectRows(
      page,
      "token-table",
      rows.filter((r) => formatDate(r.createdAt) === formatDate(Date.now())).map((r) => r.id),
    );
    await open();
    await expectNoRowsBefore(page, "token-range", "token-table");
  });

  it("fees: by kind, by the sender's or receiver's name or phone, by date range", async () => {
    const rows = await all("POST", "/api/token/fee/search");
    const open = () => page.goto(`${s.url}/admin/token/fee`);
    for (const type of ["gift", "use"]) {
      await open();
      await page.getByTestId("fee-filter").selectOption(type);
      await expectRows(
        page,
        "fee-table",
        rows.filter((r) => r.type === (type === "gift" ? "선물" : "사용")).map((r) => r.id),
      );
    }
    const phoneOf = (r: Row) => Object.entries(addr).find(([, a]) => a === r.toAddress)?.[0];
    const match = (k: string) => (r: Row) => r.username === k || r.phonenumber === k || r.receiver === k || phoneOf(r) === k;
    for (const keyword of [MINJUN.name, SEOYEON.phone, SHOP.name]) {
      await open();
      await page.getByTestId("fee-search-input").fill(keyword);
      await page.getByTestId("fee-search-submit").click();
      await expectRows(
        page,
        "fee-table",
        rows.filter(match(keyword)).map((r) => r.id),
      );
    }
    await open();
    await expectNoRowsBefore(page, "fee-range", "fee-table");
  });

  it("settlement status: the owner search by name, wallet and email; the owner's history by date range", async () => {
    // A second shop owner with an e-mail, so that each basis finds one owner and leaves the other out.
    await s.ctx.db
      .updateTable("members")
      .set({ permission: "exchanger", email: "seoyeon@example.com" })
      .where("phonenumber", "=", SEOYEON.phone)
      .execute();
    await s.ctx.db.updateTable("members").set({ email: "market@example.com" }).where("phonenumber", "=", SHOP.phone).execute();
    const owners = async () => (await page.getByTestId("calc-owner-row").allTextContents()).map((t) => t.split(" · ")[0].trim()).sort();
    const search = async (basis: string, keyword: string, expected: string[]) => {
      await page.goto(`${s.url}/admin/calc/status`);
      await page.getByTestId("calc-status-card").first().waitFor();
      await page.getByTestId("calc-owner-filter").selectOption(basis);
      await page.getByTestId("calc-owner-keyword").fill(keyword);
      await page.getByTestId("calc-owner-search").click();
      await expect.poll(owners).toEqual(expected);
      await page.reload();
      await expect.poll(owners).toEqual(expected);
      expect(await page.getByTestId("calc-owner-keyword").inputValue()).toBe(keyword);
    };
    await search("name", "1호점", [SHOP.name]);
    await search("wallet", addr[SEOYEON.phone].slice(2, 14).toLowerCase(), [SEOYEON.name]);
    await search("email", "market@", [SHOP.name]);
    await search("email", "example.com", [SHOP.name, SEOYEON.name].sort());

    // The chosen owner's wallet and its history: kept by a reload too.
    const range = defaultDateRange();
    const shopId = (await s.ctx.db.selectFrom("members").select("id").where("phonenumber", "=", SHOP.phone).executeTakeFirstOrThrow()).id;
    const moves: Row[] = await opOk("POST", "/api/calc/status/history", {
      user_id: shopId,
      from: range.from,
      to: range.to,
      wallets: [addr[SHOP.phone]],
    });
    await page.getByTestId("calc-owner-row").filter({ hasText: SHOP.name }).click();
    await page.getByTestId("calc-owner-wallet").first().click();
    await page.getByTestId("calc-status-range-apply").click();
    const ids = () =>
      page
        .getByTestId("calc-status-history")
        .locator("tbody tr")
        .evaluateAll((rows) => rows.map((r) => (r.querySelector("td")?.textContent ?? "").trim()).sort());
    const want = moves.map((m) => String(m.id)).sort();
    expect(want.length).toBeGreaterThan(0);
    await expect.poll(ids).toEqual(want);
    await page.reload();
    await expect.poll(ids).toEqual(want);
  });
});
