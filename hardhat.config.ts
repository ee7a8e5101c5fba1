import { subtask } from "hardhat/config";
import { TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD } from "hardhat/builtin-tasks/task-names";
import type { HardhatUserConfig } from "hardhat/config";
import "@nomicfoundation/hardhat-chai-matchers";
import "@nomicfoundation/hardhat-ethers";

const SOLC_VERSION = "0.8.28";

// Nothing is downloaded: the compiler is the `solc` npm package (solc-js).
subtask(TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD, async (args: { solcVersion: string }, _hre, runSuper) => {
  if (args.solcVersion === SOLC_VERSION) {
    const compilerPath = require.resolve("solc/soljson.js");
    return { compilerPath, isSolcJs: true, version: SOLC_VERSION, longVersion: `${SOLC_VERSION}+commit.7893614a` };
  }
  return runSuper();
});

// The embedded chain keeps a fixed genesis so that a replayed journal reproduces block hashes.
const GENESIS_DATE = process.env.CHAIN_GENESIS_DATE ?? "2026-01-01T00:00:00.000Z";

const config: HardhatUserConfig = {
  solidity: {
    version: SOLC_VERSION,
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: "cancun" },
  },
  paths: { sources: "./contracts", tests: "./contracts/test", cache: "./cache", artifacts: "./artifacts" },
  networks: {
    hardhat: {
      chainId: 31337,
      initialDate: GENESIS_DATE,
      mining: { auto: true, interval: 0 },
      loggingEnabled: false,
    },
  },
  mocha: { timeout: 120_000 },
};

export default config;
