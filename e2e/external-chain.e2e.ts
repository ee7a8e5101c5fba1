import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ResultPages } from "../domain/state-labels";
import { startRigStack, type RigStack } from "../server/test/rig-stack";
import { memberByPhone } from "../server/records/members.repo";
import { launchBrowser, shot } from "./browser";
import { submitMemberLogin } from "./stack";
import { enterPassword, expectResult, textOf, won } from "./helpers-money";

/**
 * Both apps served by a stack whose chain is the external-chain rig (issue 38): an Anvil node mining a block a
 * second, reached only through RPC_URL, books at CONFIRMATIONS=3 (server/test/rig-stack.ts). A member gives by
 * wallet address in Chromium and sees the gift done (result 7) once it is 3 blocks deep; an operator's dashboard
 * shows the chain and the gas card; the books reconcile.
 */
describe("both apps on an external chain (Anvil, 1 s blocks, RPC_URL)", () => {
  let h: RigStack;
  let browser: Awaited<ReturnType<typeof launchBrowser>>["browser"];
  let close: () => Promise<void>;

  beforeAll(async () => {
    h = await startRigStack();
    ({ browser, close } = await launchBrowser());
  }, 180_000);
  afterAll(async () => {
    await close?.();
    await h?.stop();
  });

  it("a member gift by wallet address in Chromium: confirmed at depth, result 7, balances moved, books reconciled", async () => {
    const s = h.s;
    const seoyeon = (await s.ctx.custody.memberWallet((await memberByPhone(s.ctx.db, "01033334444"))!.id))!.address;
    const minjun = (await s.ctx.custody.memberWallet((await memberByPhone(s.ctx.db, "01011112222"))!.id))!.address;
    const onChain = async (a: string) => Number(await s.ctx.chain.token.balanceOf(a));
    const [from0, to0] = [await onChain(minjun), await onChain(seoyeon)];
    const context = await browser.newContext({ locale: "ko-KR", timezoneId: "Asia/Seoul", viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(`${s.url}/login`);
      await submitMemberLogin(page, { phone: "01011112222", password: "111111" });
      await page.waitForURL(`${s.url}/`);
      await expect.poll(() => textOf(page, "header-balance"), { timeout: 20_000 }).toBe(won(from0));
      await page.goto(`${s.url}/send/gift`);
      await page.getByTestId("gift-recipient").waitFor();
      await page.getByTestId("gift-mode-address").click();
      await page.getByTestId("gift-recipient").fill(seoyeon);
      await page.getByTestId("gift-amount").fill("1000");
      await page.getByTestId("send-next").click();
      await page.getByTestId("send-recipient-name").waitFor();
      await page.getByTestId("send-confirm").click();
      await enterPassword(page, "111111");
      await expectResult(page, s, 7, ResultPages[7].message);
      await shot(page, "external-chain-gift-result");
      expect(await onChain(minjun)).toBe(from0 - 1_200);
      expect(await onChain(seoyeon)).toBe(to0 + 1_000);
      const row = await s.ctx.db
        .selectFrom("outbox_transfers")
        .selectAll()
        .where("kind", "=", "gift")
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      expect(row.status).toBe("confirmed");
      expect((await h.rig.blockNumber()) - row.block_number! + 1).toBeGreaterThanOrEqual(3);
      await h.resolvedAndReconciled([row.id]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it("the back-office on the same stack: an operator's dashboard shows the gas card of the rig's paying account", async () => {
    const s = h.s;
    const context = await browser.newContext({ locale: "ko-KR", timezoneId: "Asia/Seoul", viewport: { width: 1400, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(`${s.url}/admin/login`);
      await page.getByTestId("admin-login-id").fill("admin");
      await page.getByTestId("admin-login-password").fill("admin1234");
      await page.getByTestId("admin-login-submit").click();
      await page.waitForURL(/\/admin\/main$/);
      await page.goto(`${s.url}/admin/dashboard`);
      await page.getByTestId("gas-account").first().waitFor();
      expect((await textOf(page, "gas-account")).toLowerCase()).toContain(h.sender.toLowerCase());
      await shot(page, "external-chain-dashboard");
    } finally {
      await context.close();
    }
  }, 60_000);
});
