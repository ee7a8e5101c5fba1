import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { shot } from "./browser";
import { browserSuite } from "./stack";
import { MINJUN, SEOYEON, walletOf, won } from "./helpers-money";
import type { TestStack } from "../server/test/harness";
import { approveProposal } from "../server/test/proposals";
import { openChainStore } from "../indexer/db";
import { Msg } from "../domain/messages";
import { Code } from "../domain/codes";

/** The auditor's walk: a gift found by phone and verified against the chain, a tampered index marked, a wallet blocked and unblocked, holders = totalSupply. */
describe("chain dashboard in Chromium", () => {
  const suite = browserSuite();
  let s: TestStack;
  let page: Page;
  let giftHash: string;
  let seoyeon: string;
  let minjunToken: string;
  const gift = (value: number) =>
    s.call("POST", "/api/gift/trade/address", {
      token: minjunToken,
      body: { opponentAddress: seoyeon, kind: 0, type: 1, value, password: MINJUN.password },
    });

  beforeAll(async () => {
    s = suite.stack();
    seoyeon = await walletOf(s, SEOYEON.phone);
    minjunToken = await s.loginUser(MINJUN.phone, MINJUN.password);
    const g = await gift(2_300);
    expect(g.code).toBe(200);
    giftHash = g.data.txHash;
    await s.waitIndexed();
    page = await suite.adminPage("admin", "admin1234", { width: 1280, forSuite: true });
  });

  const verdict = () => page.getByTestId("tx-verdict").textContent();

  it("finds a gift by the member's phone, opens it and sees every field verified against the chain", async () => {
    await page.goto(`${s.url}/admin/dashboard`);
    await page.getByTestId("reconcile-verdict").waitFor();
    expect(await page.getByTestId("reconcile-verdict").textContent()).toContain("모든 항목이 일치합니다");
    await page.getByTestId("dashboard-filter-type").selectOption("phone");
    await page.getByTestId("dashboard-search").fill(MINJUN.phone);
    await page.getByTestId("dashboard-type").selectOption("gift");
    await page.getByTestId("dashboard-search-submit").click();
    const rows = page.getByTestId("dashboard-table").locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(won(2_300));
    await shot(page, "dashboard-list");
    await rows.first().getByTestId("tx-hash-link").click();
    await page.getByTestId("tx-dialog").waitFor();
    await expect.poll(verdict, { timeout: 20_000 }).toContain("모든 항목이 체인과 일치합니다");
    for (const f of ["status", "blockNumber", "blockHash", "timestamp", "from", "to", "gasUsed", "gasPrice", "transfers"]) {
      expect(await page.getByTestId(`tx-field-${f}`).getAttribute("data-match"), f).toBe("true");
    }
    expect(await page.getByTestId("tx-record").first().textContent()).toContain("선물");
    expect(page.url()).toContain(`tx=${giftHash}`);
    await shot(page, "dashboard-tx-verified");
  });

  it("marks the field that disagrees when the index is tampered with", async () => {
    const store = await openChainStore({ dataDir: s.dataDir, databaseUrl: s.databaseUrl });
    const real = (await store.db.selectFrom("transactions").select("gas_used").where("hash", "=", giftHash).executeTakeFirstOrThrow())
      .gas_used;
    try {
      await store.db.updateTable("transactions").set({ gas_used: "12345" }).where("hash", "=", giftHash).execute();
      // An auditor pastes the hash into the URL.
      await page.goto(`${s.url}/admin/dashboard?tx=${giftHash}`);
      await expect.poll(verdict, { timeout: 20_000 }).toContain("1개 항목이 체인과 다릅니다");
      expect(await page.getByTestId("tx-field-gasUsed").getAttribute("data-match")).toBe("false");
      expect(await page.getByTestId("tx-field-status").getAttribute("data-match")).toBe("true");
      await shot(page, "dashboard-tx-mismatch");
    } finally {
      await store.db.updateTable("transactions").set({ gas_used: real }).where("hash", "=", giftHash).execute();
      await store.close();
    }
    // An unknown hash gets a Korean message, not an error page.
    await page.goto(`${s.url}/admin/dashboard?tx=0x${"cd".repeat(32)}`);
    await expect.poll(() => page.getByTestId("tx-error").textContent()).toBe(Msg.txNotFound);
  });

  /** The toggle makes a proposal (dual control: the page opens it); admin2 approves it; back to the wallet. */
  const blockThroughDualControl = async () => {
    await page.getByTestId("wallet-block-toggle").click();
    // The proposer's own reason is required: without it nothing is proposed.
    await page.getByTestId("wallet-block-confirm-submit").click();
    await page.getByTestId("wallet-block-confirm").getByText(Msg.proposalReasonRequired).waitFor();
    await page.getByTestId("wallet-block-reason").fill("본인 확인 후 요청 (고객센터 접수)");
    await page.getByTestId("wallet-block-confirm-submit").click();
    await page.waitForURL(/\/admin\/proposals\/\d+$/);
    const id = Number(page.url().split("/").pop());
    const approved = await approveProposal(s, await s.loginOperator("admin2", "admin1234"), id);
    expect([approved.code, approved.data.state]).toEqual([200, "approved"]);
    await page.goto(`${s.url}/admin/dashboard/detail/${seoyeon}`);
    await page.getByTestId("wallet-info").waitFor();
  };

  it("opens the wallet detail, blocks the wallet (a gift to it is refused), then unblocks it", async () => {
    await page.goto(`${s.url}/admin/dashboard/detail/${seoyeon}`);
    await page.getByTestId("wallet-info").waitFor();
    expect(await page.getByTestId("wallet-balance-verdict").textContent()).toBe("일치");
    expect(await page.getByTestId("wallet-owner").textContent()).toBe(SEOYEON.name);
    await blockThroughDualControl();
    await expect.poll(() => page.getByTestId("wallet-blocked").textContent(), { timeout: 20_000 }).toBe("차단됨");
    await shot(page, "dashboard-wallet-blocked");
    await s.waitIndexed();
    const refused = await gift(1_000);
    expect([refused.code, refused.message]).toEqual([Code.RECIPIENT_REFUSED, Msg.recipientBlocked]);
    await blockThroughDualControl();
    await expect.poll(() => page.getByTestId("wallet-blocked").textContent(), { timeout: 20_000 }).toBe("정상");
    await s.waitIndexed();
    expect((await gift(1_000)).code).toBe(200);
  });

  it("holders: the index's total equals totalSupply on chain", async () => {
    await page.goto(`${s.url}/admin/dashboard`);
    await page.getByTestId("holders-link").click();
    await page.waitForURL(/\/admin\/dashboard\/holder/);
    await page.getByTestId("holders-verdict").waitFor();
    expect(await page.getByTestId("holders-verdict").textContent()).toBe("일치");
    const supply = Number(await s.ctx.chain.token.totalSupply());
    expect(await page.getByTestId("holders-supply").textContent()).toBe(won(supply));
    await shot(page, "dashboard-holders");
  });
});
