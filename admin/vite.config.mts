import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import path from "node:path";
import { precompress } from "../scripts/vite-precompress";

const root = path.resolve(import.meta.dirname);

export default defineConfig({
  root,
  base: "/admin/",
  plugins: [react(), precompress()],
  resolve: { alias: { "@domain": path.resolve(root, "../domain"), "@common": path.resolve(root, "../ui-common") } },
  build: { outDir: path.resolve(root, "../dist/admin"), emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: { host: "127.0.0.1", proxy: { "/api": "http://127.0.0.1:3000", "/ws": { target: "ws://127.0.0.1:3000", ws: true } } },
});
