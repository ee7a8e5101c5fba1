import { CANCEL_AUTHORIZATION_TYPES, TRANSFER_WITH_AUTHORIZATION_TYPES, voucherDomain } from "../../chain/eip712";
import { ethers } from "ethers";
import { voucherArtifact } from "../../chain/artifacts";
import { OPERATOR_MINT_ALLOWANCE } from "../../chain/bootstrap";
import { startLocalNodeOnFreePort, type LocalNode } from "../../chain/node";

/** A real Hardhat node with KRWVoucher deployed by dev account 0, which holds every role. */
export interface VoucherChain {
  node: LocalNode;
  provider: ethers.JsonRpcProvider;
  admin: ethers.JsonRpcSigner;
  /** Dev accounts 1..8 (unlocked on the node: they sign EIP-712 messages and send transactions). */
  users: ethers.JsonRpcSigner[];
  feeCollector: string;
  token: ethers.Contract;
  address: string;
  deployBlock: number;
  stop(): Promise<void>;
}

export const ROLES = ["MASTER_MINTER_ROLE", "BURNER_ROLE", "BLOCKER_ROLE", "PAUSER_ROLE", "RELAYER_ROLE"];

export async function startVoucherChain(): Promise<VoucherChain> {
  const node = await startLocalNodeOnFreePort();
  // No 250 ms cache: against an instantly mining node it would reuse stale nonces and heads.
  const provider = new ethers.JsonRpcProvider(node.rpcUrl, undefined, { cacheTimeout: -1 });
  const admin = await provider.getSigner(0);
  const users = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((i) => provider.getSigner(i)));
  const feeCollector = (await provider.getSigner(9)).address;
  const { abi, bytecode } = voucherArtifact();
  const deployed = await new ethers.ContractFactory(abi, bytecode, admin).deploy(admin.address, feeCollector);
  const receipt = (await deployed.deploymentTransaction()!.wait())!;
  const address = await deployed.getAddress();
  const token = new ethers.Contract(address, abi, admin);
  for (const role of ROLES) await (await token.grantRole(await token[role](), admin.address)).wait();
  // As master minter, the admin makes itself the minter (the deployment's operator does the same).
  await (await token.configureMinter(admin.address, OPERATOR_MINT_ALLOWANCE)).wait();
  return { node, provider, admin, users, feeCollector, token, address, deployBlock: receipt.blockNumber, stop: () => node.stop() };
}

export interface Authorization {
  from: string;
  to: string;
  value: bigint;
  fee: bigint;
  validAfter: bigint;
  validBefore: bigint;
  nonce: string;
  v: number;
  r: string;
  s: string;
}

/** `signer` signs an EIP-712 TransferWithAuthorization of `from` (a wrong signer makes a bad one). */
export async function signAuthorization(
  chain: VoucherChain,
  signer: ethers.Signer,
  a: { from?: string; to: string; value: bigint; fee: bigint; nonce?: string },
): Promise<Authorization> {
  const from = a.from ?? (await signer.getAddress());
  const message = {
    from,
    to: a.to,
    value: a.value,
    fee: a.fee,
    validAfter: 0n,
    validBefore: BigInt(Math.floor(Date.now() / 1000) + 3600 * 24 * 365),
    nonce: a.nonce ?? ethers.hexlify(ethers.randomBytes(32)),
  };
  const domain = voucherDomain((await chain.provider.getNetwork()).chainId, chain.address);
  const sig = ethers.Signature.from(await signer.signTypedData(domain, TRANSFER_WITH_AUTHORIZATION_TYPES, message));
  return { ...message, v: sig.v, r: sig.r, s: sig.s };
}

export async function submitAuthorization(chain: VoucherChain, a: Authorization, overrides: ethers.Overrides = {}) {
  return (
    await chain.token.transferWithAuthorization(
      a.from,
      a.to,
      a.value,
      a.fee,
      a.validAfter,
      a.validBefore,
      a.nonce,
      a.v,
      a.r,
      a.s,
      overrides,
    )
  ).wait();
}

export async function cancelAuthorization(chain: VoucherChain, signer: ethers.JsonRpcSigner, nonce: string) {
  const domain = voucherDomain((await chain.provider.getNetwork()).chainId, chain.address);
  const sig = ethers.Signature.from(await signer.signTypedData(domain, CANCEL_AUTHORIZATION_TYPES, { authorizer: signer.address, nonce }));
  return (await chain.token.cancelAuthorization(signer.address, nonce, sig.v, sig.r, sig.s)).wait();
}

/**
 * Sends a call that reverts, with a fixed gas limit so it is mined (status 0) rather than refused
 * at estimation. Hardhat answers the send with an error that carries the hash.
 */
export async function sendReverting(chain: VoucherChain, from: ethers.JsonRpcSigner, data: string): Promise<string> {
  try {
    const tx = await from.sendTransaction({ to: chain.address, data, gasLimit: 300_000 });
    await tx.wait();
    throw new Error("expected a revert");
  } catch (err) {
    const block = await chain.provider.send("eth_getBlockByNumber", ["latest", false]);
    const hash = block.transactions[block.transactions.length - 1] as string;
    const receipt = await chain.provider.getTransactionReceipt(hash);
    if (receipt?.status !== 0) throw err;
    return hash;
  }
}
