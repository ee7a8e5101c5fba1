import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    environment: "node",
    testTimeout: 180_000,
    hookTimeout: 240_000,
    // expect.poll's own default (1 s) is shorter than a loaded 2-core machine needs for a relayed and indexed
    // transfer to show on screen; a poll still fails when the value never comes.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    // Each file runs its own stack and browser; one at a time keeps two cores responsive.
    fileParallelism: false,
    pool: "forks",
  },
});
