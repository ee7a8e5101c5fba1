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

export interface RuntimeCode {
  /** The compiled runtime code, with zeros where the constructor writes immutables. */
  deployedBytecode: string;
  /** Byte ranges of the immutables in the runtime code (EIP-712 domain caches: address, chain id, …). */
  immutables: { start: number; length: number }[];
}

/** The compiled runtime code of KRWVoucher and where its immutables sit (from the Hardhat build-info). */
export function voucherRuntime(): RuntimeCode {
  const json = JSON.parse(fs.readFileSync(ARTIFACT, "utf8"));
  const dbgFile = ARTIFACT.replace(/\.json$/, ".dbg.json");
  const buildInfo = fs.existsSync(dbgFile)
    ? path.resolve(path.dirname(dbgFile), JSON.parse(fs.readFileSync(dbgFile, "utf8")).buildInfo)
    : "";
  if (!buildInfo || !fs.existsSync(buildInfo)) throw new Error(`the build-info of ${ARTIFACT} is missing: run npm run compile`);
  const info = JSON.parse(fs.readFileSync(buildInfo, "utf8"));
  const refs: Record<string, { start: number; length: number }[]> =
    info.output.contracts[json.sourceName][json.contractName].evm.deployedBytecode.immutableReferences ?? {};
  return { deployedBytecode: json.deployedBytecode, immutables: Object.values(refs).flat() };
}
