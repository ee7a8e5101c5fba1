import { beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../server/test/harness";
import { shot } from "./browser";
import { MINJUN, SEOYEON, won } from "./helpers-money";
import { browserSuite } from "./stack";

/** A gift sent by API to 김민준 (the recipient watches in Chromium). */
async function giftFromSeoyeon(s: TestStack, value: number): Promise<string> {
  const t = await s.loginUser(SEOYEON.phone, SEOYEON.password);
  const look = await s.call("POST", "/api/info/user", { token: t, body: { phonenumber: MINJUN.phone } });
  const r = await s.call("POST", "/api/gift/trade/address", {
    token: t,
    body: { opponentAddress: look.data.address, kind: 0, type: 1, value, password: SEOYEON.password },
  });
  expect(r.data.status).toBe("confirmed");
  return r.data.txHash as string;
}

describe("member notices in Chromium: the bell, the notification center, the receipt of a gift", () => {
  const suite = browserSuite();
  let s: TestStack;
  beforeAll(() => {
    s = suite.stack();
  });

  it("rings the bell in real time when a gift arrives, lists it, and opens its receipt", async () => {
    const page = await suite.memberPage(MINJUN);
    const bell = page.getByTestId("header-bell");
    await bell.waitFor();
    await expect.poll(() => page.getByTestId("header-bell-count").count()).toBe(0);
    const hash = await giftFromSeoyeon(s, 4_000);
    // No reload: the member socket pushes the count.
    await expect.poll(() => page.getByTestId("header-bell-count").textContent(), { timeout: 15_000 }).toBe("1");
    await shot(page, "member-notices-bell");
    await bell.click();
    await page.waitForURL(/\/info\/notifications$/);
    const item = page.getByTestId("notice-item").first();
    await expect.poll(() => item.getAttribute("data-kind")).toBe("gift_received");
    expect(await item.getByTestId("notice-body").textContent()).toBe(`이*연님이 ${won(4_000)}을 선물했습니다.`);
    expect(await item.getAttribute("data-read")).toBe("false");
    await shot(page, "member-notices-list");
    await item.click();
    await page.waitForURL(/\/info\/receipt\/move\/\d+$/);
    await expect.poll(() => page.getByTestId("receipt-kind").textContent()).toBe("선물 받기");
    expect(await page.getByTestId("receipt-counterpart").textContent()).toBe("이*연");
    expect(await page.getByTestId("receipt-hash").textContent()).toBe(hash);
    expect(await page.getByTestId("receipt-total").textContent()).toBe(won(4_000));
    // Opened, it is read: the bell is quiet again.
    await expect.poll(() => page.getByTestId("header-bell-count").count()).toBe(0);
    // The same receipt from the history's gift tab.
    await page.goto(`${s.url}/info/history?tab=3`);
    await page.getByTestId("history-receipt").first().click();
    await page.waitForURL(/\/info\/receipt\/move\/\d+$/);
    await expect.poll(() => page.getByTestId("receipt-hash").textContent()).toBe(hash);
    // The receipt's link: the public verification page shows the transaction as the chain holds it.
    await page.getByTestId("receipt-verify-link").click();
    await page.waitForURL(new RegExp(`/verify/tx/${hash}$`));
    await expect.poll(() => page.getByTestId("verify-status").textContent()).toContain("성공");
    const transfers = await page.getByTestId("verify-transfer").allTextContents();
    expect(transfers.some((t) => t.endsWith(won(4_000)))).toBe(true);
    const body = (await page.locator("main").textContent()) ?? "";
    for (const pii of [MINJUN.name, SEOYEON.name, MINJUN.phone, SEOYEON.phone]) expect(body).not.toContain(pii);
    await shot(page, "member-notices-verify");
  }, 90_000);

  it("shows an operator's new notice to members, and the message log to operators with phones masked", async () => {
    const page = await suite.memberPage(SEOYEON);
    await page.getByTestId("header-bell").waitFor();
    const admin = await s.loginOperator("admin", "admin1234");
    const made = await s.call("POST", "/api/board", {
      token: admin,
      marker: "operation",
      body: { type: "notice", content: { title: "연말 점검 안내", content: "<p>점검</p>" } },
    });
    expect(made.code).toBe(200);
    await expect.poll(() => page.getByTestId("header-bell-count").textContent(), { timeout: 15_000 }).toBe("1");
    await page.goto(`${s.url}/info/notifications`);
    await expect.poll(() => page.getByTestId("notice-body").first().textContent()).toBe("연말 점검 안내");

    const op = await suite.adminPage();
    await op.goto(`${s.url}/admin/messages`);
    const rows = op.getByTestId("outbound-table-row");
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const text = (await op.getByTestId("outbound-table").textContent()) ?? "";
    expect(text).toContain("010-****-2222");
    expect(text).toContain("선물 도착");
    expect(text).not.toContain(MINJUN.phone);
    await shot(op, "member-notices-messages");
  }, 90_000);
});
