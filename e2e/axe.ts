import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** The WCAG 2.1 A and AA rules (issue 40); best-practice rules are not part of the promise. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Rules switched off, each with its reason (e2e/README.md "Accessibility" repeats them). Empty: every rule of
 * the tags above runs on every screen state.
 */
export const DISABLED_RULES: Record<string, string> = {};

export interface A11yViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
  /** axe's own words for the first node (the measured colours of a contrast failure). */
  summary: string;
}

/**
 * Runs axe-core (@axe-core/playwright, which takes the playwright-core page) on the page as it is now.
 *
 * In the library's legacy mode: `axe.run` in the page itself. Its default (`runPartial` per frame, then `finishRun`)
 * exists for cross-origin iframes, and opens a blank page per call to finish the run there, injecting axe's source
 * twice; the apps have no iframe. Measured on 10 back-office screens: the same violations, passes, incomplete and
 * inapplicable rules node for node, in 564 ms a screen against 1,212 ms.
 */
export async function a11yViolations(page: Page, include?: string): Promise<A11yViolation[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true);
  const disabled = Object.keys(DISABLED_RULES);
  if (disabled.length) builder = builder.disableRules(disabled);
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  return result.violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? "unknown",
    help: v.help,
    targets: v.nodes.map((n) => n.target.map(String).join(" ")),
    summary: (v.nodes[0]?.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 300),
  }));
}

/** One line per violation: rule id, impact, what it asks, the selectors of the nodes that break it. */
export function formatViolations(violations: A11yViolation[]): string {
  return violations
    .map((v) => `  ${v.id} (${v.impact}): ${v.help}\n    ${v.targets.slice(0, 8).join("\n    ")}\n    ${v.summary}`)
    .join("\n");
}

/**
 * Fails the test when axe finds any WCAG 2.1 A/AA violation on the page in its current state. Animations are
 * let finish first (a dialog fading in would otherwise be measured half transparent).
 */
export async function expectNoA11yViolations(page: Page, label: string): Promise<void> {
  await animationsDone(page);
  let violations = await a11yViolations(page);
  // Measured once more a second later: on a loaded machine a colour can be caught mid-fade (a button seen at half its
  // opacity). A real violation is still there the second time; only that fails.
  if (violations.length) {
    await page.waitForTimeout(1_000);
    await animationsDone(page);
    violations = await a11yViolations(page);
  }
  if (violations.length) console.error(`axe: ${label}\n${formatViolations(violations)}`);
  expect(
    violations.map((v) => `${v.id} (${v.impact}) ${v.targets.join(", ")}`),
    `axe violations on ${label}`,
  ).toEqual([]);
}

/** Waits for running CSS/Web animations (dialog and snackbar entries) to end. */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
