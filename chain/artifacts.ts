import fs from "node:fs";
import path from "node:path";
import type { InterfaceAbi } from "ethers";

const ARTIFACT = path.resolve(__dirname, "..", "artifacts", "contracts", "KRWVoucher.sol", "KRWVoucher.json");

export interface Artifact {
  abi: InterfaceAbi;
  bytecode: string;
}

let cached: Artifact | undefined;

/** The compiled KRWVoucher (run `npm run compile` first; `npm install` does it). */
export function voucherArtifact(): Artifact {
  if (!cached) {
    if (!fs.existsSync(ARTIFACT)) throw new Error(`${ARTIFACT} is missing: run npm run compile`);
    const json = JSON.parse(fs.readFileSync(ARTIFACT, "utf8"));
    cached = { abi: json.abi, bytecode: json.bytecode };
  }
  return cached;
}
