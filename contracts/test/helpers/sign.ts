import { ethers } from "hardhat";
import { time } from "@nomicfoundation/hardhat-network-helpers";
import type { BaseContract, Contract, Signer, TypedDataDomain } from "ethers";

/** EIP-712 types: the same definitions the relayer signs with. */
import { TRANSFER_WITH_AUTHORIZATION_TYPES, CANCEL_AUTHORIZATION_TYPES, nonceOf, type TransferAuthorization } from "../../../chain/eip712";
export { TRANSFER_WITH_AUTHORIZATION_TYPES, CANCEL_AUTHORIZATION_TYPES, nonceOf, type TransferAuthorization };


/** Same shape as the contract's `Authorization` struct, so it can go straight into a batch. */
export interface SignedAuthorization extends TransferAuthorization {
  v: number;
  r: string;
  s: string;
}

/** Any 256-bit nonce (a random word and bit), as the relayer's first outbox generated them. */
/** ERC-2612 permit (OpenZeppelin's ERC20Permit). */
export const PERMIT_TYPES = {
  Permit: [
    { name: "owner", type: "address" },
    { name: "spender", type: "address" },
    { name: "value", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
};

/** An ERC-2612 permit signed by `owner`, valid for an hour: positional arguments of `permit`. */
export async function signPermit(voucher: Contract, owner: Signer, spender: string, value: bigint) {
  const ownerAddress = await owner.getAddress();
  const deadline = BigInt(await time.latest()) + 3600n;
  const message = { owner: ownerAddress, spender, value, nonce: (await voucher.nonces(ownerAddress)) as bigint, deadline };
  const { v, r, s } = ethers.Signature.from(await owner.signTypedData(await voucherDomain(voucher), PERMIT_TYPES, message));
  return [ownerAddress, spender, value, deadline, v, r, s] as const;
}

export function randomNonce(): bigint {
  return ethers.toBigInt(ethers.randomBytes(32));
}

export async function voucherDomain(voucher: BaseContract): Promise<TypedDataDomain> {
  const { chainId } = await ethers.provider.getNetwork();
  return { name: "KRW Voucher", version: "1", chainId, verifyingContract: await voucher.getAddress() };
}

/**
 * Signs a TransferWithAuthorization as `signer`. `from` defaults to the signer; pass another
 * `from` to produce a signature by the wrong key. Valid for an hour from the latest block.
 */
export async function signTransferAuthorization(
  voucher: BaseContract,
  signer: Signer,
  auth: Partial<TransferAuthorization> & { to: string; value: bigint },
): Promise<SignedAuthorization> {
  const message: TransferAuthorization = {
    from: auth.from ?? (await signer.getAddress()),
    to: auth.to,
    value: auth.value,
    fee: auth.fee ?? 0n,
    validAfter: auth.validAfter ?? 0n,
    validBefore: auth.validBefore ?? BigInt(await time.latest()) + 3600n,
    nonce: auth.nonce ?? randomNonce(),
  };
  const signature = await signer.signTypedData(await voucherDomain(voucher), TRANSFER_WITH_AUTHORIZATION_TYPES, message);
  const { v, r, s } = ethers.Signature.from(signature);
  return { ...message, v, r, s };
}

export async function signCancelAuthorization(voucher: BaseContract, signer: Signer, nonce: bigint, authorizer?: string) {
  const message = { authorizer: authorizer ?? (await signer.getAddress()), nonce };
  const signature = await signer.signTypedData(await voucherDomain(voucher), CANCEL_AUTHORIZATION_TYPES, message);
  const { v, r, s } = ethers.Signature.from(signature);
  return { ...message, v, r, s };
}

/** Positional arguments of `transferWithAuthorization`. */
export function transferArgs(a: SignedAuthorization) {
  return [a.from, a.to, a.value, a.fee, a.validAfter, a.validBefore, a.nonce, a.v, a.r, a.s] as const;
}

/** Positional arguments of `cancelAuthorization`. */
export function cancelArgs(c: Awaited<ReturnType<typeof signCancelAuthorization>>) {
  return [c.authorizer, c.nonce, c.v, c.r, c.s] as const;
}
