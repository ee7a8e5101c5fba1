import { beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../server/test/harness";
import { transparencyOf } from "../server/features/month-end/transparency.service";
import { FINAL_DEPTH } from "../server/money/as-of";
import { shot } from "./browser";
import { browserSuite } from "./stack";
import { textOf, won } from "./helpers-money";

/**
 * Open books (issue 53) in Chromium: the public transparency page's circulation is the node's totalSupply at the block
 * it names; with the registration thresholds set low (a rehearsal), the dashboard's card and the main screen warn.
 */
describe("open books in Chromium: the transparency page and the thresholds", () => {
  const suite = browserSuite();
  let s: TestStack;

  beforeAll(async () => {
    s = suite.stack();
    for (let i = 0; i < FINAL_DEPTH + 2; i++) await s.ctx.chain.sender.send({ to: s.ctx.chain.sender.address, value: 0n });
    await s.waitIndexed();
    await transparencyOf(s.ctx)!.refresh();
  });

  it("shows circulation equal to totalSupply read from the node at the block it names, to anyone, at phone width", async () => {
    const page = await suite.newPage({ width: 360, height: 740 });
    await page.goto(`${s.url}/transparency`);
    await page.getByTestId("transparency").waitFor();
    const block = Number(await page.getByTestId("transparency-block").getAttribute("data-block"));
    const supply = await s.ctx.chain.token.totalSupply({ blockTag: block });
    expect(await textOf(page, "transparency-circulation")).toBe(won(Number(supply)));
    expect(await page.getByTestId("transparency-flows").locator("tbody tr").count()).toBe(3);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, "transparency");
  });

  it("warns operators on the dashboard and the main screen when the thresholds are set low", async () => {
    const t = (await transparencyOf(s.ctx)!.get())!.figures;
    s.ctx.config.thresholds = { outstanding: (BigInt(t.customerBalances) * 10n) / 9n + 1n, yearlyIssuance: 1n };
    await transparencyOf(s.ctx)!.refresh();
    const op = await suite.adminPage();
    await expect.poll(() => op.getByTestId("thresholds-banner").count(), { timeout: 20_000 }).toBe(1);
    expect(await op.getByTestId("thresholds-banner").getAttribute("data-level")).toBe("100");
    await op.goto(`${s.url}/admin/dashboard`);
    const card = op.getByTestId("thresholds-card");
    await card.waitFor();
    await expect.poll(() => op.getByTestId("threshold-outstanding").getAttribute("data-level")).toBe("80");
    expect(await op.getByTestId("threshold-yearlyIssuance").getAttribute("data-level")).toBe("100");
    await shot(op, "thresholds-dashboard");
  });
});
