import fs from "node:fs";
import Database from "better-sqlite3";
import { ethers } from "ethers";
import {
  readSyncState,
  type SyncState,
  type TokenEventKind,
  type TokenEventRow,
  type TransactionRow,
  type TransferKind,
  type TransferRow,
} from "./db";

export interface TransferRecord {
  txHash: string;
  logIndex: number;
  blockNumber: number;
  from: string;
  to: string;
  value: bigint;
  kind: TransferKind;
  timestamp: Date;
}

export interface TransactionRecord {
  hash: string;
  blockNumber: number;
  txIndex: number;
  from: string;
  to: string | null;
  /** 1 success, 0 reverted. */
  status: number;
  gasUsed: bigint;
  gasPrice: bigint;
  /** The token function called (`transferWithAuthorization`, `mint`, …), `constructor`, or null. */
  method: string | null;
  value: bigint;
  timestamp: Date;
}

export interface TokenEventRecord {
  blockNumber: number;
  txHash: string;
  logIndex: number;
  kind: TokenEventKind;
  actor: string | null;
  account: string | null;
  nonce: string | null;
  amount: bigint | null;
  data: Record<string, unknown> | null;
  timestamp: Date;
}

export interface TransactionDetail extends TransactionRecord {
  transfers: TransferRecord[];
  events: TokenEventRecord[];
}

export interface Page<T> {
  items: T[];
  total: number;
}

/** Date ranges are half-open: `from` inclusive, `to` exclusive. */
export interface TimeRange {
  from?: Date;
  to?: Date;
}

export interface TransferQuery extends TimeRange {
  kinds?: TransferKind[];
  /** Only incoming or only outgoing (default both). */
  direction?: "in" | "out";
  limit?: number;
  offset?: number;
}

export interface TransactionQuery extends TimeRange {
  /** Sender, recipient, a party of one of its transfers, or the account of one of its token events. */
  address?: string;
  status?: 0 | 1;
  method?: string;
  limit?: number;
  offset?: number;
}

export interface TokenEventQuery extends TimeRange {
  kind?: TokenEventKind | TokenEventKind[];
  account?: string;
  limit?: number;
  offset?: number;
}

export interface Holder {
  address: string;
  balance: bigint;
}

/** The server's read-only view of chain.db. Every method is synchronous; newest first everywhere. */
export interface ChainReader {
  balanceOf(address: string): bigint;
  indexedHead(): { number: number; hash: string } | null;
  syncState(): SyncState | null;
  transaction(hash: string): TransactionDetail | null;
  transfersOf(address: string, q?: TransferQuery): Page<TransferRecord>;
  countTransfersOf(address: string, q?: Omit<TransferQuery, "limit" | "offset">): number;
  transfersByTx(hash: string): TransferRecord[];
  /** Holders with a non-zero balance, largest first, and the sum of all balances. */
  holders(q?: { limit?: number; offset?: number }): Page<Holder> & { totalBalance: bigint };
  totalSupply(): bigint;
  isBlocked(address: string): boolean;
  blockedAccounts(): string[];
  isPaused(): boolean;
  feeCollector(): string | null;
  transactions(q?: TransactionQuery): Page<TransactionRecord>;
  tokenEvents(q?: TokenEventQuery): Page<TokenEventRecord>;
  /** What became of one authorization nonce: auth_used / auth_canceled / auth_failed events, oldest first. */
  authorizationEvents(authorizer: string, nonce: string): TokenEventRecord[];
  close(): void;
}

const DEFAULT_LIMIT = 100;

const toTransfer = (r: TransferRow): TransferRecord => ({
  txHash: r.tx_hash,
  logIndex: r.log_index,
  blockNumber: r.block_number,
  from: r.from,
  to: r.to,
  value: BigInt(r.value),
  kind: r.kind,
  timestamp: new Date(r.timestamp * 1000),
});

const toTransaction = (r: TransactionRow): TransactionRecord => ({
  hash: r.hash,
  blockNumber: r.block_number,
  txIndex: r.tx_index,
  from: r.from,
  to: r.to,
  status: r.status,
  gasUsed: BigInt(r.gas_used),
  gasPrice: BigInt(r.gas_price),
  method: r.method,
  value: BigInt(r.value),
  timestamp: new Date(r.timestamp * 1000),
});

const toEvent = (r: TokenEventRow): TokenEventRecord => ({
  blockNumber: r.block_number,
  txHash: r.tx_hash,
  logIndex: r.log_index,
  kind: r.kind,
  actor: r.actor,
  account: r.account,
  nonce: r.nonce,
  amount: r.amount === null ? null : BigInt(r.amount),
  data: r.data ? JSON.parse(r.data) : null,
  timestamp: new Date(r.timestamp * 1000),
});

/** Seconds bounds of a half-open Date range, as SQL conditions on a `timestamp` column. */
function timeConditions(q: TimeRange, column: string, where: string[], args: unknown[]): void {
  if (q.from) {
    where.push(`${column} >= ?`);
    args.push(Math.ceil(q.from.getTime() / 1000));
  }
  if (q.to) {
    where.push(`${column} < ?`);
    args.push(Math.ceil(q.to.getTime() / 1000));
  }
}

const whereSql = (where: string[]) => (where.length ? `WHERE ${where.join(" AND ")}` : "");
const normHash = (h: string) => h.toLowerCase();

/**
 * Opens chain.db read-only. The file may not exist yet (the indexer creates it): until it does,
 * every read answers as an empty chain, and the reader opens it on a later call.
 */
export function createChainReader(dbPath: string): ChainReader {
  let db: Database.Database | null = null;
  let closed = false;
  const statements = new Map<string, Database.Statement>();

  function conn(): Database.Database | null {
    if (db || closed) return db;
    if (!fs.existsSync(dbPath)) return null;
    let opened: Database.Database;
    try {
      opened = new Database(dbPath, { readonly: true, fileMustExist: true });
      opened.pragma("busy_timeout = 5000");
      const ready = opened.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sync_state'").get();
      if (!ready) {
        // Created but not migrated yet: try again on the next call.
        opened.close();
        return null;
      }
    } catch (err) {
      if ((err as { code?: string }).code?.startsWith("SQLITE_CANTOPEN") || (err as { code?: string }).code === "SQLITE_BUSY") return null;
      throw err;
    }
    db = opened;
    return db;
  }

  function stmt(sql: string): Database.Statement | null {
    const d = conn();
    if (!d) return null;
    let s = statements.get(sql);
    if (!s) {
      s = d.prepare(sql);
      statements.set(sql, s);
    }
    return s;
  }

  const all = <T>(sql: string, ...args: unknown[]): T[] => (stmt(sql)?.all(...args) as T[] | undefined) ?? [];
  const get = <T>(sql: string, ...args: unknown[]): T | undefined => stmt(sql)?.get(...args) as T | undefined;
  const count = (sql: string, ...args: unknown[]): number => get<{ n: number }>(sql, ...args)?.n ?? 0;
  /** One page of `table` under `where` (newest first by `order`) and the total count. */
  const page = <R, T>(table: string, where: string, args: unknown[], order: string, q: { limit?: number; offset?: number }, map: (r: R) => T): Page<T> => ({
    items: all<R>(`SELECT * FROM ${table} ${where} ORDER BY ${order} LIMIT ? OFFSET ?`, ...args, q.limit ?? DEFAULT_LIMIT, q.offset ?? 0).map(map),
    total: count(`SELECT COUNT(*) AS n FROM ${table} ${where}`, ...args),
  });

  function transferWhere(address: string, q: Omit<TransferQuery, "limit" | "offset">) {
    const a = ethers.getAddress(address);
    const where: string[] = [];
    const args: unknown[] = [];
    if (q.direction === "in") (where.push('"to" = ?'), args.push(a));
    else if (q.direction === "out") (where.push('"from" = ?'), args.push(a));
    else (where.push('("from" = ? OR "to" = ?)'), args.push(a, a));
    if (q.kinds?.length) (where.push(`kind IN (${q.kinds.map(() => "?").join(", ")})`), args.push(...q.kinds));
    timeConditions(q, "timestamp", where, args);
    return { sql: whereSql(where), args };
  }

  function latestOf(kinds: [TokenEventKind, TokenEventKind], account?: string): TokenEventKind | undefined {
    const accountSql = account ? "AND account = ?" : "";
    const args: unknown[] = account ? [kinds[0], kinds[1], account] : [kinds[0], kinds[1]];
    return get<{ kind: TokenEventKind }>(
      `SELECT kind FROM token_events WHERE kind IN (?, ?) ${accountSql} ORDER BY block_number DESC, log_index DESC LIMIT 1`,
      ...args,
    )?.kind;
  }

  const reader: ChainReader = {
    balanceOf(address) {
      const row = get<{ balance: string }>("SELECT balance FROM balances WHERE address = ?", ethers.getAddress(address));
      return row ? BigInt(row.balance) : 0n;
    },
    indexedHead() {
      const s = reader.syncState();
      return s && s.lastBlock !== null && s.lastHash !== null ? { number: s.lastBlock, hash: s.lastHash } : null;
    },
    syncState() {
      const d = conn();
      return d ? readSyncState(d) : null;
    },
    transaction(hash) {
      const row = get<TransactionRow>("SELECT * FROM transactions WHERE hash = ?", normHash(hash));
      if (!row) return null;
      return {
        ...toTransaction(row),
        transfers: reader.transfersByTx(row.hash),
        events: all<TokenEventRow>("SELECT * FROM token_events WHERE tx_hash = ? ORDER BY log_index", row.hash).map(toEvent),
      };
    },
    transfersOf(address, q = {}) {
      const { sql, args } = transferWhere(address, q);
      return page<TransferRow, ReturnType<typeof toTransfer>>("transfers", sql, args, "block_number DESC, log_index DESC", q, toTransfer);
    },
    countTransfersOf(address, q = {}) {
      const { sql, args } = transferWhere(address, q);
      return count(`SELECT COUNT(*) AS n FROM transfers ${sql}`, ...args);
    },
    transfersByTx(hash) {
      return all<TransferRow>("SELECT * FROM transfers WHERE tx_hash = ? ORDER BY log_index", normHash(hash)).map(toTransfer);
    },
    holders(q = {}) {
      // Balances are decimal TEXT without leading zeros: longer is larger, then lexical order.
      const items = all<{ address: string; balance: string }>(
        "SELECT address, balance FROM balances WHERE balance != '0' ORDER BY length(balance) DESC, balance DESC, address LIMIT ? OFFSET ?",
        q.limit ?? DEFAULT_LIMIT,
        q.offset ?? 0,
      ).map((r) => ({ address: r.address, balance: BigInt(r.balance) }));
      return { items, total: count("SELECT COUNT(*) AS n FROM balances WHERE balance != '0'"), totalBalance: reader.totalSupply() };
    },
    totalSupply() {
      return all<{ balance: string }>("SELECT balance FROM balances").reduce((acc, r) => acc + BigInt(r.balance), 0n);
    },
    isBlocked(address) {
      return latestOf(["block", "unblock"], ethers.getAddress(address)) === "block";
    },
    blockedAccounts() {
      return all<{ account: string }>(
        `SELECT account FROM token_events e WHERE kind = 'block' AND NOT EXISTS (
           SELECT 1 FROM token_events u WHERE u.account = e.account AND u.kind IN ('block', 'unblock')
             AND (u.block_number > e.block_number OR (u.block_number = e.block_number AND u.log_index > e.log_index)))
         ORDER BY block_number DESC`,
      ).map((r) => r.account);
    },
    isPaused() {
      return latestOf(["paused", "unpaused"]) === "paused";
    },
    feeCollector() {
      return get<{ account: string }>("SELECT account FROM token_events WHERE kind = 'fee_collector' ORDER BY block_number DESC, log_index DESC LIMIT 1")?.account ?? null;
    },
    transactions(q = {}) {
      const where: string[] = [];
      const args: unknown[] = [];
      if (q.address) {
        const a = ethers.getAddress(q.address);
        where.push(
          `("from" = ? OR "to" = ? OR hash IN (SELECT tx_hash FROM transfers WHERE "from" = ? OR "to" = ?)
            OR hash IN (SELECT tx_hash FROM token_events WHERE account = ?))`,
        );
        args.push(a, a, a, a, a);
      }
      if (q.status !== undefined) (where.push("status = ?"), args.push(q.status));
      if (q.method) (where.push("method = ?"), args.push(q.method));
      timeConditions(q, "timestamp", where, args);
      const sql = whereSql(where);
      return page<TransactionRow, ReturnType<typeof toTransaction>>("transactions", sql, args, "block_number DESC, tx_index DESC", q, toTransaction);
    },
    tokenEvents(q = {}) {
      const where: string[] = [];
      const args: unknown[] = [];
      const kinds = q.kind === undefined ? [] : Array.isArray(q.kind) ? q.kind : [q.kind];
      if (kinds.length) (where.push(`kind IN (${kinds.map(() => "?").join(", ")})`), args.push(...kinds));
      if (q.account) (where.push("account = ?"), args.push(ethers.getAddress(q.account)));
      timeConditions(q, "timestamp", where, args);
      const sql = whereSql(where);
      return page<TokenEventRow, ReturnType<typeof toEvent>>("token_events", sql, args, "block_number DESC, log_index DESC", q, toEvent);
    },
    authorizationEvents(authorizer, nonce) {
      return all<TokenEventRow>(
        `SELECT * FROM token_events WHERE nonce = ? AND account = ? AND kind IN ('auth_used', 'auth_canceled', 'auth_failed')
         ORDER BY block_number, log_index`,
        nonce.toLowerCase(),
        ethers.getAddress(authorizer),
      ).map(toEvent);
    },
    close() {
      closed = true;
      statements.clear();
      db?.close();
      db = null;
    },
  };
  return reader;
}
