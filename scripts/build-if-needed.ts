import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

function newest(dir: string): number {
  let max = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return max;
}

function mtime(file: string): number {
  return fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
}

/** Compiles the contract and builds the two apps when their output is missing or older than the sources. */
export function buildIfNeeded(log: (m: string) => void = console.log): void {
  const npx = process.platform === "win32" ? "npx.cmd" : "npx";
  const run = (args: string[]) => execFileSync(npx, args, { cwd: ROOT, stdio: "inherit" });
  const artifact = path.join(ROOT, "artifacts/contracts/KRWVoucher.sol/KRWVoucher.json");
  if (mtime(artifact) < newest(path.join(ROOT, "contracts")) || !fs.existsSync(artifact)) {
    log("compiling contracts…");
    run(["hardhat", "compile", "--quiet"]);
  }
  const shared = Math.max(newest(path.join(ROOT, "domain")), newest(path.join(ROOT, "ui-common")));
  for (const app of ["web", "admin"]) {
    const index = path.join(ROOT, "dist", app, "index.html");
    const src = Math.max(newest(path.join(ROOT, app)), shared);
    if (mtime(index) < src) {
      log(`building ${app}…`);
      run(["vite", "build", "--config", `${app}/vite.config.mts`, "--logLevel", "error"]);
    }
  }
}

if (require.main === module) buildIfNeeded();
