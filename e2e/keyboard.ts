import type { Page } from "playwright-core";
import { expect } from "vitest";

/** The test id of the focused element (or its nearest ancestor with one), "" when none. */
export function focusedTestId(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.closest("[data-testid]")?.getAttribute("data-testid") ?? "");
}

/**
 * Presses Tab (Shift+Tab with `back`) until the focused element has this test id: the keyboard reaches it in
 * the page's order, within `max` steps. Fails with the ids it went through otherwise.
 */
export async function tabTo(page: Page, testId: string, { back = false, max = 40 } = {}): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    if ((await focusedTestId(page)) === testId && (await ownFocus(page, testId))) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    seen.push(await focusedTestId(page));
  }
  expect.fail(`${testId} not reached with ${back ? "Shift+Tab" : "Tab"}; focus went through ${seen.join(", ")}`);
}

/** The focused element itself carries the id (not a child inside it), or is a control inside it (a checkbox's input). */
function ownFocus(page: Page, testId: string): Promise<boolean> {
  return page.evaluate((id) => {
    const el = document.activeElement;
    const owner = el?.closest("[data-testid]");
    return !!el && owner?.getAttribute("data-testid") === id;
  }, testId);
}

/** The focused element draws a visible focus indicator (an outline or a ring shadow), WCAG 2.4.7. */
export async function expectFocusVisible(page: Page, what: string): Promise<void> {
  const style = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return null;
    const cs = getComputedStyle(el);
    return { outline: cs.outlineStyle !== "none" && Number.parseFloat(cs.outlineWidth) > 0, shadow: cs.boxShadow !== "none" };
  });
  expect(style?.outline || style?.shadow, `a visible focus indicator on ${what}`).toBe(true);
}

/** Tab and Shift+Tab, 12 times each, never take the focus out of the dialog this CSS selector finds. */
export async function expectFocusTrapped(page: Page, dialog: string): Promise<void> {
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(key);
      const inside = await page.evaluate((sel) => !!document.activeElement?.closest(sel), dialog);
      expect(inside, `focus stays in ${dialog} after ${key} ×${i + 1}`).toBe(true);
    }
  }
}
