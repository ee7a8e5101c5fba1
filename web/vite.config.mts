import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import path from "node:path";
import { precompress } from "../scripts/vite-precompress";
import { prerender } from "../scripts/vite-prerender";

const root = path.resolve(import.meta.dirname);

export default defineConfig({
  root,
  base: "/",
  plugins: [
    react(),
    // The landing page's HTML carries its first screen (the hero is the largest paint): no wait for the script.
    // rel=expect holds the first paint until the hero's title is parsed, so that frame has it (one style and
    // layout pass, not one per parser chunk with the title in the second or third).
    prerender("/src/prerender.tsx", "src/landing.ts", [
      {
        url: "/",
        file: "landing.html",
        head: '<link rel="expect" href="#landing-title" blocking="render"><link rel="preload" as="image" href="/media/hero-poster.jpg" fetchpriority="high">',
      },
    ]),
    precompress(),
  ],
  resolve: { alias: { "@domain": path.resolve(root, "../domain"), "@common": path.resolve(root, "../ui-common") } },
  build: {
    outDir: path.resolve(root, "../dist/web"),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    // landing.ts: the pre-rendered landing page's script (scripts/vite-prerender.ts puts it in landing.html).
    rollupOptions: { input: { index: path.resolve(root, "index.html"), landing: path.resolve(root, "src/landing.ts") } },
  },
  server: { host: "127.0.0.1", proxy: { "/api": "http://127.0.0.1:3000", "/verify": "http://127.0.0.1:3000" } },
});
