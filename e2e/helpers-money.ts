import { expect } from "vitest";
import type { Page } from "playwright-core";
import type { TestStack } from "../server/test/harness";
import { memberByPhone } from "../server/records/members.repo";

/** The demo logins the money e2e tests use (server/seed.ts). */
export const MINJUN = { phone: "01011112222", password: "111111", name: "김민준" };
export const SEOYEON = { phone: "01033334444", password: "222222", name: "이서연" };
export const SHOP = { phone: "01055556666", password: "333333", name: "KRW 마켓 1호점" };

/** "1,234원" as the apps print won amounts. */
export function won(n: number): string {
  return `${n.toLocaleString("en-US")}원`;
}

export async function memberId(s: TestStack, phone: string): Promise<number> {
  const row = await memberByPhone(s.ctx.db, phone);
  if (!row) throw new Error(`no member ${phone}`);
  return row.id;
}

export async function walletOf(s: TestStack, phone: string): Promise<string> {
  return (await s.ctx.custody.memberWallet(await memberId(s, phone)))!.address;
}

/** The token balance on-chain (not the indexer's view), as a number of won. */
export async function onChain(s: TestStack, address: string): Promise<number> {
  return Number(await s.ctx.chain.token.balanceOf(address));
}

/** Text of a test id, "" while absent. */
export async function textOf(page: Page, testId: string): Promise<string> {
  const el = page.getByTestId(testId).first();
  return (await el.count()) ? ((await el.textContent()) ?? "").trim() : "";
}

/** Reloads until the header shows this balance (the balance query refetches on load). */
export async function expectHeaderBalance(page: Page, s: TestStack, amount: number): Promise<void> {
  await s.waitIndexed();
  await page.goto(`${s.url}/`);
  await expect.poll(() => textOf(page, "header-balance"), { timeout: 20_000 }).toBe(won(amount));
}

/** Types the payment password and confirms; the confirm button is enabled only at 6 characters. */
export async function enterPassword(page: Page, password: string): Promise<void> {
  const dialog = page.getByTestId("password-dialog");
  await dialog.waitFor();
  const input = page.getByTestId("password-input");
  await expect.poll(() => input.isEnabled()).toBe(true);
  await input.fill(password.slice(0, 5));
  expect(await page.getByTestId("password-confirm").isDisabled()).toBe(true);
  await input.fill(password);
  await expect.poll(() => page.getByTestId("password-confirm").isEnabled()).toBe(true);
  await page.getByTestId("password-confirm").click();
}

/** Waits for /result?type=N and its message. */
export async function expectResult(page: Page, s: TestStack, type: number, message: string): Promise<void> {
  await page.waitForURL(`${s.url}/result?type=${type}`);
  await page.getByTestId("result-page").waitFor();
  expect(await page.getByTestId("result-page").getAttribute("data-type")).toBe(String(type));
  expect(await textOf(page, "result-message")).toBe(message);
}

/** A snackbar with this text is visible (waits for its entry animation, so a screenshot shows it settled). */
export async function expectSnack(page: Page, message: string): Promise<void> {
  const snack = page.getByTestId("snackbar").filter({ hasText: message }).first();
  await snack.waitFor({ state: "visible" });
  await snack.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))));
}

/** The history rows of the current tab once loaded: title, badge and amount lines. */
export async function historyRows(page: Page): Promise<{ title: string; badge: string; amount: string; text: string }[]> {
  const rows = page.getByTestId("history-row");
  const out = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    const badge = row.getByTestId("history-badge");
    out.push({
      title: ((await row.getByTestId("history-title").textContent()) ?? "").trim(),
      badge: (await badge.count()) ? ((await badge.textContent()) ?? "").trim() : "",
      amount: ((await row.getByTestId("history-amount").textContent()) ?? "").trim(),
      text: ((await row.textContent()) ?? "").replace(/\s+/g, " ").trim(),
    });
  }
  return out;
}
