import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { shot } from "./browser";
import { browserSuite } from "./stack";
import type { TestStack } from "../server/test/harness";
import { Msg } from "../domain/messages";
import { MINJUN, SEOYEON, enterPassword, expectSnack as expectMemberSnack, onChain, walletOf } from "./helpers-money";

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
    // The proposer's own reason is required: without it nothing is asked, nothing proposed.
    await admin.getByTestId("token-mint-submit").click();
    await admin.getByText(Msg.proposalReasonRequired).waitFor();
    await admin.getByTestId("token-mint-reason").fill("12월 발행 계획분");
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
    const token = await s.loginOperator("admin", "admin1234");
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

  it("an emergency pause through dual control stops a member's gift with the banner; the unpause restores it; both on the timeline", async () => {
    const member = await suite.memberPage(MINJUN);
    const seoyeon = await walletOf(s, SEOYEON.phone);
    const gift = async () => {
      await member.goto(`${s.url}/send/gift`);
      await member.getByTestId("gift-mode-phone").click();
      await member.getByTestId("gift-recipient").fill(SEOYEON.phone);
      await member.getByTestId("gift-amount").fill("1000");
      await member.getByTestId("send-next").click();
      await member.getByTestId("send-recipient-name").waitFor();
      await member.getByTestId("send-confirm").click();
      await enterPassword(member, MINJUN.password);
    };
    /** `admin` proposes from the dashboard's pause card, `admin2` approves it. */
    const toggle = async (label: string) => {
      await admin.goto(`${s.url}/admin/dashboard`);
      await admin.getByTestId("pause-propose").click();
      await admin.getByTestId("pause-propose-reason").fill(`e2e ${label}`);
      await admin.getByTestId("pause-propose-dialog-submit").click();
      await expectSnack(admin, Msg.proposalCreated);
      await admin.waitForURL(/\/admin\/proposals\/\d+$/);
      const id = Number(admin.url().split("/").pop());
      await admin2.goto(`${s.url}/admin/proposals/${id}`);
      await admin2.getByTestId("proposal-approve").click();
      await expectSnack(admin2, Msg.proposalApproved);
      await expect.poll(async () => admin2.getByTestId("proposal-state").getAttribute("data-state"), { timeout: 15_000 }).toBe("approved");
    };

    await toggle("pause");
    expect(await s.ctx.chain.token.paused()).toBe(true);
    // The member app: the banner over every page, and a gift refused with the maintenance message; nothing moved.
    const before = await onChain(s, seoyeon);
    await member.goto(`${s.url}/`);
    await expect
      .poll(async () => (await member.getByTestId("maintenance-banner").textContent()) ?? "", { timeout: 20_000 })
      .toBe(Msg.maintenance);
    await gift();
    await expectMemberSnack(member, Msg.maintenance);
    expect(await onChain(s, seoyeon)).toBe(before);
    await shot(member, "member-maintenance-banner");
    // The dashboard's timeline: paused now, the pause's transaction listed.
    await admin.goto(`${s.url}/admin/dashboard`);
    await expect.poll(async () => admin.getByTestId("pause-state").getAttribute("data-paused"), { timeout: 15_000 }).toBe("true");
    expect(await admin.getByTestId("pause-event").first().getAttribute("data-kind")).toBe("paused");

    await toggle("unpause");
    expect(await s.ctx.chain.token.paused()).toBe(false);
    await member.goto(`${s.url}/`);
    await member.getByTestId("header-balance").waitFor();
    await expect.poll(() => member.getByTestId("maintenance-banner").count(), { timeout: 20_000 }).toBe(0);
    await gift();
    await member.waitForURL(`${s.url}/result?type=7`);
    await expect.poll(() => onChain(s, seoyeon), { timeout: 15_000 }).toBe(before + 1000);
    await admin.goto(`${s.url}/admin/dashboard`);
    await expect.poll(async () => admin.getByTestId("pause-state").getAttribute("data-paused"), { timeout: 15_000 }).toBe("false");
    expect(await admin.getByTestId("pause-event").evaluateAll((els) => els.map((e) => e.getAttribute("data-kind")))).toEqual([
      "unpaused",
      "paused",
    ]);
    await shot(admin, "admin-pause-timeline");
  });

  it("the roles screen reads who holds each role from the chain; a new minter allowance through dual control bounds the next mint", async () => {
    const operator = s.ctx.chain.senders.minter.address;
    await admin.goto(`${s.url}/admin/token/roles`);
    const minter = admin.getByTestId("role-MINTER_ROLE").locator(`[data-address="${operator}"]`);
    await minter.waitFor();
    await shot(admin, "admin-token-roles");
    await minter.getByTestId("allowance-change").click();
    await admin.getByTestId("allowance-value").fill("3000000");
    await admin.getByTestId("allowance-reason").fill("e2e 한도");
    await admin.getByTestId("allowance-dialog-submit").click();
    await expectSnack(admin, Msg.proposalCreated);
    await admin.waitForURL(/\/admin\/proposals\/\d+$/);
    const id = Number(admin.url().split("/").pop());
    await admin2.goto(`${s.url}/admin/proposals/${id}`);
    await admin2.getByTestId("proposal-approve").click();
    await expectSnack(admin2, Msg.proposalApproved);
    expect(BigInt(await s.ctx.chain.token.minterAllowance(operator))).toBe(3_000_000n);
    await s.waitIndexed();
    await admin.goto(`${s.url}/admin/token/roles`);
    await expect.poll(async () => (await minter.getByTestId("role-allowance").textContent()) ?? "").toBe("3,000,000원");
    // A mint above what is left is refused on chain: the proposal fails, the supply does not move.
    const supply = BigInt(await s.ctx.chain.token.totalSupply());
    const token = await s.loginOperator("admin", "admin1234");
    const made = await s.call("POST", "/api/token/mint", { token, marker: "operation", body: { value: 3_000_001, reason: "한도 초과" } });
    await admin2.goto(`${s.url}/admin/proposals/${made.data.proposal.id}`);
    await admin2.getByTestId("proposal-approve").click();
    await expect.poll(async () => admin2.getByTestId("proposal-state").getAttribute("data-state"), { timeout: 15_000 }).toBe("failed");
    expect(BigInt(await s.ctx.chain.token.totalSupply())).toBe(supply);
  });
});
