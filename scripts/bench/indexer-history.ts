/**
 * A token history for the indexer bench, mined fast on a fresh Hardhat node: the admin (dev account 0,
 * unlocked, every role) sends through eth_sendTransaction in JSON-RPC batches, so each call is one
 * automined block. Authorizations are EIP-712 messages signed locally by dev accounts 1..8.
 */
import { ethers } from "ethers";
import { voucherArtifact } from "../../chain/artifacts";
import { OPERATOR_MINT_ALLOWANCE } from "../../chain/bootstrap";
import { TRANSFER_WITH_AUTHORIZATION_TYPES, voucherDomain } from "../../chain/eip712";
import { createRpc, eth_blockNumber, type Rpc } from "../../indexer/rpc";

const MNEMONIC = "test test test test test test test test test test test junk";
const ROLES = ["MASTER_MINTER_ROLE", "BURNER_ROLE", "BLOCKER_ROLE", "PAUSER_ROLE", "RELAYER_ROLE"];

export interface BenchChain {
  rpc: Rpc;
  token: string;
  deployBlock: number;
  admin: string;
  /** Sends `n` more token transactions (one block each), `perSecond` of them a second, until done. */
  mineSteady(n: number, perSecond: number): Promise<void>;
  /** Sends `n` token transactions (one block each) as fast as the node mines them. */
  mine(n: number): Promise<void>;
}

export async function deployBenchChain(rpcUrl: string): Promise<BenchChain> {
  const rpc = createRpc(rpcUrl);
  const provider = new ethers.JsonRpcProvider(rpcUrl, undefined, { cacheTimeout: -1, staticNetwork: true });
  const adminSigner = await provider.getSigner(0);
  const admin = adminSigner.address;
  const { abi, bytecode } = voucherArtifact();
  const iface = new ethers.Interface(abi);
  const collector = (await provider.getSigner(9)).address;
  const deployed = await new ethers.ContractFactory(abi, bytecode, adminSigner).deploy(admin, collector);
  const receipt = (await deployed.deploymentTransaction()!.wait())!;
  const token = await deployed.getAddress();
  const users = Array.from({ length: 8 }, (_, i) => ethers.HDNodeWallet.fromPhrase(MNEMONIC, undefined, `m/44'/60'/0'/0/${i + 1}`));
  const domain = voucherDomain(31337, token);
  const validBefore = BigInt(Math.floor(Date.now() / 1000) + 3600 * 24 * 365 * 5);
  let nonceSeq = 0n;
  const sign = (from: ethers.HDNodeWallet, to: string, value: bigint, fee: bigint) => {
    const message = {
      from: from.address,
      to,
      value,
      fee,
      validAfter: 0n,
      validBefore,
      nonce: (BigInt(ethers.id(token)) >> 64n) + nonceSeq++,
    };
    const sig = ethers.Signature.from(
      from.signingKey.sign(ethers.TypedDataEncoder.hash(domain, TRANSFER_WITH_AUTHORIZATION_TYPES, message)),
    );
    return { ...message, v: sig.v, r: sig.r, s: sig.s };
  };
  const send = async (datas: string[]) => {
    for (let i = 0; i < datas.length; i += 100) {
      const part = datas.slice(i, i + 100);
      const calls = part.map((data) => ({ method: "eth_sendTransaction", params: [{ from: admin, to: token, data, gas: "0x1e8480" }] }));
      // A keep-alive socket the node closed at the wrong moment: send again (a repeated authorization only reverts).
      for (let attempt = 1; ; attempt++) {
        try {
          await rpc.batch(calls);
          break;
        } catch (err) {
          if (attempt >= 3 || !/unreachable/.test((err as Error).message)) throw err;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    }
  };
  await send(ROLES.map((r) => iface.encodeFunctionData("grantRole", [ethers.id(r), admin])));
  await send([iface.encodeFunctionData("configureMinter", [admin, OPERATOR_MINT_ALLOWANCE])]);
  await send(users.map((u) => iface.encodeFunctionData("mint", [u.address, 10_000_000_000n])));

  let step = 0;
  /** The i-th call of the mix: 5/10 single gifts with a fee, 2/10 batches of 4 (one bad item), 1/10 burn, 1/10 mint, 1/10 plain gift without fee. */
  const next = (): string => {
    const i = step++;
    const a = users[i % 8];
    const b = users[(i + 3) % 8];
    switch (i % 10) {
      case 0:
      case 1:
      case 2:
      case 3:
      case 5: {
        const x = sign(a, b.address, BigInt(1_000 + (i % 97)), 50n);
        return iface.encodeFunctionData("transferWithAuthorization", [
          x.from,
          x.to,
          x.value,
          x.fee,
          x.validAfter,
          x.validBefore,
          x.nonce,
          x.v,
          x.r,
          x.s,
        ]);
      }
      case 4:
      case 7: {
        const items = [
          sign(a, b.address, 700n, 20n),
          sign(b, a.address, 10n ** 15n, 20n),
          sign(users[(i + 5) % 8], a.address, 300n, 0n),
          sign(users[(i + 1) % 8], b.address, 5n, 20n),
        ];
        return iface.encodeFunctionData("batchTransferWithAuthorization", [items]);
      }
      case 6:
        return iface.encodeFunctionData("burn", [a.address, 7n]);
      case 8:
        return iface.encodeFunctionData("mint", [b.address, 5_000n]);
      default: {
        const x = sign(b, a.address, 123n, 0n);
        return iface.encodeFunctionData("transferWithAuthorization", [
          x.from,
          x.to,
          x.value,
          x.fee,
          x.validAfter,
          x.validBefore,
          x.nonce,
          x.v,
          x.r,
          x.s,
        ]);
      }
    }
  };
  return {
    rpc,
    token,
    deployBlock: receipt.blockNumber,
    admin,
    async mine(n) {
      await send(Array.from({ length: n }, next));
    },
    async mineSteady(n, perSecond) {
      const start = performance.now();
      for (let k = 0; k < n; k++) {
        const due = start + (k * 1000) / perSecond;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        await send([next()]);
      }
    },
  };
}

export { eth_blockNumber };
