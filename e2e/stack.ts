import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { BrowserContext } from "playwright-core";
import { launchBrowser } from "./browser";
import { startTestStack, type TestStack } from "../server/test/harness";
import { reconcile } from "../server/dashboard/reconcile";

/**
 * A whole seeded stack serving the built apps (run `npm run build` first; npm test does). Before it
 * stops, the books are reconciled against the chain (supply, every balance, records both ways): an
 * end-to-end walk that left anything unexplained on chain fails.
 */
export async function startE2EStack(): Promise<TestStack> {
  const s = await startTestStack({ logLevel: "silent" });
  const stop = s.stop.bind(s);
  return Object.assign(s, {
    async stop() {
      try {
        await s.waitIndexed();
        const report = await reconcile({ db: s.ctx.db, view: s.ctx.view, token: s.ctx.chain.token, provider: s.ctx.chain.provider });
        expect(report.lines.filter((l) => !l.ok), "reconciliation at the end of the walk").toEqual([]);
      } finally {
        await stop();
      }
    },
  });
}

/**
 * A browser suite, called inside a describe: one seeded stack and one Chromium for the file, and a fresh context
 * per call of `newContext` (no cookies, no storage; Korean locale, Seoul time), closed with its test.
 * `stack()` is the running stack once the suite's beforeAll has run.
 */
export function browserSuite() {
  let s: TestStack;
  let browser: Awaited<ReturnType<typeof launchBrowser>>["browser"];
  let close: () => Promise<void>;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    s = await startE2EStack();
    ({ browser, close } = await launchBrowser());
  });
  // Each test's contexts (and any popup they opened) go away with the test.
  afterEach(async () => {
    for (const c of contexts.splice(0)) await c.close().catch(() => undefined);
  });
  afterAll(async () => {
    await close?.();
    await s?.stop();
  });

  return {
    stack: () => s,
    async newContext(width = 1280, height = 900): Promise<BrowserContext> {
      const context = await browser.newContext({ viewport: { width, height }, locale: "ko-KR", timezoneId: "Asia/Seoul" });
      contexts.push(context);
      return context;
    },
  };
}
