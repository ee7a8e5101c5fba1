import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Page } from "playwright-core";
import { shot } from "./browser";
import { makeCutoffOnScreen } from "./month-end-kit";
import { browserSuite, exportWithReason } from "./stack";
import { MINJUN, SEOYEON, walletOf } from "./helpers-money";
import type { TestStack } from "../server/test/harness";
import { monthEndApi } from "../domain/api/month-end";
import { Msg } from "../domain/messages";
import { formatWon } from "../domain/format";

const DAY_MS = 86_400_000;
const seoulDay = (ms: number) => new Date(ms + 9 * 3600_000).toISOString().slice(0, 10);

/**
 * The auditor's month-end in Chromium (issue 37). The stack runs in this process, so moving Date moves the chain's
 * block times, the tokens' validity and the stack's clock (server/clock.ts reads Date.now()): three weeks of gifts,
 * each after a jump of seven days. Then, on the screens: holders as of a past time equal balanceOf at that block; a
 * safeguarded amount short of the customers' balances, approved by a second super admin, shows red and the first
 * super admin gets the realtime notice; a cut-off made on /admin/month-end, its pack downloaded and `verify-pack`
 * passing on it; the member sees the proof in my info and the public /verify-proof page says it verifies.
 */
describe("month-end in Chromium: as-of holders, safeguarding shortfall, cut-off, pack, member proof", () => {
  // Before the suite's stack starts (at collection, this file's own process): only Date is faked, timers run.
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  // After hooks run last-registered first: the real Date comes back after the suite's stack stopped.
  afterAll(() => {
    vi.useRealTimers();
  });
  const suite = browserSuite();
  let s: TestStack;
  /** After each week: a time just after the last block, and that block. */
  const marks: { time: number; block: number }[] = [];
  /** The Seoul day before the clock moved (the browser's own today). */
  let firstDay = "";

  const mark = async () => {
    await s.waitIndexed();
    const b = (await s.ctx.chain.provider.getBlock("latest"))!;
    marks.push({ time: b.timestamp + 60, block: b.number });
  };

  beforeAll(async () => {
    s = suite.stack();
    firstDay = seoulDay(Date.now());
    const seoyeonAddr = await walletOf(s, SEOYEON.phone);
    const minjunAddr = await walletOf(s, MINJUN.phone);
    const gift = async (token: string, to: string, value: number, password: string) => {
      const g = await s.call("POST", "/api/gift/trade/address", {
        token,
        body: { opponentAddress: to, kind: 0, type: 1, value, password },
      });
      expect([g.code, g.message]).toEqual([200, undefined]);
    };
    await mark();
    for (const [i, v] of [1_200, 3_000, 800].entries()) {
      vi.setSystemTime(Date.now() + 7 * DAY_MS);
      const minjun = await s.loginUser(MINJUN.phone, MINJUN.password);
      const seoyeon = await s.loginUser(SEOYEON.phone, SEOYEON.password);
      await gift(minjun, seoyeonAddr, v, MINJUN.password);
      if (i !== 1) await gift(seoyeon, minjunAddr, 400 + 100 * i, SEOYEON.password);
      await mark();
    }
  }, 240_000);

  /** The holders table on screen: address (its title) → balance in won. */
  async function holdersOnScreen(page: Page): Promise<Map<string, bigint>> {
    const rows = page.getByTestId("holders-table-row");
    await rows.first().waitFor();
    const out = new Map<string, bigint>();
    for (const row of await rows.all()) {
      const address = (await row.getByTestId("address-link").getAttribute("title"))!;
      const cells = await row.locator("td").allTextContents();
      out.set(address, BigInt(cells[cells.length - 1].replace(/[^\d]/g, "")));
    }
    return out;
  }

  it("holders at a past time, on the screen, equal balanceOf at that block for every holder", async () => {
    const admin = await suite.adminPage("admin", "admin1234");
    for (const m of [marks[1], marks[2]]) {
      const seoul = new Date(m.time * 1000 + 9 * 3600_000).toISOString().replace("T", " ").slice(0, 19);
      await admin.goto(`${s.url}/admin/dashboard/holder?perPage=100&at=${encodeURIComponent(seoul)}`);
      await expect.poll(async () => admin.getByTestId("holders-as-of").textContent()).toContain(`블록 ${m.block} `);
      const shown = await holdersOnScreen(admin);
      expect(shown.size).toBeGreaterThan(2);
      for (const [address, balance] of shown) {
        const onChain = (await s.ctx.chain.token.balanceOf(address, { blockTag: m.block })) as bigint;
        expect([address, balance]).toEqual([address, onChain]);
      }
      const supply = (await s.ctx.chain.token.totalSupply({ blockTag: m.block })) as bigint;
      expect(await admin.getByTestId("holders-total").textContent()).toBe(`${formatWon(supply)}원`);
    }
    // The history moved between the weeks: the two times do not show the same balances.
    const minjun = await walletOf(s, MINJUN.phone);
    expect(await s.ctx.chain.token.balanceOf(minjun, { blockTag: marks[1].block })).not.toBe(
      await s.ctx.chain.token.balanceOf(minjun, { blockTag: marks[2].block }),
    );
  });

  it("a safeguarded amount short of customers' balances, approved by another super admin, shows red and notifies at once", async () => {
    const admin = await suite.adminPage("admin", "admin1234");
    const admin2 = await suite.adminPage("admin2", "admin1234");
    // The outstanding balance of the browser's today (before the clock moved), as the server computes it.
    const token = await s.loginOperator("admin", "admin1234");
    const before = await s.api(monthEndApi.safeguardList, { from: firstDay, to: firstDay }, { token });
    expect(before.data.days).toHaveLength(1);
    const outstanding = BigInt(before.data.days[0].outstanding);
    expect(outstanding).toBeGreaterThan(1_000n);
    const short = outstanding - 1_000n;

    await admin.goto(`${s.url}/admin/safeguarding`);
    await admin.getByTestId("safeguard-record").click();
    await admin.getByTestId("safeguard-record-day").fill(firstDay);
    await admin.getByTestId("safeguard-record-amount").fill(String(short));
    await admin.getByTestId("safeguard-record-method").selectOption("trust");
    await admin.getByTestId("safeguard-record-institution").fill("KB국민은행 신탁");
    await admin.getByTestId("safeguard-record-statement_ref").fill("ST-E2E-0001");
    await admin.getByTestId("safeguard-record-dialog-submit").click();
    await admin.getByTestId("admin-snackbar").filter({ hasText: Msg.safeguardRecorded }).first().waitFor();
    // The maker sees it pending and has no approve button.
    const mine = admin.locator('[data-testid="safeguard-entry"][data-ref="ST-E2E-0001"]');
    await mine.waitFor();
    expect(await mine.getAttribute("data-state")).toBe("pending");
    expect(await mine.getByTestId("safeguard-approve").count()).toBe(0);

    await admin2.goto(`${s.url}/admin/safeguarding`);
    const theirs = admin2.locator('[data-testid="safeguard-entry"][data-ref="ST-E2E-0001"]');
    await theirs.getByTestId("safeguard-approve").click();
    const reason = Msg.safeguardShortfall(firstDay, formatWon(outstanding), formatWon(short));
    const day = admin2.locator(`[data-testid="safeguard-day"][data-day="${firstDay}"]`);
    // The day was short before (nothing safeguarded yet); after the approval it counts the amount.
    await expect.poll(async () => day.getByTestId("safeguard-reason").textContent()).toBe(reason);
    expect(await day.getAttribute("data-short")).toBe("true");
    expect(await day.getByTestId("safeguard-status").textContent()).toBe("부족");
    // Red: the reason is in the error colour.
    const color = await day.getByTestId("safeguard-reason").evaluate((el) => getComputedStyle(el).color);
    expect(color).toMatch(/^rgb\((\d+), (\d+), (\d+)\)$/);
    const [r, g, b] = color.match(/\d+/g)!.map(Number);
    expect(r).toBeGreaterThan(g + 60);
    expect(r).toBeGreaterThan(b + 60);
    // The other super admin, on another screen, is told at once (the operator socket), and led to the screen.
    await admin.getByTestId("admin-notify-dialog").waitFor();
    expect(await admin.getByTestId("admin-notify-message").textContent()).toBe(reason);
    await admin.getByTestId("admin-notify-link").click();
    await admin.waitForURL(/\/admin\/safeguarding$/);
  });

  it("a cut-off made on /admin/month-end; its pack downloaded passes verify-pack; the member's proof verifies on the public page", async () => {
    const admin = await suite.adminPage("admin", "admin1234");
    await makeCutoffOnScreen(admin, s.url, marks[2].block);
    const row = admin.getByTestId("cutoff-row").first();
    const [download] = await Promise.all([admin.waitForEvent("download"), exportWithReason(admin, "cutoff-download")]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "krw-e2e-pack-"));
    const file = path.join(dir, "pack.zip");
    await download.saveAs(file);
    const verified = execFileSync("npm", ["run", "-s", "verify-pack", "--", file, "--rpc", s.ctx.chain.rpcUrl], { encoding: "utf8" });
    expect(verified).toContain("검증 통과");
    expect(verified).not.toContain("✗");
    fs.rmSync(dir, { recursive: true, force: true });

    const member = await suite.memberPage(MINJUN);
    await member.goto(`${s.url}/info/detail`);
    const proof = member.getByTestId("info-proof").first();
    await proof.waitFor();
    expect(await proof.textContent()).toContain("증명 확인됨");
    await proof.getByTestId("info-proof-verify").click();
    await member.waitForURL(/\/verify-proof#/);
    await member.getByTestId("proof-valid").waitFor();
    expect(await member.getByTestId("proof-root").textContent()).toBe(await row.getByTestId("cutoff-root").textContent());

    // A stranger pastes the same proof with one won more: the chain's root refuses it.
    const stranger = await suite.newPage();
    const pasted = JSON.parse(await member.getByTestId("proof-input").inputValue()) as { balance: string };
    await stranger.goto(`${s.url}/verify-proof`);
    await shot(stranger, "verify-proof-open");
    await stranger.getByTestId("page-title").filter({ hasText: "잔액 포함 증명 검증" }).waitFor();
    await stranger.getByTestId("proof-input").fill(JSON.stringify({ ...pasted, balance: String(BigInt(pasted.balance) + 1n) }));
    await stranger.getByTestId("proof-verify").click();
    await stranger.getByTestId("proof-invalid").waitFor();
    expect(await stranger.getByTestId("proof-reason").textContent()).toContain("포함되어 있지 않습니다");
  });
});
