import { ethers } from "ethers";
import type { ChainDb, SyncState } from "./db";
import { readSyncState, wipeChainDb } from "./db";
import type { DecodedRange } from "./decode";

/**
 * The indexer's writes to chain.db. Every method is one SQLite transaction, so a reader (or a
 * restart after a crash) sees a range either wholly indexed or not at all.
 */
export interface Store {
  state(): SyncState | null;
  /** Starts a fresh mirror (after a wipe, or the first time). */
  init(s: Omit<SyncState, "lastBlock" | "lastHash">): void;
  wipe(): void;
  /** Writes one decoded range and moves the indexed head to its last block. */
  applyRange(range: DecodedRange, head: { number: number; hash: string }): void;
  /** Deletes everything above `ancestor`, recomputes the balances it touched; returns the removed tx hashes. */
  rollbackTo(ancestor: number): string[];
  /** Stored blocks at or below `n`, newest first. */
  storedBlocksBelow(n: number, limit: number): { number: number; hash: string }[];
  storedBlock(n: number): { number: number; hash: string } | null;
  /** Forgets old blocks without token activity; the recent window stays for reorg checks. */
  prune(keepFrom: number): void;
  feeCollector(): string | null;
}

export function createStore(db: ChainDb): Store {
  const q = {
    insertBlock: db.prepare("INSERT OR REPLACE INTO blocks (number, hash, parent_hash, timestamp) VALUES (@number, @hash, @parent_hash, @timestamp)"),
    insertTx: db.prepare(
      `INSERT OR REPLACE INTO transactions (hash, block_number, tx_index, "from", "to", status, gas_used, gas_price, method, value, timestamp)
       VALUES (@hash, @block_number, @tx_index, @from, @to, @status, @gas_used, @gas_price, @method, @value, @timestamp)`,
    ),
    // A (tx_hash, log_index) already present means the range was indexed before: never count it twice.
    insertTransfer: db.prepare(
      `INSERT OR IGNORE INTO transfers (tx_hash, log_index, block_number, "from", "to", value, kind, timestamp)
       VALUES (@tx_hash, @log_index, @block_number, @from, @to, @value, @kind, @timestamp)`,
    ),
    insertEvent: db.prepare(
      `INSERT OR IGNORE INTO token_events (block_number, tx_hash, log_index, kind, actor, account, nonce, amount, data, timestamp)
       VALUES (@block_number, @tx_hash, @log_index, @kind, @actor, @account, @nonce, @amount, @data, @timestamp)`,
    ),
    balance: db.prepare("SELECT balance FROM balances WHERE address = ?").pluck(),
    setBalance: db.prepare("INSERT INTO balances (address, balance) VALUES (?, ?) ON CONFLICT(address) DO UPDATE SET balance = excluded.balance"),
    setHead: db.prepare("UPDATE sync_state SET last_block = ?, last_hash = ?, updated_at = ? WHERE id = 1"),
    storedBelow: db.prepare("SELECT number, hash FROM blocks WHERE number <= ? ORDER BY number DESC LIMIT ?"),
    storedBlock: db.prepare("SELECT number, hash FROM blocks WHERE number = ?"),
    sumIn: db.prepare('SELECT value FROM transfers WHERE "to" = ?').pluck(),
    sumOut: db.prepare('SELECT value FROM transfers WHERE "from" = ?').pluck(),
    feeCollector: db.prepare("SELECT account FROM token_events WHERE kind = 'fee_collector' ORDER BY block_number DESC, log_index DESC LIMIT 1").pluck(),
  };

  const sum = (values: unknown[]) => values.reduce<bigint>((acc, v) => acc + BigInt(v as string), 0n);

  const applyRange = db.transaction((range: DecodedRange, head: { number: number; hash: string }) => {
    for (const b of range.blocks) q.insertBlock.run(b);
    for (const t of range.transactions) q.insertTx.run(t);
    for (const e of range.tokenEvents) q.insertEvent.run(e);
    const deltas = new Map<string, bigint>();
    for (const t of range.transfers) {
      if (q.insertTransfer.run(t).changes === 0) continue;
      const v = BigInt(t.value);
      if (t.from !== ethers.ZeroAddress) deltas.set(t.from, (deltas.get(t.from) ?? 0n) - v);
      if (t.to !== ethers.ZeroAddress) deltas.set(t.to, (deltas.get(t.to) ?? 0n) + v);
    }
    for (const [address, delta] of deltas) {
      const old = BigInt((q.balance.get(address) as string | undefined) ?? "0");
      q.setBalance.run(address, (old + delta).toString());
    }
    q.setHead.run(head.number, head.hash, new Date().toISOString());
  });

  const rollbackTo = db.transaction((ancestor: number): string[] => {
    const removed = db.prepare("SELECT hash FROM transactions WHERE block_number > ? ORDER BY block_number, tx_index").pluck().all(ancestor) as string[];
    const affected = db
      .prepare('SELECT "from" AS a FROM transfers WHERE block_number > ? UNION SELECT "to" FROM transfers WHERE block_number > ?')
      .pluck()
      .all(ancestor, ancestor) as string[];
    for (const t of ["transfers", "token_events", "transactions"]) db.prepare(`DELETE FROM ${t} WHERE block_number > ?`).run(ancestor);
    db.prepare("DELETE FROM blocks WHERE number > ?").run(ancestor);
    for (const address of affected) {
      if (address === ethers.ZeroAddress) continue;
      q.setBalance.run(address, (sum(q.sumIn.all(address)) - sum(q.sumOut.all(address))).toString());
    }
    const kept = q.storedBlock.get(ancestor) as { number: number; hash: string } | undefined;
    q.setHead.run(kept ? kept.number : null, kept ? kept.hash : null, new Date().toISOString());
    return removed;
  });

  return {
    state: () => readSyncState(db),
    init(s) {
      db.prepare(
        `INSERT OR REPLACE INTO sync_state (id, chain_id, genesis_hash, token, deploy_block, last_block, last_hash, updated_at)
         VALUES (1, ?, ?, ?, ?, NULL, NULL, ?)`,
      ).run(s.chainId, s.genesisHash, s.token, s.deployBlock, new Date().toISOString());
    },
    wipe: () => wipeChainDb(db),
    applyRange: (range, head) => applyRange(range, head),
    rollbackTo: (ancestor) => rollbackTo(ancestor),
    storedBlocksBelow: (n, limit) => q.storedBelow.all(n, limit) as { number: number; hash: string }[],
    storedBlock: (n) => (q.storedBlock.get(n) as { number: number; hash: string } | undefined) ?? null,
    prune(keepFrom) {
      db.prepare("DELETE FROM blocks WHERE number < ? AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.block_number = blocks.number)").run(keepFrom);
    },
    feeCollector: () => (q.feeCollector.get() as string | undefined) ?? null,
  };
}
