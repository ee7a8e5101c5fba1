import type { TypedDataDomain } from "ethers";

/** EIP-712 types of KRWVoucher, field for field as the contract's typehashes. */
export const TRANSFER_WITH_AUTHORIZATION_TYPES = {
  TransferWithAuthorization: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "fee", type: "uint256" },
    { name: "validAfter", type: "uint256" },
    { name: "validBefore", type: "uint256" },
    { name: "nonce", type: "bytes32" },
  ],
};

export const CANCEL_AUTHORIZATION_TYPES = {
  CancelAuthorization: [
    { name: "authorizer", type: "address" },
    { name: "nonce", type: "bytes32" },
  ],
};

/** The token's signing domain (ERC20Permit's EIP712 name and version "1"). */
export function voucherDomain(chainId: bigint | number, token: string): TypedDataDomain {
  return { name: "KRW Voucher", version: "1", chainId, verifyingContract: token };
}
