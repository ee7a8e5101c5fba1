import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The two accessibility files first: they are the longest by far (~160 and ~250 s against ≤ 155 s for any other), and
 * with two files at once a long one started late leaves the other worker idle at the end. Vitest orders by the last
 * run's durations when its cache has them; a clean checkout (CI) has none, and by file size they came 10th and 14th.
 * Measured with no cache, one run each: 914 s by size, 851 s with these first.
 */
class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const axe = sorted.filter((f) => /[/\\]accessibility-[^/\\]+\.e2e\.ts$/.test(f.moduleId));
    return [...axe, ...sorted.filter((f) => !axe.includes(f))];
  }
}

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
    sequence: { sequencer: LongestFirst },
  },
});
