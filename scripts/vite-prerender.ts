import fs from "node:fs";
import path from "node:path";
import { PurgeCSS } from "purgecss";
import { createServer, type Plugin } from "vite";

interface Page {
  /** The route rendered, e.g. "/". */
  url: string;
  /** The file written next to index.html, e.g. "landing.html" (served for `url` only: server/app.ts). */
  file: string;
  /** Extra tags for <head>, e.g. a preload of the hero's poster. */
  head?: string;
}

/**
 * After the client build, renders `pages` with the app's own `entry` (a module exporting
 * `render(url): Promise<string>`, loaded through Vite's SSR loader with the app's config) into copies of the
 * built index.html, whose app script (and its modulepreloads) becomes `starter` (an entry of the build that
 * imports the app after the first paint): the markup inside #root (marked `data-prerendered="<url>"`, which main.tsx hydrates),
 * only the CSS that this markup uses in <head> (hoistStyles, criticalCss). Runs before the precompress plugin (sequential), so the
 * pages get their .br/.gz too.
 */
export function prerender(entry: string, starter: string, pages: Page[]): Plugin {
  let starterFile = "";
  let outDir = "";
  let root = "";
  let configFile: string | undefined;
  return {
    name: "krw-prerender",
    apply: "build",
    writeBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !chunk.isEntry) continue;
        if (chunk.facadeModuleId?.endsWith(starter)) starterFile = chunk.fileName;
      }
    },
    configResolved(c) {
      outDir = c.build.outDir;
      root = c.root;
      configFile = c.configFile;
    },
    closeBundle: {
      sequential: true,
      async handler() {
        const template = fs.readFileSync(path.join(outDir, "index.html"), "utf8");
        const server = await createServer({
          configFile,
          root,
          logLevel: "error",
          appType: "custom",
          server: { middlewareMode: true, hmr: false, ws: false, watch: null },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          const mod = (await server.ssrLoadModule(entry)) as { render(url: string): Promise<string> };
          for (const page of pages) {
            const { styles, body } = hoistStyles(await mod.render(page.url));
            if (!template.includes('<div id="root"></div>')) throw new Error("prerender: no empty #root in index.html");
            // The app's script tag becomes `starter`, which imports the app once this HTML has painted. No
            // modulepreload: Chromium fetches and compiles a preloaded module while the page is still parsing,
            // which held the first paint back (p50 LCP at 4× slowdown 1.36 s with the preloads, 1.24 s without).
            const script = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
            if (!template.match(script) || !starterFile)
              throw new Error(`prerender: no app script in index.html or no chunk for ${starter}`);
            const html = template
              .replace(script, () => `<script type="module" crossorigin src="/${starterFile}"></script>`)
              .replace(/\s*<link rel="modulepreload"[^>]*>/g, "")
              .replace('<div id="root"></div>', () => `<div id="root" data-prerendered="${page.url}">${body}</div>`);
            const css = await criticalCss(styles, html);
            fs.writeFileSync(
              path.join(outDir, page.file),
              html.replace("</head>", () => `${page.head ?? ""}<style data-critical>${css}</style></head>`),
            );
          }
        } finally {
          await server.close();
        }
      },
    },
  };
}

const EMOTION_STYLE = /<style data-emotion="[^"]*"[^>]*>([\s\S]*?)<\/style>/g;

/**
 * Emotion's server render puts a <style data-emotion="css …"> before each component that brought new rules
 * (53 on the landing page): in the body, each would make the browser restyle the page as it parses. Their rules
 * come out, in order, for one sheet in <head> (criticalCss), and the body hydration sees has no <style> left.
 */
export function hoistStyles(html: string): { styles: string; body: string } {
  const styles = [...html.matchAll(EMOTION_STYLE)].map((m) => m[1]);
  return { styles: styles.join("\n"), body: html.replace(EMOTION_STYLE, "") };
}

/**
 * The rules of `css` that `html` can use, with the custom properties and keyframes they reach: 78 KB of
 * Chakra's theme (720 custom properties on :root) becomes about 26 KB, and the browser's first style pass of the
 * page costs a fraction. The page carries it as <style data-critical>, an attribute emotion does not know: the
 * app, once started, inserts its whole sheet itself (same rules, same layers), as for any route it renders, so
 * nothing that the first screen did not use is missing later (a drawer, a hover, another page).
 */
export async function criticalCss(css: string, html: string): Promise<string> {
  const [out] = await new PurgeCSS().purge({
    content: [{ raw: html, extension: "html" }],
    css: [{ raw: css }],
    variables: true,
    keyframes: true,
    fontFace: true,
  });
  return out?.css ?? "";
}
