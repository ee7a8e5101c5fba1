import type { TypedDataDomain } from "ethers";

/**
 * EIP-712 types of KRWVoucher, field for field as the contract's typehashes. The nonce is an unordered
 * bitmap nonce: word = nonce >> 8, bit = nonce & 0xff (see `nonceOf`).
 */
export const TRANSFER_WITH_AUTHORIZATION_TYPES = {
  TransferWithAuthorization: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "fee", type: "uint256" },
    { name: "validAfter", type: "uint256" },
    { name: "validBefore", type: "uint256" },
    { name: "nonce", type: "uint256" },
  ],
};

export const CANCEL_AUTHORIZATION_TYPES = {
  CancelAuthorization: [
    { name: "authorizer", type: "address" },
    { name: "nonce", type: "uint256" },
  ],
};

/** The token's signing domain (ERC20Permit's EIP712 name and version "1"). */
export function voucherDomain(chainId: bigint | number, token: string): TypedDataDomain {
  return { name: "KRW Voucher", version: "1", chainId, verifyingContract: token };
}

/** The authorization nonce for bit `bit` (0..255) of word `word`: consecutive nonces share a word. */
export function nonceOf(word: bigint, bit: number): bigint {
  if (!Number.isInteger(bit) || bit < 0 || bit > 255) throw new RangeError(`nonce bit ${bit} is not 0..255`);
  return (word << 8n) | BigInt(bit);
}

/** A nonce as stored off-chain (outbox rows, index, events): 0x-prefixed 32-byte lowercase hex. */
export function nonceHex(nonce: bigint | string): string {
  return "0x" + BigInt(nonce).toString(16).padStart(64, "0");
}
