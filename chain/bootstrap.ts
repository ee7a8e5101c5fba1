import fs from "node:fs";
import path from "node:path";
import { ethers } from "ethers";
import { voucherArtifact, voucherRuntime } from "./artifacts";
import { ContractCodeMismatchError, isCompiledVoucher } from "./deployed-code";
import { openJournal, type Journal } from "./journal";
import { startLocalNode, type LocalNode } from "./node";
import { createSender, journaledRpc, makeProvider, replayJournal, type Sender } from "./sender";

export interface Deployment {
  chainId: number;
  token: string;
  deployBlock: number;
  operator: string;
  feeCollector: string;
  deployedAt: string;
}

export interface Chain {
  provider: ethers.JsonRpcProvider;
  sender: Sender;
  token: ethers.Contract;
  deployment: Deployment;
  rpcUrl: string;
  node: LocalNode | null;
  journal: Journal;
  /** The token as seen by an arbitrary signer (for reads and signing domains). */
  iface: ethers.Interface;
  stop(): Promise<void>;
}

export interface ChainOptions {
  dataDir: string;
  chainPort: number;
  rpcUrl: string | null;
  /** The operator key that pays gas and holds the token roles. */
  operatorKey: string;
  /** The fee collector's address (a custodial wallet), used at deployment. */
  feeCollector: string;
  /** A deployment recorded elsewhere (the app store), used when DATA_DIR has none: a second process joining. */
  knownDeployment?: Deployment | null;
  log?: (msg: string) => void;
}

export const ROLES = ["MINTER_ROLE", "BURNER_ROLE", "BLOCKER_ROLE", "PAUSER_ROLE", "RELAYER_ROLE"] as const;

/**
 * Brings the chain up: starts the embedded node (unless RPC_URL), replays the journal on a fresh
 * embedded node, deploys KRWVoucher once and records the deployment in DATA_DIR/deployments/<chainId>.json.
 * A recorded deployment whose code is not this build's KRWVoucher stops the start with
 * ContractCodeMismatchError (what to do is in its message).
 */
export async function bootstrapChain(opts: ChainOptions): Promise<Chain> {
  const log = opts.log ?? (() => undefined);
  const embedded = !opts.rpcUrl;
  const node = embedded ? await startLocalNode(opts.chainPort) : null;
  const rpcUrl = opts.rpcUrl ?? node!.rpcUrl;
  const provider = makeProvider(rpcUrl);
  const chainId = Number((await provider.getNetwork()).chainId);
  const journal = await openJournal(path.join(opts.dataDir, `journal-${chainId}.db`));

  if (embedded && (await journal.count()) > 0 && (await provider.getBlockNumber()) === 0) {
    const started = Date.now();
    const r = await replayJournal(provider, journal);
    log(`chain: replayed ${r.replayed} journal entries (${r.mined} transactions) in ${Date.now() - started} ms`);
  }

  const sender = createSender({ provider, privateKey: opts.operatorKey, journal, controlTime: embedded });
  const { abi, bytecode } = voucherArtifact();
  const iface = new ethers.Interface(abi);
  const deployDir = path.join(opts.dataDir, "deployments");
  const deployFile = path.join(deployDir, `${chainId}.json`);
  let deployment: Deployment | null = fs.existsSync(deployFile)
    ? JSON.parse(fs.readFileSync(deployFile, "utf8"))
    : opts.knownDeployment?.chainId === chainId
      ? opts.knownDeployment
      : null;
  if (deployment) {
    const code = await provider.getCode(deployment.token);
    if (code === "0x") {
      log(`chain: deployment ${deployment.token} not found on chain ${chainId}; deploying again`);
      deployment = null;
    } else if (!isCompiledVoucher(code, voucherRuntime())) {
      // An older contract behind this DATA_DIR: never run the new code's assumptions against it.
      provider.destroy();
      await journal.close();
      await node?.stop();
      throw new ContractCodeMismatchError(opts.dataDir, deployment.token, chainId);
    }
  }
  if (!deployment) {
    if (embedded) await journaledRpc(provider, journal, "hardhat_setBalance", [sender.address, "0x" + (10n ** 24n).toString(16)]);
    const factory = new ethers.ContractFactory(abi, bytecode);
    const deployTx = await factory.getDeployTransaction(sender.address, opts.feeCollector);
    const receipt = await sender.send(deployTx);
    if (receipt.status !== 1 || !receipt.contractAddress) throw new Error("KRWVoucher deployment failed");
    const token = receipt.contractAddress;
    for (const role of ROLES) {
      const roleId = ethers.id(role);
      const r = await sender.send({ to: token, data: iface.encodeFunctionData("grantRole", [roleId, sender.address]) });
      if (r.status !== 1) throw new Error(`grantRole ${role} failed`);
    }
    deployment = {
      chainId,
      token,
      deployBlock: receipt.blockNumber,
      operator: sender.address,
      feeCollector: opts.feeCollector,
      deployedAt: new Date().toISOString(),
    };
    fs.mkdirSync(deployDir, { recursive: true });
    fs.writeFileSync(deployFile, JSON.stringify(deployment, null, 2));
    log(`chain: deployed KRWVoucher at ${token} (block ${receipt.blockNumber})`);
  }
  const token = new ethers.Contract(deployment.token, abi, provider);

  // The embedded node is part of this process: if it dies (killed, crashed) it is started again on the
  // same port and the journal replayed into it, between two sends; meanwhile money calls answer 503.
  let current = node;
  let stopping = false;
  const watch = (n: LocalNode) =>
    n.onUnexpectedExit(() => {
      if (stopping) return;
      log("chain: the embedded node died; starting it again and replaying the journal");
      void revive();
    });
  async function revive() {
    for (let attempt = 0; !stopping; attempt++) {
      try {
        await sender.exclusive(async () => {
          const n = await startLocalNode(opts.chainPort);
          if (stopping) return void (await n.stop());
          current = n;
          watch(n);
          const started = Date.now();
          const r = await replayJournal(provider, journal);
          log(`chain: node back; replayed ${r.replayed} journal entries (${r.mined} transactions) in ${Date.now() - started} ms`);
        });
        return;
      } catch (err) {
        log(`chain: restarting the node failed (${(err as Error).message}); trying again`);
        await new Promise((r) => setTimeout(r, Math.min(1000 * 2 ** attempt, 10_000)));
      }
    }
  }
  if (node) watch(node);

  return {
    provider,
    sender,
    token,
    deployment,
    rpcUrl,
    get node() {
      return current;
    },
    journal,
    iface,
    async stop() {
      stopping = true;
      sender.close();
      provider.destroy();
      await journal.close();
      await current?.stop();
    },
  };
}
