import { sign } from "viem/accounts";
import type { Hex } from "viem";

/** A recoverable secp256k1 signature of a 32-byte digest (low s, RFC 6979 nonce: the same as viem's `sign`). */
export interface DigestSignature {
  r: Hex;
  s: Hex;
  yParity: number;
}

interface NativeSecp256k1 {
  ecdsaSign(message: Uint8Array, privateKey: Uint8Array): { signature: Uint8Array; recid: number };
}

/**
 * libsecp256k1 through the `secp256k1` package's N-API binding (prebuilt for linux-x64), when it loads: ~70 µs a
 * signature where viem's JavaScript (noble-curves on BigInt) takes ~700 µs; under HTTP load the relayer's signatures
 * were a sixth of the machine's CPU (docs/bench.md). The package falls back to a JavaScript curve of its own when
 * the binding is missing; that one is not used: viem's `sign` is then.
 */
const native: NativeSecp256k1 | null = (() => {
  try {
    return require("secp256k1/bindings") as NativeSecp256k1;
  } catch {
    return null;
  }
})();

/** Whether signatures are made by the native library (diagnostics, tests). */
export const nativeSigning = native !== null;

const bytes = (hex: string) => Buffer.from(hex.startsWith("0x") ? hex.slice(2) : hex, "hex");

/** Signs a 32-byte digest with a private key (both 0x-hex). */
export async function signDigest(digest: Hex, privateKey: string): Promise<DigestSignature> {
  if (native) {
    const { signature, recid } = native.ecdsaSign(bytes(digest), bytes(privateKey));
    const hex = Buffer.from(signature.buffer, signature.byteOffset, 64).toString("hex");
    return { r: `0x${hex.slice(0, 64)}`, s: `0x${hex.slice(64)}`, yParity: recid };
  }
  const sig = await sign({ hash: digest, privateKey: privateKey as Hex });
  return { r: sig.r, s: sig.s, yParity: sig.yParity! };
}
