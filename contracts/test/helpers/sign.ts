import { ethers } from "hardhat";
import { time } from "@nomicfoundation/hardhat-network-helpers";
import type { BaseContract, Contract, Signer, TypedDataDomain } from "ethers";

/** EIP-712 types: the same definitions the relayer signs with. */
import {
  TRANSFER_WITH_AUTHORIZATION_TYPES,
  RECEIVE_WITH_AUTHORIZATION_TYPES,
  CANCEL_AUTHORIZATION_TYPES,
  nonceOf,
  type TransferAuthorization,
} from "../../../chain/eip712";
export {
  TRANSFER_WITH_AUTHORIZATION_TYPES,
  RECEIVE_WITH_AUTHORIZATION_TYPES,
  CANCEL_AUTHORIZATION_TYPES,
  nonceOf,
  type TransferAuthorization,
};

/** Same shape as the contract's `Authorization` struct, so it can go straight into a batch. */
export interface SignedAuthorization extends TransferAuthorization {
  v: number;
  r: string;
  s: string;
}

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

/**
 * An ERC-2612 permit signed by `owner` (by default with its next nonce, valid for an hour): positional
 * arguments of `permit`. `owner` in the message may be another address, to make a signature by the wrong key.
 */
export async function signPermit(
  voucher: Contract,
  signer: Signer,
  spender: string,
  value: bigint,
  opts: { owner?: string; nonce?: bigint; deadline?: bigint } = {},
) {
  const owner = opts.owner ?? (await signer.getAddress());
  const deadline = opts.deadline ?? BigInt(await time.latest()) + 3600n;
  const message = { owner, spender, value, nonce: opts.nonce ?? ((await voucher.nonces(owner)) as bigint), deadline };
  const { v, r, s } = ethers.Signature.from(await signer.signTypedData(await voucherDomain(voucher), PERMIT_TYPES, message));
  return [owner, spender, value, deadline, v, r, s] as const;
}

/** Any 256-bit nonce (a random word and bit), as the relayer's first outbox generated them. */
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
  types: Record<string, { name: string; type: string }[]> = TRANSFER_WITH_AUTHORIZATION_TYPES,
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
  const signature = await signer.signTypedData(await voucherDomain(voucher), types, message);
  const { v, r, s } = ethers.Signature.from(signature);
  return { ...message, v, r, s };
}

/** The same fields signed as an EIP-3009 ReceiveWithAuthorization (only the payee may submit it). */
export async function signReceiveAuthorization(
  voucher: BaseContract,
  signer: Signer,
  auth: Partial<TransferAuthorization> & { to: string; value: bigint },
): Promise<SignedAuthorization> {
  return signTransferAuthorization(voucher, signer, auth, RECEIVE_WITH_AUTHORIZATION_TYPES);
}

export async function signCancelAuthorization(voucher: BaseContract, signer: Signer, nonce: bigint, authorizer?: string) {
  const message = { authorizer: authorizer ?? (await signer.getAddress()), nonce };
  const signature = await signer.signTypedData(await voucherDomain(voucher), CANCEL_AUTHORIZATION_TYPES, message);
  const { v, r, s } = ethers.Signature.from(signature);
  return { ...message, v, r, s };
}

/** Positional arguments of `transferWithAuthorization` (and of `receiveWithAuthorization`). */
export function transferArgs(a: SignedAuthorization) {
  return [a.from, a.to, a.value, a.fee, a.validAfter, a.validBefore, a.nonce, a.v, a.r, a.s] as const;
}

/** Positional arguments of `cancelAuthorization`. */
export function cancelArgs(c: Awaited<ReturnType<typeof signCancelAuthorization>>) {
  return [c.authorizer, c.nonce, c.v, c.r, c.s] as const;
}
