import { ethers } from "ethers";
import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";
import { isNotReady, latestFeeCollector, readSyncState, type ChainStore, type SyncState } from "./db";
import type { ChainDatabase, TokenEventKind, TokenEventRow, TransactionRow, TransferKind, TransferRow } from "./schema";

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

export interface AllTransfersQuery extends TimeRange {
  kinds?: TransferKind[];
  addresses?: string[];
  txHash?: string;
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

/**
 * The server's read-only view of the chain store. Every method is async and reads one snapshot per
 * statement; newest first everywhere. Until the indexer has created the store, every read answers as
 * an empty chain.
 */
export interface ChainReader {
  balanceOf(address: string): Promise<bigint>;
  /** The indexed balance of `address` and the indexed head, read in one statement (one snapshot). */
  balanceAndHead(address: string): Promise<{ balance: bigint; head: number | null }>;
  /** The indexed balances of many addresses in one read (absent: zero), keyed by checksummed address. */
  balancesOf(addresses: string[]): Promise<Map<string, bigint>>;
  indexedHead(): Promise<{ number: number; hash: string } | null>;
  syncState(): Promise<SyncState | null>;
  transaction(hash: string): Promise<TransactionDetail | null>;
  transfersOf(address: string, q?: TransferQuery): Promise<Page<TransferRecord>>;
  countTransfersOf(address: string, q?: Omit<TransferQuery, "limit" | "offset">): Promise<number>;
  transfersByTx(hash: string): Promise<TransferRecord[]>;
  /** Every token transfer, newest first: by kind, time, transaction, or touching any of `addresses`. */
  transfers(q?: AllTransfersQuery): Promise<Page<TransferRecord>>;
  /** The indexed transactions of these hashes (gas, status, method), for a page of transfers. */
  transactionsByHash(hashes: string[]): Promise<Map<string, TransactionRecord>>;
  /** The hash of an indexed block (blocks holding token activity are kept). */
  blockHash(n: number): Promise<string | null>;
  /** Non-zero balances in address order after `after` (for walking every holder in batches). */
  balancesAfter(after: string | null, limit: number): Promise<Holder[]>;
  /** Holders with a non-zero balance, largest first, and the sum of all balances. */
  holders(q?: { limit?: number; offset?: number }): Promise<Page<Holder> & { totalBalance: bigint }>;
  /** Minted minus burned over the indexed blocks (kept by the indexer, not summed on read). */
  totalSupply(): Promise<bigint>;
  isBlocked(address: string): Promise<boolean>;
  blockedAccounts(): Promise<string[]>;
  isPaused(): Promise<boolean>;
  feeCollector(): Promise<string | null>;
  transactions(q?: TransactionQuery): Promise<Page<TransactionRecord>>;
  tokenEvents(q?: TokenEventQuery): Promise<Page<TokenEventRecord>>;
  /** What became of one authorization nonce: auth_used / auth_canceled / auth_failed events, oldest first. */
  authorizationEvents(authorizer: string, nonce: string): Promise<TokenEventRecord[]>;
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

type Table = "transfers" | "transactions" | "token_events";
type Where<T extends Table> = (eb: ExpressionBuilder<ChainDatabase, T>) => Expression<SqlBool>[];

/** Seconds bounds of a half-open Date range on a `timestamp` column. */
function timeConditions<T extends Table>(q: TimeRange): Where<T> {
  return (eb) => {
    const ref = eb.ref("timestamp" as never) as unknown as Expression<number>;
    const out: Expression<SqlBool>[] = [];
    if (q.from) out.push(eb(ref, ">=", Math.ceil(q.from.getTime() / 1000)));
    if (q.to) out.push(eb(ref, "<", Math.ceil(q.to.getTime() / 1000)));
    return out;
  };
}

const normHash = (h: string) => h.toLowerCase();

/** Reads of the chain store (`openChainStore({ …, readonly: true })`). The store stays the caller's to close. */
export function createChainReader(store: ChainStore): ChainReader {
  const { db } = store;
  const pgsql = store.dialect === "postgres";

  /** A read of a store the indexer has not created yet answers `empty`. */
  async function guard<T>(empty: T, read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (err) {
      if (isNotReady(err)) return empty;
      throw err;
    }
  }
  const emptyPage = <T>(): Page<T> => ({ items: [], total: 0 });

  /** One page of `table` under `where` (newest first by `order`) and the total count. */
  function page<T extends Table, R, O>(table: T, where: Where<T>, order: [string, string], q: { limit?: number; offset?: number }, map: (r: R) => O): Promise<Page<O>> {
    return guard(emptyPage<O>(), async () => {
      const base = (db.selectFrom(table) as unknown as SelectQueryBuilder<ChainDatabase, T, object>).where((eb) => eb.and(where(eb)));
      const rows = await base
        .selectAll()
        .orderBy(sql.ref(order[0]), "desc")
        .orderBy(sql.ref(order[1]), "desc")
        .limit(q.limit ?? DEFAULT_LIMIT)
        .offset(q.offset ?? 0)
        .execute();
      const count = await base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
      return { items: (rows as R[]).map(map), total: Number((count as { n: number | string } | undefined)?.n ?? 0) };
    });
  }

  function transferWhere(address: string, q: Omit<TransferQuery, "limit" | "offset">): Where<"transfers"> {
    const a = ethers.getAddress(address);
    return (eb) => [
      q.direction === "in" ? eb("to", "=", a) : q.direction === "out" ? eb("from", "=", a) : eb.or([eb("from", "=", a), eb("to", "=", a)]),
      ...(q.kinds?.length ? [eb("kind", "in", q.kinds)] : []),
      ...timeConditions<"transfers">(q)(eb),
    ];
  }

  /** The latest of two opposite token events (block/unblock, paused/unpaused), optionally of one account. */
  async function latestOf(kinds: [TokenEventKind, TokenEventKind], account?: string): Promise<TokenEventKind | undefined> {
    let q = db.selectFrom("token_events").select("kind").where("kind", "in", kinds);
    if (account) q = q.where("account", "=", account);
    const r = await q.orderBy("block_number", "desc").orderBy("log_index", "desc").limit(1).executeTakeFirst();
    return r?.kind;
  }

  const reader: ChainReader = {
    balanceOf(address) {
      return guard(0n, async () => {
        const r = await db.selectFrom("balances").select("balance").where("address", "=", ethers.getAddress(address)).executeTakeFirst();
        return r ? BigInt(r.balance) : 0n;
      });
    },
    balancesOf(addresses) {
      return guard(new Map<string, bigint>(), async () => {
        const list = [...new Set(addresses.map((a) => ethers.getAddress(a)))];
        const out = new Map<string, bigint>();
        // One statement per 5,000 addresses keeps under both stores' bound-parameter limits.
        for (let i = 0; i < list.length; i += 5000) {
          const rows = await db.selectFrom("balances").select(["address", "balance"]).where("address", "in", list.slice(i, i + 5000)).execute();
          for (const r of rows) out.set(r.address, BigInt(r.balance));
        }
        return out;
      });
    },
    balanceAndHead(address) {
      const a = ethers.getAddress(address);
      return guard({ balance: 0n, head: null }, async () => {
        const r = await db
          .selectNoFrom((eb) => [
            eb.selectFrom("balances").select("balance").where("address", "=", a).as("balance"),
            eb.selectFrom("sync_state").select("last_block").where("id", "=", 1).as("head"),
          ])
          .executeTakeFirstOrThrow();
        return { balance: BigInt(r.balance ?? "0"), head: r.head === null ? null : Number(r.head) };
      });
    },
    indexedHead() {
      return guard(null, async () => {
        const r = await db.selectFrom("sync_state").select(["last_block", "last_hash"]).where("id", "=", 1).executeTakeFirst();
        return r && r.last_block !== null && r.last_hash !== null ? { number: Number(r.last_block), hash: r.last_hash } : null;
      });
    },
    syncState() {
      return guard(null, () => readSyncState(db));
    },
    transaction(hash) {
      return guard(null, async () => {
        const row = await db.selectFrom("transactions").selectAll().where("hash", "=", normHash(hash)).executeTakeFirst();
        if (!row) return null;
        const events = await db.selectFrom("token_events").selectAll().where("tx_hash", "=", row.hash).orderBy("log_index").execute();
        return { ...toTransaction(row), transfers: await reader.transfersByTx(row.hash), events: events.map(toEvent) };
      });
    },
    transfersOf(address, q = {}) {
      return page("transfers", transferWhere(address, q), ["block_number", "log_index"], q, toTransfer);
    },
    countTransfersOf(address, q = {}) {
      const where = transferWhere(address, q);
      return guard(0, async () => {
        const r = await db
          .selectFrom("transfers")
          .where((eb) => eb.and(where(eb)))
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirst();
        return Number(r?.n ?? 0);
      });
    },
    transfersByTx(hash) {
      return guard([], async () => (await db.selectFrom("transfers").selectAll().where("tx_hash", "=", normHash(hash)).orderBy("log_index").execute()).map(toTransfer));
    },
    holders(q = {}) {
      return guard({ items: [], total: 0, totalBalance: 0n }, async () => {
        let rows = db.selectFrom("balances").select(["address", "balance"]).where("balance", "!=", "0");
        // PostgreSQL orders numeric; SQLite keeps decimal text without leading zeros: longer is larger, then lexical.
        rows = pgsql ? rows.orderBy("balance", "desc") : rows.orderBy(sql`length(balance)`, "desc").orderBy("balance", "desc");
        const items = await rows
          .orderBy("address")
          .limit(q.limit ?? DEFAULT_LIMIT)
          .offset(q.offset ?? 0)
          .execute();
        const count = await db
          .selectFrom("balances")
          .where("balance", "!=", "0")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirst();
        return {
          items: items.map((r) => ({ address: r.address, balance: BigInt(r.balance) })),
          total: Number(count?.n ?? 0),
          totalBalance: await reader.totalSupply(),
        };
      });
    },
    totalSupply() {
      return guard(0n, async () => {
        const r = await db.selectFrom("sync_state").select("total_supply").where("id", "=", 1).executeTakeFirst();
        return BigInt(r?.total_supply ?? "0");
      });
    },
    isBlocked(address) {
      return guard(false, async () => (await latestOf(["block", "unblock"], ethers.getAddress(address))) === "block");
    },
    blockedAccounts() {
      return guard([], async () => {
        const rows = await db
          .selectFrom("token_events as e")
          .select("e.account")
          .where("e.kind", "=", "block")
          .where(({ not, exists, selectFrom, eb }) =>
            not(
              exists(
                selectFrom("token_events as u")
                  .select("u.log_index")
                  .whereRef("u.account", "=", "e.account")
                  .where("u.kind", "in", ["block", "unblock"])
                  .where((w) =>
                    w.or([w("u.block_number", ">", w.ref("e.block_number")), w.and([w("u.block_number", "=", w.ref("e.block_number")), w("u.log_index", ">", w.ref("e.log_index"))])]),
                  ),
              ),
            ),
          )
          .orderBy("e.block_number", "desc")
          .execute();
        return rows.map((r) => r.account!);
      });
    },
    isPaused() {
      return guard(false, async () => (await latestOf(["paused", "unpaused"])) === "paused");
    },
    feeCollector() {
      return guard(null, () => latestFeeCollector(db));
    },
    transactions(q = {}) {
      const a = q.address ? ethers.getAddress(q.address) : null;
      const where: Where<"transactions"> = (eb) => [
        ...(a
          ? [
              eb.or([
                eb("from", "=", a),
                eb("to", "=", a),
                eb("hash", "in", eb.selectFrom("transfers").select("tx_hash").where((t) => t.or([t("from", "=", a), t("to", "=", a)]))),
                eb("hash", "in", eb.selectFrom("token_events").select("tx_hash").where("account", "=", a)),
              ]),
            ]
          : []),
        ...(q.status !== undefined ? [eb("status", "=", q.status)] : []),
        ...(q.method ? [eb("method", "=", q.method)] : []),
        ...timeConditions<"transactions">(q)(eb),
      ];
      return page("transactions", where, ["block_number", "tx_index"], q, toTransaction);
    },
    tokenEvents(q = {}) {
      const kinds = q.kind === undefined ? [] : Array.isArray(q.kind) ? q.kind : [q.kind];
      const account = q.account ? ethers.getAddress(q.account) : null;
      const where: Where<"token_events"> = (eb) => [
        ...(kinds.length ? [eb("kind", "in", kinds)] : []),
        ...(account ? [eb("account", "=", account)] : []),
        ...timeConditions<"token_events">(q)(eb),
      ];
      return page("token_events", where, ["block_number", "log_index"], q, toEvent);
    },
    transfers(q = {}) {
      const addresses = q.addresses?.map((a) => ethers.getAddress(a));
      if (addresses && addresses.length === 0) return Promise.resolve(emptyPage<TransferRecord>());
      const where: Where<"transfers"> = (eb) => [
        ...(q.kinds?.length ? [eb("kind", "in", q.kinds)] : []),
        ...(q.txHash ? [eb("tx_hash", "=", normHash(q.txHash))] : []),
        ...(addresses ? [eb.or([eb("from", "in", addresses), eb("to", "in", addresses)])] : []),
        ...timeConditions<"transfers">(q)(eb),
      ];
      return page("transfers", where, ["block_number", "log_index"], q, toTransfer);
    },
    transactionsByHash(hashes) {
      return guard(new Map<string, TransactionRecord>(), async () => {
        const list = [...new Set(hashes.map(normHash))];
        if (list.length === 0) return new Map();
        const rows = await db.selectFrom("transactions").selectAll().where("hash", "in", list).execute();
        return new Map(rows.map((r) => [r.hash, toTransaction(r)]));
      });
    },
    blockHash(n) {
      return guard(null, async () => (await db.selectFrom("blocks").select("hash").where("number", "=", n).executeTakeFirst())?.hash ?? null);
    },
    balancesAfter(after, limit) {
      return guard([], async () => {
        let q = db.selectFrom("balances").select(["address", "balance"]).where("balance", "!=", "0");
        if (after) q = q.where("address", ">", after);
        const rows = await q.orderBy("address").limit(limit).execute();
        return rows.map((r) => ({ address: r.address, balance: BigInt(r.balance) }));
      });
    },
    authorizationEvents(authorizer, nonce) {
      return guard([], async () => {
        const rows = await db
          .selectFrom("token_events")
          .selectAll()
          .where("nonce", "=", nonce.toLowerCase())
          .where("account", "=", ethers.getAddress(authorizer))
          .where("kind", "in", ["auth_used", "auth_canceled", "auth_failed"])
          .orderBy("block_number")
          .orderBy("log_index")
          .execute();
        return rows.map(toEvent);
      });
    },
  };
  return reader;
}
