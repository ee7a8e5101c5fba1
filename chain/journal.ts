import { sql, type Generated, type Kysely, type Migration } from "kysely";
import { migrate, openStore } from "../db/open";

/**
 * Write-ahead journal of every raw transaction the project sends (and the few node RPCs that change
 * state, like hardhat_setBalance). A Hardhat node keeps state in memory only; replaying the journal
 * against a fresh node, in order and with the same block timestamps, brings back the same chain.
 * It is always a SQLite file of its own (the embedded node's log, whatever store the app uses).
 */
export interface JournalEntry {
  seq: number;
  kind: "raw" | "rpc";
  /** raw: the signed transaction; rpc: JSON {method, params}. */
  payload: string;
  /** Block timestamp the entry was sent for (seconds), or null. */
  ts: number | null;
  hash: string | null;
}

export interface JournalDatabase {
  journal: {
    seq: Generated<number>;
    kind: "raw" | "rpc";
    payload: string;
    ts: number | null;
    hash: string | null;
    created_at: Generated<string>;
  };
}

export interface Journal {
  /** Durable (synchronous=FULL) when it resolves: call before the transaction leaves the process. */
  append(e: Omit<JournalEntry, "seq">): Promise<number>;
  /** Every entry in memory: for tests and small journals; a replay reads `pages()`. */
  entries(): Promise<JournalEntry[]>;
  /**
   * The entries after `afterSeq` in seq order, one page (at most `pageSize`, default 500) at a time: memory stays
   * one page whatever the journal's length. Reads by primary key (seq > last seen), never OFFSET.
   */
  pages(opts?: { afterSeq?: number; pageSize?: number }): AsyncGenerator<JournalEntry[]>;
  lastTimestamp(): Promise<number>;
  count(): Promise<number>;
  /** The signed transactions journaled under these hashes, the newest first (a dropped one is sent again as it was). */
  rawOf(hashes: string[]): Promise<{ hash: string; payload: string }[]>;
  close(): Promise<void>;
}

/** Date-named, append-only. The first adopts a journal made by the previous version (same table, IF NOT EXISTS). */
export const journalMigrations: Record<string, Migration> = {
  "2026-11-21-journal": {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("journal")
        .ifNotExists()
        .addColumn("seq", "integer", (c) => c.primaryKey().autoIncrement())
        .addColumn("kind", "text", (c) => c.notNull().check(sql`kind IN ('raw','rpc')`))
        .addColumn("payload", "text", (c) => c.notNull())
        .addColumn("ts", "integer")
        .addColumn("hash", "text")
        .addColumn("created_at", "text", (c) => c.notNull().defaultTo(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`))
        .execute();
    },
  },
};

export async function openJournal(file: string): Promise<Journal> {
  const store = await openStore<JournalDatabase>({ kind: "sqlite", file, synchronous: "FULL" });
  const { db } = store;
  try {
    await migrate(db, journalMigrations);
  } catch (err) {
    await store.close();
    throw err;
  }
  return {
    async append(e) {
      const r = await db
        .insertInto("journal")
        .values({ kind: e.kind, payload: e.payload, ts: e.ts, hash: e.hash })
        .executeTakeFirstOrThrow();
      return Number(r.insertId);
    },
    entries: () => db.selectFrom("journal").select(["seq", "kind", "payload", "ts", "hash"]).orderBy("seq").execute(),
    async *pages(o = {}) {
      const size = Math.max(1, o.pageSize ?? 500);
      let after = o.afterSeq ?? 0;
      for (;;) {
        const page = await db
          .selectFrom("journal")
          .select(["seq", "kind", "payload", "ts", "hash"])
          .where("seq", ">", after)
          .orderBy("seq")
          .limit(size)
          .execute();
        if (page.length === 0) return;
        yield page;
        if (page.length < size) return;
        after = page[page.length - 1].seq;
      }
    },
    async lastTimestamp() {
      const r = await db
        .selectFrom("journal")
        .select((eb) => eb.fn.max("ts").as("ts"))
        .executeTakeFirst();
      return r?.ts ?? 0;
    },
    async count() {
      const r = await db
        .selectFrom("journal")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async rawOf(hashes) {
      if (hashes.length === 0) return [];
      const rows = await db
        .selectFrom("journal")
        .select(["hash", "payload"])
        .where("kind", "=", "raw")
        .where("hash", "in", hashes)
        .orderBy("seq", "desc")
        .execute();
      return rows.map((r) => ({ hash: r.hash!, payload: r.payload }));
    },
    close: () => store.close(),
  };
}
