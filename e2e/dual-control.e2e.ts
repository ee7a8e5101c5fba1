import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { shot } from "./browser";
import { browserSuite } from "./stack";
import type { TestStack } from "../server/test/harness";
import { Msg } from "../domain/messages";

/**
 * Dual control in Chromium: `admin` proposes a mint and cannot approve it (no button; the server refuses it
 * too), `admin2` approves it from the 승인 요청 screen and totalSupply rises by exactly that amount. The suite
 * ends with the reconciliation (e2e/stack.ts).
 */
describe("dual control in Chromium", () => {
  const suite = browserSuite();
  let s: TestStack;
  let admin: Page;
  let admin2: Page;

  beforeAll(async () => {
    s = suite.stack();
    admin = await suite.adminPage("admin", "admin1234", { forSuite: true });
    admin2 = await suite.adminPage("admin2", "admin1234", { forSuite: true });
  });

  const expectSnack = async (page: Page, message: string) => {
    await page.getByTestId("admin-snackbar").filter({ hasText: message }).first().waitFor({ state: "visible" });
  };

  it("one operator proposes a mint and cannot approve it; a second approves and totalSupply rises by exactly that", async () => {
    const supply = BigInt(await s.ctx.chain.token.totalSupply());
    await admin.goto(s.url + "/admin/token/management");
    await admin.getByTestId("token-mint-open").click();
    await admin.getByTestId("token-mint-value").fill("2468000");
    await admin.getByTestId("token-mint-submit").click();
    await admin.getByTestId("token-mint-confirm-ok").click();
    await expectSnack(admin, Msg.proposalCreated);
    // The proposal's page: the proposer sees it pending, and no approve button.
    await admin.waitForURL(/\/admin\/proposals\/\d+$/);
    const id = Number(admin.url().split("/").pop());
    await admin.getByTestId("proposal-own").waitFor();
    expect(await admin.getByTestId("proposal-approve").count()).toBe(0);
    expect(await admin.getByTestId("proposal-state").getAttribute("data-state")).toBe("pending");
    await shot(admin, "admin-proposal-own");
    // Nothing moved; the server refuses the proposer's own approval whatever the screen shows.
    expect(BigInt(await s.ctx.chain.token.totalSupply())).toBe(supply);
    const token = await s.loginAdmin("admin", "admin1234");
    const self = await s.call("POST", `/api/proposals/${id}/approve`, { token, marker: "operation" });
    expect([self.code, self.message]).toEqual([403, Msg.proposalSelfApproval]);

    await admin2.goto(s.url + "/admin/proposals");
    const row = admin2.getByTestId("proposal-table").locator("tbody tr", { hasText: "2,468,000원" }).first();
    await row.waitFor();
    await shot(admin2, "admin-proposals");
    await row.getByTestId("proposal-approve").click();
    await expectSnack(admin2, Msg.proposalApproved);
    expect(BigInt(await s.ctx.chain.token.totalSupply()) - supply).toBe(2_468_000n);

    // The proposer sees it approved, with its transaction.
    await expect.poll(async () => admin.getByTestId("proposal-state").getAttribute("data-state"), { timeout: 15_000 }).toBe("approved");
    await expect.poll(async () => (await admin.getByTestId("proposal-detail").textContent()) ?? "").toMatch(/0x[0-9a-f]{64}/);
  });
});
