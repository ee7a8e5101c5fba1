import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sign } from "viem/accounts";
import { privateKeyToAddress } from "viem/accounts";
import { recoverAddress } from "viem";
import type { Hex } from "viem";
import { nativeSigning, signDigest } from "./secp256k1";

const hex = (n: number) => `0x${randomBytes(n).toString("hex")}` as Hex;

describe("signDigest", () => {
  it("signs with the native library on this machine", () => {
    expect(nativeSigning).toBe(true);
  });

  it("makes viem's signature (RFC 6979, low s, recovery bit) and recovers the signer", async () => {
    for (let i = 0; i < 50; i++) {
      const key = hex(32);
      const digest = hex(32);
      const ours = await signDigest(digest, key);
      const theirs = await sign({ hash: digest, privateKey: key });
      expect(ours).toEqual({ r: theirs.r, s: theirs.s, yParity: theirs.yParity });
      expect(BigInt(ours.s) <= 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n).toBe(true);
      const address = await recoverAddress({ hash: digest, signature: { r: ours.r, s: ours.s, yParity: ours.yParity } });
      expect(address).toBe(privateKeyToAddress(key));
    }
  });
});
