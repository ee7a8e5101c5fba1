import { TypedDataEncoder, getBytes, id, toBeHex, type TypedDataDomain } from "ethers";
import { keccak256Hex } from "./keccak";

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

/** The same fields under EIP-3009's receive type: only the payee may submit it (`receiveWithAuthorization`). */
export const RECEIVE_WITH_AUTHORIZATION_TYPES = {
  ReceiveWithAuthorization: TRANSFER_WITH_AUTHORIZATION_TYPES.TransferWithAuthorization,
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
  return `0x${BigInt(nonce).toString(16).padStart(64, "0")}`;
}

/** One TransferWithAuthorization, as signed. */
export interface TransferAuthorization {
  from: string;
  to: string;
  value: bigint;
  fee: bigint;
  validAfter: bigint;
  validBefore: bigint;
  /** Unordered bitmap nonce: word = nonce >> 8, bit = nonce & 0xff. */
  nonce: bigint;
}

/**
 * The EIP-712 digest of TransferWithAuthorization messages under one domain, as TypedDataEncoder.hash gives
 * it, with the domain separator and type hash computed once: each message costs two keccaks over fixed
 * buffers instead of re-encoding the types (the relayer signs every outbox row with it).
 */
export function transferAuthorizationDigester(domain: TypedDataDomain): (m: TransferAuthorization) => string {
  const separator = getBytes(TypedDataEncoder.hashDomain(domain));
  const typeHash = getBytes(id(TypedDataEncoder.from(TRANSFER_WITH_AUTHORIZATION_TYPES).encodeType("TransferWithAuthorization")));
  const struct = new Uint8Array(32 * 8);
  const envelope = new Uint8Array(2 + 32 + 32);
  envelope[0] = 0x19;
  envelope[1] = 0x01;
  envelope.set(separator, 2);
  return (m) => {
    struct.fill(0);
    struct.set(typeHash, 0);
    struct.set(addressBytes(m.from), 32 + 12);
    struct.set(addressBytes(m.to), 64 + 12);
    [m.value, m.fee, m.validAfter, m.validBefore, m.nonce].forEach((v, i) => struct.set(getBytes(toBeHex(v, 32)), 96 + 32 * i));
    // Native Keccak (chain/keccak.ts): the relayer makes one of these per gift on the event loop.
    envelope.set(getBytes(keccak256Hex(struct)), 34);
    return keccak256Hex(envelope);
  };
}

/** An address's 20 bytes (any case; no checksum hashing: the digest does not depend on it). */
function addressBytes(address: string): Uint8Array {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new TypeError(`not an address: ${address}`);
  return getBytes(address);
}
