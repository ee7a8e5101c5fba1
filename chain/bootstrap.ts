import fs from "node:fs";
import path from "node:path";
import { ethers } from "ethers";
import { voucherArtifact, voucherRuntime } from "./artifacts";
import { ContractCodeMismatchError, isCompiledVoucher } from "./deployed-code";
import { openJournal } from "./journal";
import { startLocalNode, type LocalNode } from "./node";
import { createReplay, ReplayMismatchError, type ReplayProgress } from "./replay";
import { createBlockClock, createSender, makeProvider } from "./sender";
import * as roles from "./roles";
import type { RoleAccount } from "./roles";
import { DEFAULT_LIFECYCLE, OPERATOR_MINT_ALLOWANCE, type Chain, type ChainOptions, type Deployment } from "./chain-types";

export * from "./chain-types";

/**
 * Brings the chain up: starts the embedded node (unless RPC_URL), replays the journal on a fresh
 * embedded node, deploys KRWVoucher once and records the deployment in DATA_DIR/deployments/<chainId>.json.
 * A recorded deployment whose code is not this build's KRWVoucher stops the start with
 * ContractCodeMismatchError, one whose role accounts are not this configuration's keys with RoleKeysMismatchError
 * (what to do is in their messages). Each role account sends with its own sender (chain/roles.ts).
 */
export async function bootstrapChain(opts: ChainOptions): Promise<Chain> {
  const log = opts.log ?? (() => undefined);
  const embedded = !opts.rpcUrl;
  const node = embedded ? await startLocalNode(opts.chainPort) : null;
  const rpcUrl = opts.rpcUrl ?? node!.rpcUrl;
  const provider = makeProvider(rpcUrl);
  const chainId = Number((await provider.getNetwork()).chainId);
  const journal = await openJournal(path.join(opts.dataDir, `journal-${chainId}.db`));
  // One sender (nonce stream) per key; on the embedded node they share its block clock.
  const clock = createBlockClock();
  const senders = roles.createRoleSenders(roles.roleSignersOf(opts.operatorKey, opts.roleKeys), (s) =>
    createSender({
      provider,
      signer: s,
      journal,
      controlTime: embedded,
      clock,
      lifecycle: embedded ? undefined : (opts.lifecycle ?? DEFAULT_LIFECYCLE),
      log,
    }),
  );
  const sender = senders.relayer;
  const all = roles.distinctSenders(senders);
  const { abi, bytecode } = voucherArtifact();
  const iface = new ethers.Interface(abi);
  const deployDir = path.join(opts.dataDir, "deployments");
  const deployFile = path.join(deployDir, `${chainId}.json`);
  let deployment: Deployment | null = fs.existsSync(deployFile)
    ? JSON.parse(fs.readFileSync(deployFile, "utf8"))
    : opts.knownDeployment?.chainId === chainId
      ? opts.knownDeployment
      : null;

  // The replay running now, if any: its progress, and its end (true: done; false: the chain stopped first).
  let replay: { reason: "start" | "revive"; progress: () => ReplayProgress; stop: () => void; done: Promise<boolean> } | null = null;
  let replayFailure: Error | null = null;
  let stopping = false;
  /** Aborted by halt(): a node being started for a revive is killed. */
  const halted = new AbortController();
  /** A replay was stopped before its end (the process stops): the node does not have the whole journal. */
  let cutShort = false;
  function halt() {
    if (stopping) return;
    stopping = true;
    halted.abort();
    replay?.stop();
  }
  /** From the node's death until the new one has the whole journal (no replay runs while it starts). */
  let reviving = false;
  /** The embedded node now (a new one after a revive). */
  let current = node;
  const replayer = (reason: "start" | "revive") => {
    const r = createReplay(rpcUrl, journal, { onProgress: (p) => opts.onReplayProgress?.({ ...p, reason }) });
    const logEnd = (res: { mined: number }) => {
      const p = r.progress();
      log(
        `chain: ${reason === "revive" ? "node back; " : ""}replayed ${p.done} journal entries (${res.mined} transactions) in ${Math.round(p.elapsedMs)} ms (${Math.round((p.done * 1000) / Math.max(1, p.elapsedMs))}/s)`,
      );
    };
    return { r, logEnd };
  };
  /** Runs the rest of a replay in the background, between two sends (queued sends wait for it). */
  const finishInBackground = (reason: "start" | "revive", r: ReturnType<typeof createReplay>, logEnd: (x: { mined: number }) => void) => {
    const done = roles.exclusiveAll(all, async () => {
      const res = await r.run();
      if (!res.finished) return false;
      logEnd(res);
      return true;
    });
    const mine = { reason, progress: r.progress, stop: r.stop, done };
    const nodeThen = current;
    replay = mine;
    void done.then(
      (finished) => {
        if (replay === mine) replay = null;
        if (!finished) cutShort = true;
      },
      async (err: Error) => {
        // The node died under the replay: the revive replays the whole journal into a new one. Anything else stops
        // the replay for good (money calls keep answering 503, /api/health says why).
        if (!(err instanceof ReplayMismatchError)) await new Promise((res) => setTimeout(res, 500));
        if (stopping || (!(err instanceof ReplayMismatchError) && nodeThen?.exited())) return;
        replayFailure = err;
        log(`chain: the journal replay failed: ${err.message}`);
      },
    );
    return done;
  };

  // On a fresh embedded node the journal is replayed: first up to the recorded deployment's block, so the
  // deployed-code check below reads the contract; the rest in the background, while the HTTP server already
  // answers reads from the index and money calls answer 503 "catching up".
  let rest: { r: ReturnType<typeof createReplay>; logEnd: (x: { mined: number }) => void } | null = null;
  if (embedded && (await journal.count()) > 0 && (await provider.getBlockNumber()) === 0) {
    const { r, logEnd } = replayer("start");
    try {
      const first = await r.run({ untilMined: deployment?.deployBlock ?? Infinity });
      if (first.finished) logEnd(first);
      else rest = { r, logEnd };
    } catch (err) {
      provider.destroy();
      await journal.close();
      await node?.stop();
      throw err;
    }
  }

  if (deployment) {
    let code = await provider.getCode(deployment.token);
    if (code === "0x" && rest) {
      // Not at its block: maybe later in the journal; the whole journal first.
      await finishInBackground("start", rest.r, rest.logEnd);
      rest = null;
      code = await provider.getCode(deployment.token);
    }
    if (code === "0x") {
      log(`chain: deployment ${deployment.token} not found on chain ${chainId}; deploying again`);
      deployment = null;
    } else {
      // An older contract, or other role keys, behind this DATA_DIR: never run the new code's assumptions against it.
      const refusal = !isCompiledVoucher(code, voucherRuntime())
        ? new ContractCodeMismatchError(opts.dataDir, deployment.token, chainId)
        : roles.roleKeysRefusal(opts.dataDir, deployment.roles, senders);
      if (refusal) {
        rest?.r.stop();
        provider.destroy();
        await journal.close();
        await node?.stop();
        throw refusal;
      }
    }
  }
  if (rest && !deployment) {
    await finishInBackground("start", rest.r, rest.logEnd);
    rest = null;
  }
  if (rest) void finishInBackground("start", rest.r, rest.logEnd);
  if (!deployment) {
    await roles.fundAccounts(senders, { embedded, provider, journal });
    const factory = new ethers.ContractFactory(abi, bytecode);
    const deployTx = await factory.getDeployTransaction(senders.admin.address, opts.feeCollector);
    const receipt = await senders.admin.send(deployTx);
    if (receipt.status !== 1 || !receipt.contractAddress) throw new Error("KRWVoucher deployment failed");
    const token = receipt.contractAddress;
    await roles.grantRoles(senders, token, iface, OPERATOR_MINT_ALLOWANCE);
    deployment = {
      chainId,
      token,
      deployBlock: receipt.blockNumber,
      operator: sender.address,
      feeCollector: opts.feeCollector,
      deployedAt: new Date().toISOString(),
      roles: Object.fromEntries(roles.ROLE_ACCOUNTS.map((a) => [a, senders[a].address])) as Record<RoleAccount, string>,
    };
    fs.mkdirSync(deployDir, { recursive: true });
    fs.writeFileSync(deployFile, JSON.stringify(deployment, null, 2));
    log(`chain: deployed KRWVoucher at ${token} (block ${receipt.blockNumber})`);
  }
  const token = new ethers.Contract(deployment.token, abi, provider);

  // The embedded node is part of this process: if it dies (killed, crashed) it is started again on the
  // same port and the journal replayed into it, between two sends; meanwhile money calls answer 503.
  const watch = (n: LocalNode) =>
    n.onUnexpectedExit(() => {
      if (stopping) {
        log("chain: the embedded node died while this process stops; it is not started again (the next start replays the journal)");
        return;
      }
      log("chain: the embedded node died; starting it again and replaying the journal");
      void revive();
    });
  async function revive() {
    reviving = true;
    opts.onRevive?.("down");
    // An unfinished replay into the dead node stops; the new node gets the whole journal.
    replay?.stop();
    await replay?.done.catch(() => undefined);
    for (let attempt = 0; !stopping; attempt++) {
      const { r, logEnd } = replayer("revive");
      const pending = { reason: "revive" as const, progress: r.progress, stop: r.stop, done: Promise.resolve(false) };
      pending.done = roles.exclusiveAll(all, async () => {
        if (stopping) return false;
        const n = await startLocalNode(opts.chainPort, { signal: halted.signal });
        if (stopping) {
          await n.stop();
          return false;
        }
        current = n;
        watch(n);
        log(`chain: a new node is up on port ${opts.chainPort}; replaying the journal`);
        // Money calls answered 503 "cannot reach" while no node answered; "catching up" from now until the replay
        // is done (and the relayer's sends wait for it).
        replay = pending;
        const res = await r.run();
        if (res.finished) logEnd(res);
        return res.finished;
      });
      try {
        const back = await pending.done;
        if (replay === pending) replay = null;
        // Called off by a stop: the node (if any) does not have the whole journal, and stays 'reviving'.
        if (!back) return;
        reviving = false;
        opts.onRevive?.("back");
        return;
      } catch (err) {
        if (stopping) break;
        log(`chain: restarting the node failed (${(err as Error).message}); trying again`);
        await new Promise((res) => setTimeout(res, Math.min(1000 * 2 ** attempt, 10_000)));
      }
    }
  }
  if (node) watch(node);

  return {
    provider,
    sender,
    senders,
    token,
    deployment,
    rpcUrl,
    get node() {
      return current;
    },
    journal,
    iface,
    replaying: () => replay !== null || replayFailure !== null,
    replayError: () => replayFailure?.message ?? null,
    sendable: () => !(current?.exited() ?? false) && replay === null && !reviving && !cutShort && replayFailure === null,
    halt,
    replayProgress: () => (replay ? { ...replay.progress(), reason: replay.reason } : null),
    async synced() {
      for (;;) {
        if (replayFailure) throw replayFailure;
        if (stopping) return false;
        const r = replay;
        if (!r && !reviving) return true;
        if (!r) {
          await new Promise((res) => setTimeout(res, 100));
          continue;
        }
        await r.done.catch(() => undefined);
        // A failed revive attempt stays current until the next one starts.
        if (replay === r && !replayFailure) await new Promise((res) => setTimeout(res, 100));
      }
    },
    async stop() {
      halt();
      await replay?.done.catch(() => undefined);
      for (const s of all) s.close();
      provider.destroy();
      await journal.close();
      await current?.stop();
    },
  };
}
