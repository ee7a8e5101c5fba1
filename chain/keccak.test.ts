import { describe, expect, it } from "vitest";
import { ethers } from "ethers";
import { keccak256 as viemKeccak, parseTransaction, recoverTransactionAddress, serializeTransaction, type Hex } from "viem";
import { privateKeyToAccount, sign } from "viem/accounts";
import { keccak256Hex } from "./keccak";

describe("native keccak-256", () => {
  it("hashes as ethers and viem do, from hex and from bytes, empty input included", () => {
    for (const hex of ["0x", "0x00", "0xabcdef", ethers.hexlify(ethers.randomBytes(100_003))] as Hex[]) {
      expect(keccak256Hex(hex)).toBe(ethers.keccak256(hex));
      expect(keccak256Hex(ethers.getBytes(hex))).toBe(viemKeccak(hex));
    }
    // A view into a larger buffer hashes only its own bytes.
    const big = ethers.getBytes(ethers.hexlify(ethers.randomBytes(64)));
    expect(keccak256Hex(big.subarray(10, 20))).toBe(ethers.keccak256(big.subarray(10, 20)));
  });

  it("signs a transaction to the same bytes as viem's account.signTransaction", async () => {
    const key = ethers.Wallet.createRandom().privateKey as Hex;
    const account = privateKeyToAccount(key);
    const tx = {
      type: "eip1559" as const,
      chainId: 31337,
      nonce: 7,
      to: ethers.Wallet.createRandom().address as Hex,
      data: ethers.hexlify(ethers.randomBytes(50_000)) as Hex,
      gas: 5_000_000n,
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1n,
    };
    const raw = serializeTransaction(tx, await sign({ hash: keccak256Hex(serializeTransaction(tx)), privateKey: key }));
    expect(raw).toBe(await account.signTransaction(tx));
    expect(await recoverTransactionAddress({ serializedTransaction: raw as never })).toBe(account.address);
    expect(keccak256Hex(raw)).toBe(ethers.Transaction.from(raw).hash);
    expect(parseTransaction(raw).nonce).toBe(7);
  });
});
