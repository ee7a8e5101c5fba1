import type { RuntimeCode } from "./artifacts";

/**
 * Runtime code without what may legitimately differ between two deployments of the same build:
 * the immutables (zeroed) and Solidity's trailing CBOR metadata (its source hash changes with a
 * comment; the code does not).
 */
export function comparableCode(code: string, immutables: RuntimeCode["immutables"]): string {
  const bytes = Buffer.from(code.replace(/^0x/, ""), "hex");
  for (const { start, length } of immutables) if (start + length <= bytes.length) bytes.fill(0, start, start + length);
  let end = bytes.length;
  if (end >= 2) {
    const cborLength = bytes.readUInt16BE(end - 2);
    // Solidity's metadata is a CBOR map (0xa1..0xa7) of cborLength bytes before the length field.
    if (cborLength + 2 <= end && (bytes[end - 2 - cborLength] & 0xf0) === 0xa0) end -= cborLength + 2;
  }
  return bytes.subarray(0, end).toString("hex");
}

/** True when the code at the token address is this build's KRWVoucher. */
export function isCompiledVoucher(onChainCode: string, runtime: RuntimeCode): boolean {
  return comparableCode(onChainCode, runtime.immutables) === comparableCode(runtime.deployedBytecode, runtime.immutables);
}

/** Thrown at start when DATA_DIR points at a KRWVoucher deployed from other code (an older version). */
export class ContractCodeMismatchError extends Error {
  readonly code = "CONTRACT_CODE_MISMATCH";
  constructor(dataDir: string, token: string, chainId: number) {
    super(
      [
        `DATA_DIR ${dataDir} holds a KRWVoucher at ${token} (chain ${chainId}) whose code differs from this build's`,
        "contracts/KRWVoucher.sol: it was deployed by another version (v1 had bytes32 nonces, other events and",
        "blocking rules; v2 had no minter allowances and let a blocked operator act). This version will not run",
        "against it.",
        "What to do: stop the service and start it on a fresh DATA_DIR, e.g.",
        `  mv ${dataDir} ${dataDir}.old   (or point DATA_DIR at a new, empty directory)`,
        'The old contract\'s balances and history are not carried over: see chain/README.md, "Contract upgrade".',
      ].join("\n"),
    );
    this.name = "ContractCodeMismatchError";
  }
}
