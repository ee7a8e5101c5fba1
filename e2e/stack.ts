import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { trackRequests } from "./ready";
import { startTestStack, type TestStack } from "../server/test/harness";
import { reconcile } from "../server/features/dashboard/reconcile";

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
        expect(
          report.lines.filter((l) => !l.ok),
          "reconciliation at the end of the walk",
        ).toEqual([]);
      } finally {
        await stop();
      }
    },
  });
}

/** A context's viewport (1280 × 900 unless given) and Chromium options; `forSuite` keeps it for the whole file. */
export type ContextOptions = Omit<BrowserContextOptions, "viewport"> & { width?: number; height?: number; forSuite?: boolean };

/** Who logs in to the member app. */
export type Login = { phone: string; password: string };

/** Fills the member login form on `page` (at /login) and submits it. */
export async function submitMemberLogin(page: Page, who: Login): Promise<void> {
  await page.getByTestId("login-phone").fill(who.phone);
  await page.getByTestId("login-password").fill(who.password);
  await page.getByTestId("login-submit").click();
}

/**
 * A browser suite, called inside a describe: one seeded stack and one Chromium for the file, and a fresh context
 * per call of `newContext` (no cookies, no storage; Korean locale, Seoul time), closed with its test, or with the
 * file when asked `forSuite` (a session the tests share, opened in a beforeAll). `stack()` is the running stack
 * once the suite's beforeAll has run.
 */
export function browserSuite() {
  let s: TestStack;
  let browser: Awaited<ReturnType<typeof launchBrowser>>["browser"];
  let close: () => Promise<void>;
  const contexts: BrowserContext[] = [];
  const suiteContexts: BrowserContext[] = [];

  beforeAll(async () => {
    s = await startE2EStack();
    ({ browser, close } = await launchBrowser());
  });
  // Each test's contexts (and any popup they opened) go away with the test.
  afterEach(async () => {
    for (const c of contexts.splice(0)) await c.close().catch(() => undefined);
  });
  afterAll(async () => {
    for (const c of suiteContexts.splice(0)) await c.close().catch(() => undefined);
    await close?.();
    await s?.stop();
  });

  async function newContext({ width = 1280, height = 900, forSuite = false, ...options }: ContextOptions = {}): Promise<BrowserContext> {
    const context = await browser.newContext({ locale: "ko-KR", timezoneId: "Asia/Seoul", ...options, viewport: { width, height } });
    (forSuite ? suiteContexts : contexts).push(context);
    trackRequests(context);
    return context;
  }
  async function newPage(options?: ContextOptions): Promise<Page> {
    return (await newContext(options)).newPage();
  }

  return {
    stack: () => s,
    newContext,
    newPage,
    /** An operator logged in through /admin/login, on the screen it lands on (the main page for the super admin). */
    async adminPage(
      id = "admin",
      password = "admin1234",
      { landing = /\/admin\/main$/, ...options }: ContextOptions & { landing?: RegExp } = {},
    ): Promise<Page> {
      const page = await newPage({ width: 1400, ...options });
      await page.goto(`${s.url}/admin/login`);
      await page.getByTestId("admin-login-id").fill(id);
      await page.getByTestId("admin-login-password").fill(password);
      await page.getByTestId("admin-login-submit").click();
      await page.waitForURL(landing);
      return page;
    },
    /** A member logged in through /login, home with the balance in the header. */
    async memberPage(who: Login, options?: ContextOptions): Promise<Page> {
      const page = await newPage(options);
      await page.goto(`${s.url}/login`);
      await submitMemberLogin(page, who);
      await page.waitForURL(`${s.url}/`);
      await page.getByTestId("header-balance").waitFor();
      return page;
    },
  };
}

/**
 * Clicks a list's excel button and answers the reason dialog it opens (features/access-log: no file without a
 * reason); the download then starts. `text` is required by the dialog for `other` (기타).
 */
export async function exportWithReason(page: Page, testId: string, reason = "inquiry", text?: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByTestId(`${testId}-reason-select`).selectOption(reason);
  if (text !== undefined) await page.getByTestId(`${testId}-reason-text`).fill(text);
  await page.getByTestId(`${testId}-reason-submit`).click();
}
