import { ethers } from "ethers";
import { expect } from "vitest";
import { startAnvilRig, type AnvilRig } from "../../chain/anvil-rig";
import { reconcile } from "../features/dashboard/reconcile";
import { startTestStack, type TestStack } from "./harness";

/**
 * A test stack on the external-chain rig (issue 38): an Anvil node mining a block a second, reached only through
 * RPC_URL, CONFIRMATIONS=3 (the books record a transaction once it is 3 blocks deep, deeper than the rig tests'
 * 2-block reorg). `s` is replaced by a restart. The helpers wait for rows to resolve and check the books against
 * the chain.
 */
export interface RigStack {
  rig: AnvilRig;
  s: TestStack;
  /** The operator account (pays gas, relays). */
  sender: string;
  /** `fn`'s first truthy answer, asked every 200 ms for at most `ms`. */
  until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms?: number): Promise<T>;
  /** Waits until the outbox rows are confirmed (deep enough), then checks the books against the chain, mining paused. */
  resolvedAndReconciled(ids: number[]): Promise<void>;
  /** The books against the chain, mining paused (the index catches up to a head that stays). */
  reconciled(): Promise<void>;
  /** How many times each authorization nonce of these rows was used on chain (TransferWithFee events). */
  usesOnChain(ids: number[]): Promise<number[]>;
  stop(): Promise<void>;
}

export async function startRigStack(opts: { logLevel?: string } = {}): Promise<RigStack> {
  const rig = await startAnvilRig({ blockTime: 1 });
  const operator = ethers.Wallet.createRandom();
  await rig.setBalance(operator.address, 10n ** 21n);
  const s = await startTestStack({
    rpcUrl: rig.rpcUrl,
    operatorPrivateKey: operator.privateKey,
    logLevel: opts.logLevel ?? process.env.TEST_LOG ?? "silent",
    lifecycle: { confirmations: 3, replaceAfterMs: 4_000, maxReplacements: 20, maxFeeCap: 10_000n * 10n ** 9n },
    // The gas watch every second (GAS_WATCH_MS), so a test hears its warning soon.
    gas: { warnTxs: 200, refuseTxs: 20, watchMs: 1_000 },
  }).catch(async (err) => {
    await rig.stop();
    throw err;
  });
  const h: RigStack = {
    rig,
    s,
    sender: operator.address,
    async until(what, fn, ms = 60_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const v = await fn();
        if (v) return v;
        if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    async resolvedAndReconciled(ids) {
      await h.until(
        "rows confirmed",
        async () => {
          const rows = await Promise.all(ids.map((id) => h.s.ctx.outbox.get(id)));
          return rows.every((r) => r?.status === "confirmed");
        },
        90_000,
      );
      await h.reconciled();
    },
    async reconciled() {
      await rig.pauseMining();
      try {
        await h.s.waitIndexed();
        const c = h.s.ctx;
        const report = await reconcile({ db: c.db, view: c.view, token: c.chain.token, provider: c.chain.provider });
        expect(report.lines.filter((l) => !l.ok)).toEqual([]);
      } finally {
        await rig.resumeMining();
      }
    },
    async usesOnChain(ids) {
      const rows = await Promise.all(ids.map((id) => h.s.ctx.outbox.get(id)));
      const chain = h.s.ctx.chain;
      const ev = chain.iface.getEvent("TransferWithFee")!;
      const logs = await chain.provider.getLogs({
        address: chain.deployment.token,
        topics: [ev.topicHash],
        fromBlock: chain.deployment.deployBlock,
        toBlock: "latest",
      });
      return rows.map((r) => logs.filter((l) => l.topics[3].toLowerCase() === r!.nonce.toLowerCase()).length);
    },
    async stop() {
      await h.s?.stop();
      await rig.stop();
    },
  };
  return h;
}
