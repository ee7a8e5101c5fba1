import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { migrate, openStore, storeLocation, withStatementCache, type Store } from "../db/open";
import { CHAIN_TABLES, chainMigrations } from "./migrations";
import type { ChainDatabase, ChainDb, ChainTx } from "./schema";

export type {
  BlockRow,
  ChainDatabase,
  ChainDb,
  ChainTx,
  TokenEventKind,
  TokenEventRow,
  TransactionRow,
  TransferKind,
  TransferRow,
} from "./schema";
export { TRANSFER_KINDS } from "./schema";

export type ChainStore = Store<ChainDatabase> & {
  /**
   * The SQLite writer's connection (the one under `db`): the indexer writes its ranges through prepared
   * statements on it, inside Kysely's hold of the connection. Absent on PostgreSQL and on readers.
   */
  sqlite?: Database.Database;
};

export interface SyncState {
  chainId: number;
  genesisHash: string;
  token: string;
  deployBlock: number;
  lastBlock: number | null;
  lastHash: string | null;
  /** Minted minus burned over the indexed blocks. */
  totalSupply: bigint;
}

export interface ChainStoreOptions {
  dataDir: string;
  /** `postgres://…`: the store is schema `chain` of that database; null: `dataDir/chain.db` (SQLite, WAL). */
  databaseUrl: string | null;
  /**
   * A reader's store: never migrates. On SQLite the file is opened read-only, lazily: until the
   * indexer has created and migrated it, queries fail with ChainStoreNotReady (the reader answers
   * those as an empty chain) and the next query tries again.
   */
  readonly?: boolean;
}

/** The chain store is not there yet (no chain.db, or not migrated): read as an empty chain. */
export class ChainStoreNotReady extends Error {
  constructor() {
    super("the chain store is not created yet");
  }
}

/** True for errors that mean "the indexer has not created the store yet". */
export function isNotReady(err: unknown): boolean {
  if (err instanceof ChainStoreNotReady) return true;
  const e = err as { code?: string; message?: string };
  // PostgreSQL undefined_table; SQLite's message for a table that a later migration creates.
  return e?.code === "42P01" || (e?.code === "SQLITE_ERROR" && /no such table/.test(e.message ?? ""));
}

/** Opens the chain store: the writer (the indexer) migrates it; a reader only reads. */
export async function openChainStore(opts: ChainStoreOptions): Promise<ChainStore> {
  const file = path.join(opts.dataDir, "chain.db");
  if (opts.readonly && !opts.databaseUrl) return openSqliteReader(file);
  const store: ChainStore = opts.databaseUrl
    ? await openStore<ChainDatabase>(storeLocation(opts.databaseUrl, file, "chain"))
    : openSqliteWriter(file);
  if (!opts.readonly) {
    try {
      await migrate(store.db, chainMigrations);
    } catch (err) {
      await store.close();
      throw err;
    }
  }
  return store;
}

/** The writer's chain.db, opened as db/open.ts opens a SQLite store (WAL, synchronous NORMAL, foreign keys, busy timeout), keeping its connection. */
function openSqliteWriter(file: string): ChainStore {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new Database(file);
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = NORMAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  // A 64 MB page cache (SQLite's default is 2 MB): a range's rows go into eight indexes of transfers and five of
  // transactions at scattered places, and with 2 MB their pages were evicted and read again within the range.
  database.pragma("cache_size = -65536");
  const db = new Kysely<ChainDatabase>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
  return { db, dialect: "sqlite", sqlite: database, close: () => db.destroy() };
}

/** A read-only chain.db that is opened on first use, with a statement cache (the reads are few shapes, run often). */
function openSqliteReader(file: string): ChainStore {
  const dialect = new SqliteDialect({
    database: async () => {
      if (!fs.existsSync(file)) throw new ChainStoreNotReady();
      let d: Database.Database;
      try {
        d = new Database(file, { readonly: true, fileMustExist: true });
      } catch (err) {
        const code = (err as { code?: string }).code ?? "";
        if (code.startsWith("SQLITE_CANTOPEN") || code === "SQLITE_BUSY") throw new ChainStoreNotReady();
        throw err;
      }
      try {
        d.pragma("busy_timeout = 5000");
        // Its own 64 MB page cache: the OS may drop its file cache within a minute (on this VM 3.2 → 1.2 GB in
        // 60 s with 23 GB free), and a page of 100 lookups then read the disk again.
        d.pragma("cache_size = -65536");
        if (!d.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sync_state'").get()) throw new ChainStoreNotReady();
      } catch (err) {
        d.close();
        throw err instanceof ChainStoreNotReady || (err as { code?: string }).code === "SQLITE_BUSY" ? new ChainStoreNotReady() : err;
      }
      return withStatementCache(d, 500);
    },
  });
  const db = new Kysely<ChainDatabase>({ dialect });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

export async function readSyncState(db: ChainDb | ChainTx): Promise<SyncState | null> {
  const r = await db.selectFrom("sync_state").selectAll().where("id", "=", 1).executeTakeFirst();
  return r ? syncStateOf(r) : null;
}

/** A sync_state row as the indexer's state (numbers and the supply parsed from the stored forms). */
export function syncStateOf(r: {
  chain_id: number | string;
  genesis_hash: string;
  token: string;
  deploy_block: number | string;
  last_block: number | string | null;
  last_hash: string | null;
  total_supply: string | number | bigint;
}): SyncState {
  return {
    chainId: Number(r.chain_id),
    genesisHash: r.genesis_hash,
    token: r.token,
    deployBlock: Number(r.deploy_block),
    lastBlock: r.last_block === null ? null : Number(r.last_block),
    lastHash: r.last_hash,
    totalSupply: BigInt(r.total_supply),
  };
}

/** The fee collector set by the latest FeeCollectorChanged event, or null before the first one. */
export async function latestFeeCollector(db: ChainDb | ChainTx): Promise<string | null> {
  const r = await db
    .selectFrom("token_events")
    .select("account")
    .where("kind", "=", "fee_collector")
    .orderBy("block_number", "desc")
    .orderBy("log_index", "desc")
    .limit(1)
    .executeTakeFirst();
  return r?.account ?? null;
}

/** Empties the mirror in one transaction (the tables stay, so open readers keep working). */
export async function wipeChainStore(db: ChainDb): Promise<void> {
  await db.transaction().execute(async (tx) => {
    for (const t of CHAIN_TABLES) await tx.deleteFrom(t).execute();
  });
}
