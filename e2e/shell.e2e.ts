import { beforeAll, describe, expect, it } from "vitest";
import { L } from "../web/src/labels";
import fs from "node:fs";
import path from "node:path";
import { shot, SHOTS } from "./browser";
import { browserSuite } from "./stack";
import type { TestStack } from "../server/test/harness";
import { WITH_REASON } from "../server/test/download-reason";

describe("the two app shells in Chromium", () => {
  const suite = browserSuite();
  let s: TestStack;
  beforeAll(() => {
    s = suite.stack();
  });

  it("a member opens /, logs in and sees the balance in the header", async () => {
    const page = await suite.newPage();
    await page.goto(`${s.url}/`);
    await page.getByTestId("landing-hero").waitFor();
    await shot(page, "landing");
    await page.getByTestId("header-login").click();
    await page.waitForURL(/\/login$/);
    await page.getByTestId("login-phone").fill("01011112222");
    await page.getByTestId("login-password").fill("111111");
    await shot(page, "login");
    await page.getByTestId("login-submit").click();
    await page.waitForURL(`${s.url}/`);
    await expect.poll(async () => (await page.getByTestId("header-balance").textContent()) ?? "").toContain("50,000");
    await shot(page, "landing-logged-in");
    await page.close();
  });

  it("/ arrives with the landing page in its HTML (br), hydrated without a visual change; other routes do not carry it", async () => {
    const landing = await fetch(`${s.url}/`, { headers: { "accept-encoding": "br, gzip" } });
    expect(landing.headers.get("content-encoding")).toBe("br");
    expect(landing.headers.get("cache-control")).toBe("no-cache");
    const html = await landing.text();
    expect(html).toContain('<div id="root" data-prerendered="/">');
    expect(html).toContain(L.landing.heroTitle);
    for (const route of ["/login", "/cs/faq", "/no-such-page"]) {
      const other = await (await fetch(s.url + route)).text();
      expect(other, route).toContain('<div id="root"></div>');
      expect(other, route).not.toContain(L.landing.heroTitle);
    }

    // The same screen from the HTML alone (no script) and once the app has hydrated it (the video's files
    // are refused, so both show its still poster).
    const screen = async (javaScriptEnabled: boolean) => {
      const context = await suite.newContext({ width: 360, height: 740, javaScriptEnabled });
      // The video is hidden in both: without script Chromium gives it native controls, and its frames move.
      await context.route("**/media/hero.{webm,mp4}", (r) => r.abort());
      await context.route(`${s.url}/`, async (r) => {
        const res = await r.fetch();
        const body = (await res.text()).replace("</head>", "<style>video{visibility:hidden!important}</style></head>");
        await r.fulfill({
          response: res,
          body,
          headers: { ...res.headers(), "content-encoding": "", "content-length": String(Buffer.byteLength(body)) },
        });
      });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error" || m.type() === "warning") problems.push(m.text());
      });
      page.on("pageerror", (e) => problems.push(String(e)));
      await page.goto(`${s.url}/`);
      await page.getByTestId("landing-hero").waitFor();
      if (javaScriptEnabled) {
        // Hydrated: React has claimed the pre-rendered header, and emotion moved the inline styles to <head>.
        // (A function, not a string: the page's CSP refuses string evaluation.)
        await page.waitForFunction(() => {
          const header = (globalThis as unknown as { document: { querySelector(q: string): object | null } }).document.querySelector(
            "[data-testid=header]",
          );
          return !!header && Object.keys(header).some((k) => k.startsWith("__reactFiber"));
        });
        await page.waitForLoadState("networkidle");
        expect(await page.locator("#root style").count()).toBe(0);
      }
      const png = await page.screenshot({ animations: "disabled" });
      await context.close();
      return { png, problems };
    };
    const before = await screen(false);
    const after = await screen(true);
    fs.mkdirSync(SHOTS, { recursive: true });
    fs.writeFileSync(path.join(SHOTS, "landing-360-prerendered.png"), before.png);
    fs.writeFileSync(path.join(SHOTS, "landing-360-hydrated.png"), after.png);
    expect(after.problems.filter((p) => /hydrat|minified react error/i.test(p))).toEqual([]);
    expect(Buffer.compare(before.png, after.png), "pre-rendered and hydrated landing differ").toBe(0);
  });

  it("API answers of 1 KB or more go out compressed; downloads do not", async () => {
    // A member's 1:1 inquiry list with one long inquiry in it: well over 1 KB of JSON.
    const member = await s.loginUser("01011112222", "111111");
    const posted = await s.call("POST", "/api/cs/inquiry", {
      token: member,
      body: { title: "압축 확인", content: "상품권 문의 내용입니다. ".repeat(80) },
    });
    expect(posted.code).toBe(200);
    const headers = { authorization: `Bearer ${member}`, "cookie-type": "web" };
    const plain = await fetch(`${s.url}/api/cs/inquiry/1`, { headers: { ...headers, "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect((await plain.arrayBuffer()).byteLength).toBeGreaterThanOrEqual(1024);
    for (const [accept, encoding] of [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
    ]) {
      const r = await fetch(`${s.url}/api/cs/inquiry/1`, { headers: { ...headers, "accept-encoding": accept } });
      expect(r.headers.get("content-encoding"), accept).toBe(encoding);
      expect(r.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(((await r.json()) as { code: number }).code).toBe(200);
    }
    const token = await s.loginOperator("admin", "admin1234");
    const download = await fetch(`${s.url}/api/dashboard/holder/download`, {
      headers: { "accept-encoding": "br, gzip", authorization: `Bearer ${token}`, "cookie-type": "operation", ...WITH_REASON },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-encoding")).toBeNull();
    await download.arrayBuffer();
  });

  it("an operator logs in at /admin/login and reaches /admin/main", async () => {
    const page = await suite.newPage();
    await page.goto(`${s.url}/admin`);
    await page.waitForURL(/\/admin\/login$/);
    await page.getByTestId("admin-login-id").fill("admin");
    await page.getByTestId("admin-login-password").fill("admin1234");
    await page.getByTestId("admin-login-submit").click();
    await page.waitForURL(/\/admin\/main$/);
    await page.getByTestId("admin-main-cards").waitFor();
    await shot(page, "admin-main");
    await page.goto(`${s.url}/admin/no-such-page`);
    await page.getByTestId("admin-not-found").waitFor();
    await page.close();
  });
});
