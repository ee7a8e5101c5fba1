// After `npm install`: compile the contract with the bundled solc-js (nothing is downloaded).
const { execFileSync } = require("node:child_process");
const path = require("node:path");
const root = path.resolve(__dirname, "..");
try {
  execFileSync(process.execPath, [require.resolve("hardhat/internal/cli/cli.js", { paths: [root] }), "compile", "--quiet"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: "true" },
  });
} catch (err) {
  console.error("postinstall: contract compile failed (run `npm run compile`):", err.message);
}
