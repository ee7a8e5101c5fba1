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

// The embedded chain keeps a fixed genesis so that a replayed journal reproduces block hashes: its network is the
// embedded node's own config's (chain/node-config.cjs, which `hardhat node` is started with).
const { hardhatNetwork } = require("./chain/node-config.cjs") as { hardhatNetwork: NonNullable<HardhatUserConfig["networks"]>["hardhat"] };

const config: HardhatUserConfig = {
  solidity: {
    version: SOLC_VERSION,
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: "cancun" },
  },
  paths: { sources: "./contracts", tests: "./contracts/test", cache: "./cache", artifacts: "./artifacts" },
  networks: {
    hardhat: hardhatNetwork,
  },
  mocha: { timeout: 120_000 },
};

export default config;
