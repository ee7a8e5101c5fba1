import type { ethers } from "ethers";
import type { Hex, TransactionSerializableEIP1559 } from "viem";
import { keccak256Hex } from "./keccak";
import type { Journal } from "./journal";
import type { TxSigner } from "./tx-signer";

/** A replacement of a pending transaction: same nonce, higher fee (or a filler for a nonce nobody holds). */
export interface Replacement {
  nonce: number;
  oldHash: string | null;
  newHash: string;
  reason: "stuck" | "dropped" | "gap";
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

export interface LifecycleOptions {
  provider: ethers.JsonRpcProvider;
  /** The account's signer (a key held here or a remote signer): replacements and fillers are signed by it too. */
  signer: TxSigner;
  address: string;
  journal: Journal;
  /** Blocks a receipt must have (its own included) before it counts: 1 = mined. */
  confirmations: number;
  /** A pending transaction not mined this long after its last send is replaced with a higher fee. */
  replaceAfterMs: number;
  /** The most replacements of one nonce; after that it is only re-sent as it is. */
  maxReplacements: number;
  /** No replacement asks more than this per gas (wei). */
  maxFeeCap: bigint;
  /** How often the transactions in flight are looked at. */
  pollMs: number;
  /** The network's fee now (fresh, not cached). */
  freshFees(): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }>;
  /** A replacement's fee becomes the floor of later sends (they would be as underpriced). */
  raiseFloor(f: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }): void;
  log?: (msg: string) => void;
}

interface Tracked {
  nonce: number;
  unsigned: TransactionSerializableEIP1559;
  raw: Hex;
  /** Every hash sent for this nonce, oldest first; the last is the current one. */
  hashes: string[];
  sentAt: number;
  replacements: number;
  /** Ticks in a row the nonce was used on chain with no receipt of ours. */
  foreign: number;
  /**
   * Its receipt once mined, kept while it gets deep enough: later ticks only check that its block is still the chain's
   * (one block read for all the transactions in it) instead of reading and decoding every receipt again each tick.
   */
  mined?: ethers.TransactionReceipt;
  done: Promise<ethers.TransactionReceipt>;
  resolve(r: ethers.TransactionReceipt): void;
  reject(e: Error): void;
}

/** The EIP-1559 replacement rule: at least +10% on both fees (rounded up, plus one wei). */
export const bump = (fee: bigint) => (fee * 110n + 99n) / 100n + 1n;

/**
 * The life of the operator account's transactions on an external chain (not the embedded node, which mines each at
 * once): every sent transaction is watched until its receipt is `confirmations` deep. Meanwhile a transaction the
 * node no longer holds (dropped, evicted as underpriced, or taken out by a reorg) is sent again; one not mined within
 * `replaceAfterMs` is replaced with the same nonce and a higher fee (both fees +10% at least, or the network's
 * fee if higher; up to `maxReplacements` times and `maxFeeCap`); a nonce below the highest in flight that no
 * transaction holds (a gap: later nonces would wait for ever) is filled with an empty transfer to itself. Every
 * replacement goes to `onReplace` before it is journaled and sent, so its hash is on record first.
 */
export function createLifecycle(opts: LifecycleOptions) {
  const byNonce = new Map<number, Tracked>();
  const byHash = new Map<string, Tracked>();
  /** Receipts that reached their depth, kept a while for a late `receipt(hash)`. */
  const resolved = new Map<string, ethers.TransactionReceipt>();
  let onReplace: (r: Replacement) => Promise<void> = async () => undefined;
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> | null = null;
  let closed = false;
  const provider = opts.provider;

  function track(nonce: number, unsigned: TransactionSerializableEIP1559, raw: Hex, hash: string): Tracked {
    let resolve!: Tracked["resolve"];
    let reject!: Tracked["reject"];
    const done = new Promise<ethers.TransactionReceipt>((res, rej) => ((resolve = res), (reject = rej)));
    done.catch(() => undefined);
    const t: Tracked = {
      nonce,
      unsigned,
      raw,
      hashes: [hash.toLowerCase()],
      sentAt: Date.now(),
      replacements: 0,
      foreign: 0,
      done,
      resolve,
      reject,
    };
    byNonce.set(nonce, t);
    byHash.set(hash.toLowerCase(), t);
    schedule();
    return t;
  }

  function finish(t: Tracked, outcome: ethers.TransactionReceipt | Error) {
    byNonce.delete(t.nonce);
    for (const h of t.hashes) byHash.delete(h);
    if (outcome instanceof Error) return t.reject(outcome);
    resolved.set(outcome.hash.toLowerCase(), outcome);
    for (const h of t.hashes) resolved.set(h, outcome);
    if (resolved.size > 5_000) for (const k of [...resolved.keys()].slice(0, 1_000)) resolved.delete(k);
    t.resolve(outcome);
  }

  function schedule() {
    if (timer || closed || byNonce.size === 0) return;
    timer = setTimeout(() => {
      ticking = tick()
        .catch((err) => opts.log?.(`tx lifecycle: ${(err as Error).message}`))
        .finally(() => {
          timer = null;
          ticking = null;
          schedule();
        });
    }, opts.pollMs);
    timer.unref();
  }

  async function signRaw(unsigned: TransactionSerializableEIP1559): Promise<{ raw: Hex; hash: string }> {
    const raw = await opts.signer.signTransaction(unsigned);
    return { raw, hash: keccak256Hex(raw) };
  }

  /** Sends a signed transaction; true if the node has it (accepted now, or already). */
  async function broadcast(raw: Hex): Promise<{ ok: boolean; error?: string }> {
    try {
      await provider.send("eth_sendRawTransaction", [raw]);
      return { ok: true };
    } catch (err) {
      const msg = String((err as { error?: { message?: string } }).error?.message ?? (err as Error).message);
      if (/already (imported|known)|known transaction/i.test(msg)) return { ok: true };
      return { ok: false, error: msg };
    }
  }

  /** Same nonce, higher fee: recorded (onReplace), journaled, sent. */
  async function replace(t: Tracked, reason: Replacement["reason"]): Promise<void> {
    const net = await opts.freshFees();
    let maxPriorityFeePerGas = bump(t.unsigned.maxPriorityFeePerGas ?? 0n);
    if (net.maxPriorityFeePerGas > maxPriorityFeePerGas) maxPriorityFeePerGas = net.maxPriorityFeePerGas;
    let maxFeePerGas = bump(t.unsigned.maxFeePerGas ?? 0n);
    if (net.maxFeePerGas > maxFeePerGas) maxFeePerGas = net.maxFeePerGas;
    if (maxFeePerGas < maxPriorityFeePerGas) maxFeePerGas = maxPriorityFeePerGas;
    if (t.replacements >= opts.maxReplacements || maxFeePerGas > opts.maxFeeCap) {
      opts.log?.(`tx lifecycle: nonce ${t.nonce} not replaced (replacement or fee cap reached); sent again as it is`);
      t.sentAt = Date.now();
      await broadcast(t.raw);
      return;
    }
    const unsigned = { ...t.unsigned, maxFeePerGas, maxPriorityFeePerGas };
    const { raw, hash } = await signRaw(unsigned);
    await onReplace({ nonce: t.nonce, oldHash: t.hashes[t.hashes.length - 1], newHash: hash, reason, maxFeePerGas, maxPriorityFeePerGas });
    await opts.journal.append({ kind: "raw", payload: raw, ts: null, hash });
    t.unsigned = unsigned;
    t.raw = raw;
    t.hashes.push(hash.toLowerCase());
    byHash.set(hash.toLowerCase(), t);
    t.replacements++;
    t.sentAt = Date.now();
    opts.raiseFloor({ maxFeePerGas, maxPriorityFeePerGas });
    const sent = await broadcast(raw);
    opts.log?.(`tx lifecycle: nonce ${t.nonce} replaced (${reason}) by ${hash}${sent.ok ? "" : `; the node said: ${sent.error}`}`);
  }

  /** An empty transfer to itself at a nonce no transaction holds, so the later ones can be mined. */
  async function fill(nonce: number, template: TransactionSerializableEIP1559): Promise<void> {
    const net = await opts.freshFees();
    const unsigned: TransactionSerializableEIP1559 = {
      type: "eip1559",
      chainId: template.chainId,
      nonce,
      to: opts.address as Hex,
      value: 0n,
      gas: 21_000n,
      maxFeePerGas: net.maxFeePerGas,
      maxPriorityFeePerGas: net.maxPriorityFeePerGas,
    };
    const { raw, hash } = await signRaw(unsigned);
    await onReplace({ nonce, oldHash: null, newHash: hash, reason: "gap", ...net });
    await opts.journal.append({ kind: "raw", payload: raw, ts: null, hash });
    track(nonce, unsigned, raw, hash);
    await broadcast(raw);
    opts.log?.(`tx lifecycle: nonce gap at ${nonce} filled by ${hash}`);
  }

  async function receiptOf(t: Tracked): Promise<ethers.TransactionReceipt | null> {
    for (const h of [...t.hashes].reverse()) {
      const r = await provider.getTransactionReceipt(h);
      if (r) return r;
    }
    return null;
  }

  async function inPool(t: Tracked): Promise<boolean> {
    for (const h of [...t.hashes].reverse()) if (await provider.send("eth_getTransactionByHash", [h])) return true;
    return false;
  }

  async function tick(): Promise<void> {
    if (byNonce.size === 0) return;
    const head = await provider.getBlockNumber();
    const latestNonce = await provider.getTransactionCount(opts.address, "latest");
    const entries = [...byNonce.values()].sort((a, b) => a.nonce - b.nonce);
    // A nonce below the highest in flight that nothing here or in the pool holds (the node's pending count stops
    // there): later nonces wait behind it for ever.
    const highest = entries[entries.length - 1].nonce;
    const pendingNonce = await provider.getTransactionCount(opts.address, "pending");
    if (pendingNonce < highest && !byNonce.has(pendingNonce)) await fill(pendingNonce, entries[0].unsigned);
    /** Each block's hash on the chain now, read once a tick. */
    const blockHashes = new Map<number, Promise<string | null>>();
    const canonical = (n: number) => {
      if (!blockHashes.has(n))
        blockHashes.set(
          n,
          provider.getBlock(n).then((b) => b?.hash ?? null),
        );
      return blockHashes.get(n)!;
    };
    for (const t of entries) {
      if (closed) return;
      // A receipt kept from an earlier tick counts while its block is still the chain's (a reorg reads it again).
      if (t.mined && (await canonical(t.mined.blockNumber)) !== t.mined.blockHash) t.mined = undefined;
      const receipt = t.mined ?? (await receiptOf(t));
      if (receipt) {
        t.foreign = 0;
        t.mined = receipt;
        if (head - receipt.blockNumber + 1 >= opts.confirmations) finish(t, receipt);
        continue;
      }
      if (t.nonce < latestNonce) {
        // Mined at this nonce, and not one of ours (or its receipt not served yet): asked again a few times.
        if (++t.foreign >= 5) finish(t, new Error(`nonce ${t.nonce} was used by a transaction not sent here`));
        continue;
      }
      t.foreign = 0;
      // Below the pending count, the node holds a transaction of this account at this nonce: one sent here.
      if (t.nonce >= pendingNonce && !(await inPool(t))) {
        // Dropped, evicted as underpriced, or taken out by a reorg: the same transaction again, or a dearer one.
        const again = await broadcast(t.raw);
        if (again.ok) {
          opts.log?.(`tx lifecycle: nonce ${t.nonce} was not in the pool; sent again (${t.hashes[t.hashes.length - 1]})`);
          t.sentAt = Date.now();
        } else await replace(t, "dropped");
      } else if (Date.now() - t.sentAt >= opts.replaceAfterMs) await replace(t, "stuck");
    }
  }

  return {
    track,
    /** Whether `hash` (or a replacement of it) is being watched here. */
    tracks: (hash: string) => byHash.has(hash.toLowerCase()),
    /** The highest nonce in flight (a new send takes a nonce above it), or -1. */
    highestNonce: () => Math.max(-1, ...byNonce.keys()),
    /**
     * The receipt of `hash` or of the replacement that landed, once `confirmations` deep; null when `hash` is not
     * watched here (the caller polls the node itself).
     */
    receipt(hash: string): Promise<ethers.TransactionReceipt> | null {
      const done = resolved.get(hash.toLowerCase());
      if (done) return Promise.resolve(done);
      return byHash.get(hash.toLowerCase())?.done ?? null;
    },
    /**
     * Watches a transaction this account sent before (a previous run: found by its hash in the records): true when
     * the node knows it (pending, or mined and not yet deep enough), false when it is neither mined nor pending.
     */
    async adopt(hash: string): Promise<boolean> {
      if (byHash.has(hash.toLowerCase()) || resolved.has(hash.toLowerCase())) return true;
      const tx = await provider.getTransaction(hash);
      if (!tx || tx.from.toLowerCase() !== opts.address.toLowerCase()) return false;
      const unsigned: TransactionSerializableEIP1559 = {
        type: "eip1559",
        chainId: Number(tx.chainId),
        nonce: tx.nonce,
        to: (tx.to ?? null) as Hex | null,
        data: tx.data as Hex,
        value: tx.value,
        gas: tx.gasLimit,
        maxFeePerGas: tx.maxFeePerGas ?? tx.gasPrice,
        maxPriorityFeePerGas: tx.maxPriorityFeePerGas ?? 0n,
      };
      const { raw } = await signRaw(unsigned);
      const existing = byNonce.get(tx.nonce);
      if (existing) {
        existing.hashes.unshift(hash.toLowerCase());
        byHash.set(hash.toLowerCase(), existing);
      } else track(tx.nonce, unsigned, raw, hash);
      return true;
    },
    setRecorder(fn: (r: Replacement) => Promise<void>) {
      onReplace = fn;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await ticking?.catch(() => undefined);
      for (const t of [...byNonce.values()]) finish(t, new Error("sender closed"));
    },
  };
}

export type Lifecycle = ReturnType<typeof createLifecycle>;
