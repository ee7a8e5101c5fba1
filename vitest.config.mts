import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{chain,db,indexer,server,domain,scripts,ui-common}/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Suites start their own Hardhat nodes and servers; two cores run two files at once.
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    fileParallelism: true,
  },
});
