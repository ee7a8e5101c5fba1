import type { TokenEventKind, TransferKind } from "./db";
import type { DecodedRange } from "./decode";

/** What the indexer tells the process it runs in, after each write is committed. */
export interface IndexerEvents {
  /** A block is indexed (in order; during catch-up, one per block of the range). */
  block: { number: number; hash: string; timestamp: number };
  transfer: {
    txHash: string;
    logIndex: number;
    from: string;
    to: string;
    value: string;
    kind: TransferKind;
    blockNumber: number;
    timestamp: number;
  };
  /** A transaction that touched the token was indexed; status 0 means it reverted. */
  transaction: { hash: string; blockNumber: number; from: string; to: string | null; status: number; method: string | null };
  /** Emitted after the rollback and before the new branch is indexed. */
  reorg: { commonAncestor: number; depth: number; removedTxHashes: string[] };
  /**
   * An authorization ran (ok, from its TransferWithFee) or failed: a failed batch item, or a reverted
   * call that carried it. `nonce` is the uint256 bitmap nonce as 0x-prefixed 32-byte hex.
   */
  authorization: { authorizer: string; nonce: string; txHash: string; blockNumber: number; ok: boolean; reason?: string; index?: number };
  tokenEvent: {
    kind: TokenEventKind;
    blockNumber: number;
    txHash: string;
    logIndex: number;
    actor: string | null;
    account: string | null;
    nonce: string | null;
    amount: string | null;
    data: Record<string, unknown> | null;
  };
  /** A failed sync; `fatal` ones stop the live loop. */
  error: { error: Error; fatal: boolean };
}

export type IndexerEventName = keyof IndexerEvents;
export type Listener<K extends IndexerEventName> = (payload: IndexerEvents[K]) => void;

export interface Emitter {
  on<K extends IndexerEventName>(event: K, fn: Listener<K>): void;
  off<K extends IndexerEventName>(event: K, fn: Listener<K>): void;
  emit<K extends IndexerEventName>(event: K, payload: IndexerEvents[K]): void;
}

/** A listener that throws is reported and skipped: it must not stop the indexer. */
export function createEmitter(onListenerError: (event: string, err: unknown) => void): Emitter {
  const listeners = new Map<IndexerEventName, Set<Listener<never>>>();
  return {
    on(event, fn) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(fn as Listener<never>);
    },
    off(event, fn) {
      listeners.get(event)?.delete(fn as Listener<never>);
    },
    emit(event, payload) {
      for (const fn of [...(listeners.get(event) ?? [])]) {
        try {
          (fn as Listener<typeof event>)(payload);
        } catch (err) {
          onListenerError(event, err);
        }
      }
    },
  };
}

/** Emits a committed range, block by block: its transactions, transfers, token events, authorizations, then the block. */
export function emitRange(emitter: Emitter, range: DecodedRange): void {
  const byBlock = <T>(list: T[], n: (x: T) => number) => {
    const m = new Map<number, T[]>();
    for (const x of list) {
      const at = m.get(n(x));
      if (at) at.push(x);
      else m.set(n(x), [x]);
    }
    return (b: number) => m.get(b) ?? [];
  };
  const txs = byBlock(range.transactions, (t) => t.block_number);
  const transfers = byBlock(range.transfers, (t) => t.block_number);
  const events = byBlock(range.tokenEvents, (e) => e.block_number);
  const auths = byBlock(range.authorizations, (a) => a.blockNumber);
  for (const b of range.blocks) {
    for (const t of txs(b.number)) {
      emitter.emit("transaction", {
        hash: t.hash,
        blockNumber: t.block_number,
        from: t.from,
        to: t.to,
        status: t.status,
        method: t.method,
      });
    }
    for (const t of transfers(b.number)) {
      emitter.emit("transfer", {
        txHash: t.tx_hash,
        logIndex: t.log_index,
        from: t.from,
        to: t.to,
        value: t.value,
        kind: t.kind,
        blockNumber: t.block_number,
        timestamp: t.timestamp,
      });
    }
    for (const e of events(b.number)) {
      emitter.emit("tokenEvent", {
        kind: e.kind,
        blockNumber: e.block_number,
        txHash: e.tx_hash,
        logIndex: e.log_index,
        actor: e.actor,
        account: e.account,
        nonce: e.nonce,
        amount: e.amount,
        data: e.data ? JSON.parse(e.data) : null,
      });
    }
    for (const a of auths(b.number)) emitter.emit("authorization", a);
    emitter.emit("block", { number: b.number, hash: b.hash, timestamp: b.timestamp });
  }
}
