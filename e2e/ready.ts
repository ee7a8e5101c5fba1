import type { BrowserContext, Page, Request } from "playwright-core";

/**
 * When a screen has loaded what it shows, before axe looks at it. Two ways to open a screen:
 * - `page.goto`, then `pageReady`: Playwright's networkidle (no request for 500 ms after the load), then as routerReady;
 * - `routeTo`: through the app's router (one document; no new boot of the app). networkidle is a state of the document,
 *   reached once per load, so it says nothing after a client-side navigation: browserSuite's contexts count their
 *   requests in flight (`trackRequests`), and `routerReady` looks at the screen itself.
 */
interface Activity {
  inflight: Set<Request>;
  /** performance.now() of the last request's start or end. */
  last: number;
}

const activity = new WeakMap<BrowserContext, Activity>();

/** No request for this long before a look (a page's next request after a chunk's end comes within ~100 ms). */
const QUIET_MS = 200;
/** After a look, how long the page's requests' events get to reach this process before none is taken as none. */
const SETTLE_MS = 50;

/** Counts `context`'s requests in flight. */
export function trackRequests(context: BrowserContext): void {
  const a: Activity = { inflight: new Set(), last: performance.now() };
  const done = (r: Request) => {
    a.inflight.delete(r);
    a.last = performance.now();
  };
  context.on("request", (r) => {
    a.inflight.add(r);
    a.last = performance.now();
  });
  context.on("requestfinished", done);
  context.on("requestfailed", done);
  activity.set(context, a);
}

/**
 * In the page: no Chakra skeleton still loading. Chakra v3 marks a loading one only by its recipe's styles (no
 * attribute, and a loaded one keeps the class): it is `pointer-events: none`.
 */
const noSkeletonLoading = () =>
  ![...document.querySelectorAll(".chakra-skeleton")].some((e) => getComputedStyle(e).pointerEvents === "none");

/**
 * After `page.goto`: networkidle (or 10 s), then as `routerReady`. networkidle alone let a look find the main page still
 * empty of its route (its Suspense fallback) once in eight walks of every screen.
 */
export async function pageReady(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
  await routerReady(page);
}

/**
 * Opens `path` (the app's own URL, e.g. "/admin/account") through the app's router, as a link in the app does.
 * react-router follows history's popstate.
 */
export async function routeTo(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    history.pushState(null, "", p);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  await routerReady(page);
}

/**
 * The screen has loaded what it shows (or 10 s passed): no request in flight for QUIET_MS; then looked at after a
 * frame and the page's main thread idle (what the last responses started has run: a chunk rendered, its fetches
 * sent), the same screen as at the look before (elements, title), no skeleton still loading, and no request since.
 */
export async function routerReady(page: Page): Promise<void> {
  const a = activity.get(page.context());
  if (!a) throw new Error("routerReady: the page's context is not tracked (make it with browserSuite)");
  const deadline = performance.now() + 10_000;
  const look = async () => {
    const screen = await page
      .evaluate(
        () =>
          new Promise<string>((r) =>
            requestAnimationFrame(() =>
              requestIdleCallback(() => r(`${document.body.getElementsByTagName("*").length}|${document.title}`), { timeout: 2_000 }),
            ),
          ),
      )
      .catch(() => "");
    return `${screen}|${await page.evaluate(noSkeletonLoading).catch(() => false)}`;
  };
  let before = "";
  while (performance.now() < deadline) {
    while ((a.inflight.size > 0 || performance.now() - a.last < QUIET_MS) && performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const mark = a.last;
    const now = await look();
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    if (a.inflight.size === 0 && a.last === mark && now === before && now.endsWith("|true")) return;
    before = now;
  }
}
