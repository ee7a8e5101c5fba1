import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    environment: "node",
    testTimeout: 180_000,
    hookTimeout: 240_000,
    // Each file runs its own stack and browser; one at a time keeps two cores responsive.
    fileParallelism: false,
    pool: "forks",
  },
});
