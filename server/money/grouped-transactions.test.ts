import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAppStore, type AppStore } from "../db/app-db";
import type { AppDb } from "../db/schema";
import { dropTestDatabase, freshTestDatabase } from "../../db/testing";
import { groupedTransactions } from "./grouped-transactions";

/** Concurrent callers' transactions, committed together on SQLite: each caller's outcome is its own. */
describe("grouped transactions", () => {
  let store: AppStore;
  let dataDir: string;
  let databaseUrl: string | null;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "krw-group-"));
    databaseUrl = await freshTestDatabase();
    store = await openAppStore({ dataDir, databaseUrl });
  });
  afterAll(async () => {
    await store?.close();
    await dropTestDatabase(databaseUrl);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const nonce = (address: string) =>
    store.db.selectFrom("wallet_nonces").select("next_nonce").where("address", "=", address).executeTakeFirst();
  const bump = (address: string) => (trx: Parameters<Parameters<ReturnType<typeof groupedTransactions>>[0]>[0]) =>
    trx
      .insertInto("wallet_nonces")
      .values({ address, next_nonce: 1 })
      .onConflict((oc) => oc.column("address").doUpdateSet({ next_nonce: sql`wallet_nonces.next_nonce + 1` }))
      .returning("next_nonce")
      .executeTakeFirstOrThrow();

  it("commits each caller's work, rolls back only the caller that threw, and later callers see earlier ones' writes", async () => {
    const run = groupedTransactions(store.db);
    const a = "0x00000000000000000000000000000000000000a1";
    const b = "0x00000000000000000000000000000000000000b2";
    const calls = [
      run(async (trx) => (await bump(a)(trx)).next_nonce),
      run(async (trx) => {
        await bump(b)(trx);
        throw new Error("refused");
      }),
      ...Array.from({ length: 20 }, () => run(async (trx) => (await bump(a)(trx)).next_nonce)),
    ];
    const outcomes = await Promise.allSettled(calls);
    expect(outcomes[1]).toMatchObject({ status: "rejected", reason: new Error("refused") });
    const value = (o: PromiseSettledResult<unknown>) => (o.status === "fulfilled" ? Number(o.value) : null);
    const seen = outcomes.slice(2).map(value);
    // Each caller saw the one before it: the nonces are 1..21, each once. On SQLite (one group after another on the
    // one writer) in the callers' order: the first caller 1, the others 2..21. On PostgreSQL (a transaction each, row
    // locks) in the order the locks fell, which need not be the callers' (a test:pg run of 2026-11-27 saw the first
    // caller take 8).
    if (databaseUrl)
      expect([value(outcomes[0]), ...seen].sort((x, y) => Number(x) - Number(y))).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    else expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    expect((await nonce(a))?.next_nonce).toBe(21);
    // The refused caller's write is not recorded.
    expect(await nonce(b)).toBeUndefined();
    // And the next calls run as usual.
    expect((await run(bump(b))).next_nonce).toBe(1);
  });

  it("a first caller that throws is rolled back alone; the callers queued behind it are committed", async () => {
    const run = groupedTransactions(store.db);
    const c = "0x00000000000000000000000000000000000000c3";
    const d = "0x00000000000000000000000000000000000000d4";
    const outcomes = await Promise.allSettled([
      run(async (trx) => {
        await bump(d)(trx);
        await new Promise((r) => setTimeout(r, 5)); // the others queue meanwhile
        throw new Error("first refused");
      }),
      ...Array.from({ length: 5 }, () => run(async (trx) => (await bump(c)(trx)).next_nonce)),
    ]);
    expect(outcomes[0]).toMatchObject({ status: "rejected", reason: new Error("first refused") });
    const seen = outcomes.slice(1).map((o) => (o.status === "fulfilled" ? o.value : null));
    if (databaseUrl) expect([...seen].sort((x, y) => Number(x) - Number(y))).toEqual([1, 2, 3, 4, 5]);
    else expect(seen).toEqual([1, 2, 3, 4, 5]);
    expect(await nonce(d)).toBeUndefined();
    expect((await nonce(c))?.next_nonce).toBe(5);
  });

  it("on SQLite, payments whose requests arrive in the same turn share one commit, each after its own reads", async () => {
    // A connection of its own whose statements are counted (Kysely's log sees the transactions' BEGIN too).
    let begins = 0;
    const file = path.join(dataDir, "count.db");
    const db = new Kysely<never>({
      dialect: new SqliteDialect({ database: new Database(file) }),
      log: (e) => void (e.query.sql.toLowerCase() === "begin" && begins++),
    }) as unknown as AppDb;
    try {
      await sql`CREATE TABLE n (k TEXT PRIMARY KEY, v INTEGER NOT NULL)`.execute(db);
      const run = groupedTransactions(db);
      // As a payment does: reads first (its session, member, PIN…), then its transaction.
      const pay = async (k: string) => {
        await sql`SELECT v FROM n WHERE k = ${k}`.execute(db);
        await sql`SELECT count(*) FROM n`.execute(db);
        return run(async (trx) => {
          await sql`INSERT INTO n (k, v) VALUES (${k}, 1)`.execute(trx);
          return k;
        });
      };
      begins = 0;
      const keys = Array.from({ length: 10 }, (_, i) => `k${i}`);
      // Each request is a callback of its own in one turn of the event loop, as requests read from their sockets are.
      const arrive = (k: string) => new Promise<string>((resolve, reject) => setImmediate(() => pay(k).then(resolve, reject)));
      expect(await Promise.all(keys.map(arrive))).toEqual(keys);
      expect(begins).toBe(1);
      const rows = await sql<{ c: number }>`SELECT count(*) AS c FROM n`.execute(db);
      expect(rows.rows[0].c).toBe(10);
    } finally {
      await (db as unknown as Kysely<never>).destroy();
    }
  });
});
