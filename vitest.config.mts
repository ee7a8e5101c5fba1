import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{chain,db,indexer,server,domain,scripts,ui-common}/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Suites start their own Hardhat nodes and servers, and much of their time is waiting (1 s Anvil blocks, a
    // restart's backoff, a confirmation): three files at once on two cores took 314 s against 394–506 s for two.
    pool: "forks",
    poolOptions: { forks: { maxForks: 3, minForks: 1 } },
    fileParallelism: true,
  },
});
