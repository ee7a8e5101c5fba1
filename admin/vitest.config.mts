import { defineConfig } from "vitest/config";
import path from "node:path";

const root = path.resolve(import.meta.dirname);

/** Unit tests of the admin app's pure modules: `npx vitest run --config admin/vitest.config.mts`. */
export default defineConfig({
  root,
  resolve: { alias: { "@domain": path.resolve(root, "../domain"), "@common": path.resolve(root, "../ui-common") } },
  cacheDir: path.resolve(root, "../node_modules/.vite/admin"),
  test: { include: ["src/**/*.test.ts"], environment: "node" },
});
