import fs from "node:fs";
import path from "node:path";
import { ethers } from "ethers";
import { describe, expect, it } from "vitest";
import {
  CANCEL_AUTHORIZATION_TYPES,
  nonceHex,
  nonceOf,
  RECEIVE_WITH_AUTHORIZATION_TYPES,
  TRANSFER_WITH_AUTHORIZATION_TYPES,
  transferAuthorizationDigester,
  voucherDomain,
} from "./eip712";

describe("EIP-712 types and bitmap nonces", () => {
  it("encode exactly the type strings KRWVoucher.sol hashes", () => {
    const source = fs.readFileSync(path.resolve(__dirname, "../contracts/KRWVoucher.sol"), "utf8");
    const typeString = (name: string) => source.match(new RegExp(`"(${name}\\([^"]*\\))"`))?.[1];
    const encode = (types: Record<string, { name: string; type: string }[]>, name: string) =>
      ethers.TypedDataEncoder.from(types).encodeType(name);
    expect(encode(TRANSFER_WITH_AUTHORIZATION_TYPES, "TransferWithAuthorization")).toBe(typeString("TransferWithAuthorization"));
    expect(encode(RECEIVE_WITH_AUTHORIZATION_TYPES, "ReceiveWithAuthorization")).toBe(typeString("ReceiveWithAuthorization"));
    expect(encode(CANCEL_AUTHORIZATION_TYPES, "CancelAuthorization")).toBe(typeString("CancelAuthorization"));
    expect(typeString("TransferWithAuthorization")).toContain("uint256 nonce");
  });

  it("put consecutive nonces in one word: word = nonce >> 8, bit = nonce & 0xff", () => {
    expect(nonceOf(0n, 0)).toBe(0n);
    expect(nonceOf(0n, 255)).toBe(255n);
    expect(nonceOf(1n, 0)).toBe(256n);
    expect(nonceOf(3n, 5) >> 8n).toBe(3n);
    expect(nonceOf(3n, 5) & 0xffn).toBe(5n);
    expect(() => nonceOf(0n, 256)).toThrow(RangeError);
    expect(() => nonceOf(0n, -1)).toThrow(RangeError);
  });

  it("write a nonce as 0x-prefixed 32-byte lowercase hex, whatever form it came in", () => {
    expect(nonceHex(256n)).toBe(`0x${"0".repeat(60)}0100`);
    expect(nonceHex("0xABC")).toBe(`0x${"0".repeat(61)}abc`);
    const max = 2n ** 256n - 1n;
    expect(nonceHex(max)).toBe(`0x${"f".repeat(64)}`);
    expect(BigInt(nonceHex(max))).toBe(max);
  });

  it("digest a TransferWithAuthorization exactly as ethers' TypedDataEncoder (and a signature over it recovers the signer)", () => {
    const domain = voucherDomain(31337, ethers.Wallet.createRandom().address);
    const digest = transferAuthorizationDigester(domain);
    const wallet = ethers.Wallet.createRandom();
    for (let i = 0; i < 20; i++) {
      const m = {
        from: i % 2 ? wallet.address : wallet.address.toLowerCase(),
        to: ethers.Wallet.createRandom().address,
        value: BigInt(i * 1_000 + 1),
        fee: BigInt(i % 3) * 200n,
        validAfter: 0n,
        validBefore: 1_800_000_000n + BigInt(i),
        nonce: (BigInt(wallet.address) << 64n) | BigInt(i),
      };
      expect(digest(m)).toBe(ethers.TypedDataEncoder.hash(domain, TRANSFER_WITH_AUTHORIZATION_TYPES, m));
      const sig = wallet.signingKey.sign(digest(m));
      expect(ethers.verifyTypedData(domain, TRANSFER_WITH_AUTHORIZATION_TYPES, m, sig)).toBe(wallet.address);
    }
    expect(() => digest({ from: "0x1234", to: wallet.address, value: 1n, fee: 0n, validAfter: 0n, validBefore: 1n, nonce: 1n })).toThrow(
      TypeError,
    );
  });
});
