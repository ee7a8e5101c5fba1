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
    // Each file runs its own stack and browser. Two files at once: the walks mostly wait (for a block, an index, a
    // render), so two of them on two cores took 822 s against 1,458 s one at a time (each file ~10% slower); three at
    // once took 774 s with each file ~1.5× slower (CPU-bound), so two is where it stops paying.
    fileParallelism: true,
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
