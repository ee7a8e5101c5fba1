import { ethers } from "ethers";
import type { Hex, TransactionSerializableEIP1559 } from "viem";
import { keccak256Hex } from "./keccak";
import type { Journal } from "./journal";
import { createLifecycle } from "./tx-lifecycle";
import { localSigner } from "./tx-signer";
import { createBlockClock } from "./block-clock";
import type { BeforeSend, Sender, SenderOptions } from "./sender-types";

export type { BeforeSend, Sender, SenderOptions } from "./sender-types";

/** How long fee data read from the node is reused (an EIP-1559 fee cap of 2× the base fee covers several blocks' rise). */
const FEE_TTL_MS = 5_000;

/** Tries at setting the next block's timestamp before the send fails (each after reading the node's head). */
const SET_TIMESTAMP_ATTEMPTS = 3;

const HEX = /^0x(?:[0-9a-fA-F]{2})*$/;
const isHex = (data: unknown): data is Hex => typeof data === "string" && HEX.test(data);

export function createSender(opts: SenderOptions): Sender {
  // Transactions are serialised and signed with viem (ethers' Transaction serialisation took ~60 ms for a batch's
  // calldata; the same bytes: both sign RFC 6979, deterministically), hashed natively (chain/keccak.ts), by the
  // account's signer (a key held here, or a remote signer: chain/tx-signer.ts).
  const signer = opts.signer ?? localSigner(opts.privateKey ?? "");
  const wallet = { address: signer.address };
  let queue: Promise<unknown> = Promise.resolve();
  let nextNonce: number | null = null;
  /**
   * The last block timestamp journaled and set (read from the journal on the first send), shared by the senders of
   * the embedded node. Blocks are mined by these senders alone, so the next one is lastTs + 1 (or now) without
   * asking the node; when something else mined meanwhile (a test's hardhat_mine, a reorg), the node refuses the
   * timestamp and the head is read once.
   */
  const clock = opts.clock ?? createBlockClock();
  let fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint; at: number } | null = null;
  let chainId: bigint | null = null;
  let closed = false;
  const closing = new Set<() => void>();

  /** A replacement's fee: later sends pay at least this much (the network asked for it). */
  let floor = { maxFeePerGas: 0n, maxPriorityFeePerGas: 0n, at: 0 };

  async function freshFees() {
    const f = await opts.provider.getFeeData();
    return { maxFeePerGas: f.maxFeePerGas ?? f.gasPrice ?? 1_000_000_000n, maxPriorityFeePerGas: f.maxPriorityFeePerGas ?? 0n };
  }

  async function feeData() {
    if (fees && Date.now() - fees.at < FEE_TTL_MS) return fees;
    const f = await freshFees();
    // A floor older than a minute has done its work (the spike it answered has passed or been met).
    const lift = Date.now() - floor.at < 60_000;
    fees = {
      maxFeePerGas: lift && floor.maxFeePerGas > f.maxFeePerGas ? floor.maxFeePerGas : f.maxFeePerGas,
      maxPriorityFeePerGas:
        lift && floor.maxPriorityFeePerGas > f.maxPriorityFeePerGas ? floor.maxPriorityFeePerGas : f.maxPriorityFeePerGas,
      at: Date.now(),
    };
    return fees;
  }

  const life = opts.lifecycle
    ? createLifecycle({
        provider: opts.provider,
        signer,
        address: wallet.address,
        journal: opts.journal,
        confirmations: Math.max(1, opts.lifecycle.confirmations),
        replaceAfterMs: opts.lifecycle.replaceAfterMs,
        maxReplacements: opts.lifecycle.maxReplacements,
        maxFeeCap: opts.lifecycle.maxFeeCap,
        pollMs: opts.lifecycle.pollMs ?? 500,
        freshFees,
        raiseFloor: (f) => {
          floor = { ...f, at: Date.now() };
          fees = null;
        },
        log: opts.log,
      })
    : null;

  /**
   * Sets the next block's timestamp on the embedded node: the known last one + 1 (or now). When the node refuses it
   * (something else mined a later block), the head is read and the timestamp set again, up to SET_TIMESTAMP_ATTEMPTS
   * times: once was not enough when a block was mined between the head read and the set (CI, 2026-11-27: "equal to
   * the previous block's timestamp"; chain/sender.test.ts makes it happen).
   */
  async function setNextTimestamp(): Promise<number> {
    clock.lastTs ??= await opts.journal.lastTimestamp();
    const lastTs = clock.lastTs;
    let ts = Math.max(Math.floor(Date.now() / 1000), lastTs + 1);
    for (let attempt = 1; ; attempt++) {
      try {
        await opts.provider.send("evm_setNextBlockTimestamp", [ts]);
        return ts;
      } catch (err) {
        // The node is gone: the head read throws too.
        if (attempt === SET_TIMESTAMP_ATTEMPTS) throw err;
        const head = (await opts.provider.send("eth_getBlockByNumber", ["latest", false])) as { timestamp: string } | null;
        ts = Math.max(Math.floor(Date.now() / 1000), lastTs + 1, Number(head?.timestamp ?? 0) + 1);
      }
    }
  }

  async function sendOne(tx: ethers.TransactionRequest, beforeSend: BeforeSend | undefined, wait: false): Promise<string>;
  async function sendOne(tx: ethers.TransactionRequest, beforeSend: BeforeSend | undefined, wait: true): Promise<ethers.TransactionReceipt>;
  async function sendOne(
    tx: ethers.TransactionRequest,
    beforeSend: BeforeSend | undefined,
    wait: boolean,
  ): Promise<string | ethers.TransactionReceipt> {
    const provider = opts.provider;
    try {
      // Above every nonce in flight here: one dropped from the pool is not taken again (it is re-sent as it was).
      if (nextNonce === null)
        nextNonce = Math.max(await provider.getTransactionCount(wallet.address, "pending"), (life?.highestNonce() ?? -1) + 1);
      chainId ??= (await provider.getNetwork()).chainId;
      const fee = await feeData();
      const populated: ethers.TransactionRequest = {
        ...tx,
        from: wallet.address,
        nonce: nextNonce,
        chainId,
        type: 2,
        maxFeePerGas: fee.maxFeePerGas,
        maxPriorityFeePerGas: fee.maxPriorityFeePerGas,
      };
      if (populated.gasLimit == null) {
        try {
          populated.gasLimit = ((await provider.estimateGas(populated)) * 12n) / 10n + 10_000n;
        } catch {
          // A reverting call still gets sent (and mined with status 0) so the outcome is on-chain and journaled.
          populated.gasLimit = 3_000_000n;
        }
      }
      const unsigned: TransactionSerializableEIP1559 = {
        type: "eip1559",
        chainId: Number(chainId),
        nonce: nextNonce,
        to: populated.to == null ? null : ((await ethers.resolveAddress(populated.to)) as Hex),
        // Calldata made by viem is hex already: hexlify would copy a batch's 200 KB of text again, and its checks cost ~9 ms.
        data: populated.data == null ? undefined : isHex(populated.data) ? populated.data : (ethers.hexlify(populated.data) as Hex),
        value: populated.value == null ? undefined : BigInt(populated.value),
        gas: BigInt(populated.gasLimit),
        maxFeePerGas: fee.maxFeePerGas,
        maxPriorityFeePerGas: fee.maxPriorityFeePerGas,
      };
      const raw = await signer.signTransaction(unsigned);
      const hash = keccak256Hex(raw);
      const publish = async () => {
        // The timestamp is set on the node before anything is recorded: setting it mines nothing, and the
        // journal then holds the one the block gets.
        const ts = opts.controlTime ? await setNextTimestamp() : null;
        // Recorded by the caller first, journaled second, sent third: no crash can leave a transaction that
        // happened without a record naming its hash.
        await beforeSend?.(hash, unsigned.nonce!);
        await opts.journal.append({ kind: "raw", payload: raw, ts, hash });
        await opts.afterJournal?.(hash);
        nextNonce!++;
        if (ts !== null) clock.lastTs = ts;
        // From here on the transaction exists: on an external chain it is watched until it is deep enough.
        const tracked = life?.track(unsigned.nonce!, unsigned, raw, hash);
        try {
          await provider.send("eth_sendRawTransaction", [raw]);
          return { tracked, error: null };
        } catch (error) {
          return { tracked, error };
        }
      };
      // On the embedded node, one account at a time from the timestamp to the send (the node mines it then).
      const { tracked, error: err } = opts.controlTime ? await clock.run(publish) : await publish();
      if (err) {
        if (tracked) {
          // Refused (underpriced, the node busy): it stays in flight, and the lifecycle sends it again or dearer.
          opts.log?.(`sender: ${hash} refused by the node (${(err as Error).message.slice(0, 200)}); the lifecycle sends it again`);
          fees = null;
          if (!wait) return hash;
          const receipt = await waitReceipt(hash);
          if (!receipt) throw new Error(`no receipt for ${hash}`);
          return receipt;
        }
        // Hardhat answers an error for a reverted transaction it still mined; the receipt decides.
        const receipt = await provider.getTransactionReceipt(hash);
        if (!receipt) throw err;
        return wait ? receipt : hash;
      }
      if (!wait) return hash;
      const receipt = await waitReceipt(hash);
      if (!receipt) throw new Error(`no receipt for ${hash}`);
      return receipt;
    } catch (err) {
      // Whatever happened, nonce, fees and head timestamp are read from the node next time.
      forget();
      throw err;
    }
  }

  function forget() {
    nextNonce = null;
    clock.lastTs = null;
    fees = null;
  }

  /**
   * The receipt, polled (never ethers' waitForTransaction: it awaits getBlockNumber inside an async
   * Promise executor, so a node that dies at that moment becomes an unhandled rejection that kills the
   * process); bounded by receiptTimeoutMs, given up at once when the sender is closed, and after 3 s
   * of a node that does not answer (the row stays 'submitted' with its hash and is reconciled later).
   */
  async function waitReceipt(hash: string): Promise<ethers.TransactionReceipt | null> {
    const watched = life?.receipt(hash);
    if (watched) {
      // The lifecycle re-sends and replaces it meanwhile; the caller is answered within the bound all the same.
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), opts.receiptTimeoutMs ?? 60_000)));
      try {
        return await Promise.race([watched, bound]);
      } finally {
        clearTimeout(timer);
      }
    }
    const deadline = Date.now() + (opts.receiptTimeoutMs ?? 60_000);
    let delay = 50;
    let failingSince: number | null = null;
    for (;;) {
      if (closed) throw new Error("sender closed");
      let lastError: unknown = null;
      try {
        const receipt = await opts.provider.getTransactionReceipt(hash);
        if (receipt) return receipt;
        failingSince = null;
      } catch (err) {
        lastError = err;
        failingSince ??= Date.now();
      }
      if (Date.now() >= deadline || (failingSince !== null && Date.now() - failingSince > 3_000)) {
        if (lastError) throw lastError;
        return null;
      }
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => (closing.delete(wake), resolve()), delay);
        const wake = () => (clearTimeout(t), resolve());
        closing.add(wake);
      });
      delay = Math.min(delay * 2, 1_000);
    }
  }

  return {
    address: wallet.address,
    signer: signer.kind,
    provider: opts.provider,
    send(tx, o) {
      const run = queue.then(() => (closed ? Promise.reject(new Error("sender closed")) : sendOne(tx, o?.beforeSend, true)));
      queue = run.catch(() => undefined);
      return run;
    },
    submit(tx, o) {
      const run = queue.then(() => (closed ? Promise.reject(new Error("sender closed")) : sendOne(tx, o?.beforeSend, false)));
      queue = run.catch(() => undefined);
      return run;
    },
    receipt: (hash) => waitReceipt(hash),
    confirmations: Math.max(1, opts.lifecycle?.confirmations ?? 1),
    inFlight: (hash) => life?.tracks(hash) ?? false,
    adopt: async (hash) => (life ? life.adopt(hash) : false),
    onReplace: (fn) => life?.setRecorder(fn),
    resync() {
      queue = queue.then(forget);
    },
    exclusive(fn) {
      const run = queue.then(fn).finally(forget);
      queue = run.catch(() => undefined);
      return run;
    },
    close() {
      closed = true;
      void life?.close();
      for (const wake of closing) wake();
      closing.clear();
    },
  };
}

/** Journals and runs a state-changing node RPC (e.g. hardhat_setBalance) on the embedded node. */
export async function journaledRpc(provider: ethers.JsonRpcProvider, journal: Journal, method: string, params: unknown[]) {
  await journal.append({ kind: "rpc", payload: JSON.stringify({ method, params }), ts: null, hash: null });
  return provider.send(method, params);
}

// The provider moved to chain/provider.ts (this file stays the sender); re-exported for its importers.
export { makeProvider } from "./provider";
export { createBlockClock, type BlockClock } from "./block-clock";
