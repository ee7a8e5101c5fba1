import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { durably, openStore, type Store } from "./open";

/** `durably` on SQLite: the commits it runs sync the write-ahead log (synchronous FULL), the store's others do not. */
describe("durably (SQLite)", () => {
  let dir: string;
  let store: Store<{ t: { id: number; v: string } }>;
  const level = async (db: typeof store.db) => (await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0].synchronous;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "krw-durably-"));
    store = await openStore({ kind: "sqlite", file: path.join(dir, "a.db") });
    await sql`create table t (id integer primary key, v text)`.execute(store.db);
  });
  afterAll(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("runs its work at FULL on the held connection and gives it back at NORMAL, also after a failure", async () => {
    expect(await level(store.db)).toBe(1); // NORMAL
    // A query of another task issued meanwhile waits for the connection: it does not run at FULL by accident, nor
    // does the work run at NORMAL.
    let other: Promise<number> | undefined;
    const seen = await durably(store.db, async (conn) => {
      other = level(store.db);
      await conn.insertInto("t").values({ id: 1, v: "a" }).execute();
      return level(conn);
    });
    expect(seen).toBe(2); // FULL
    expect(await other).toBe(1);
    await expect(
      durably(store.db, async (conn) => {
        await conn.insertInto("t").values({ id: 1, v: "again" }).execute(); // a primary key clash
      }),
    ).rejects.toThrow();
    expect(await level(store.db)).toBe(1);
    expect(await store.db.selectFrom("t").selectAll().execute()).toEqual([{ id: 1, v: "a" }]);
  });
});
