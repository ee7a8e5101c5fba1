import { defineConfig } from "vitest/config";
import path from "node:path";

const root = path.resolve(import.meta.dirname);

/** Unit tests of the admin app's pure modules: `npx vitest run --config admin/vitest.config.mts`. */
export default defineConfig({
  root,
  resolve: { alias: { "@domain": path.resolve(root, "../domain") } },
  test: { include: ["src/**/*.test.ts"], environment: "node" },
});
