import { ethers } from "hardhat";
import { time } from "@nomicfoundation/hardhat-network-helpers";
import type { BaseContract, Signer, TypedDataDomain } from "ethers";

/** EIP-712 types: the same definitions the relayer signs with. */
import { TRANSFER_WITH_AUTHORIZATION_TYPES, CANCEL_AUTHORIZATION_TYPES } from "../../../chain/eip712";
export { TRANSFER_WITH_AUTHORIZATION_TYPES, CANCEL_AUTHORIZATION_TYPES };

export interface TransferAuthorization {
  from: string;
  to: string;
  value: bigint;
  fee: bigint;
  validAfter: bigint;
  validBefore: bigint;
  nonce: string;
}

/** Same shape as the contract's `Authorization` struct, so it can go straight into a batch. */
export interface SignedAuthorization extends TransferAuthorization {
  v: number;
  r: string;
  s: string;
}

export function randomNonce(): string {
  return ethers.hexlify(ethers.randomBytes(32));
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

export async function signCancelAuthorization(voucher: BaseContract, signer: Signer, nonce: string, authorizer?: string) {
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
