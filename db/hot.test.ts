import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import { hotQuery } from "./hot";
import { openStore, type Store } from "./open";
import { dropTestDatabase, freshTestDatabase } from "./testing";

interface Db {
  things: { id: number; owner: string; kind: string; n: number };
}

describe("hotQuery (compiled once, values bound per call)", () => {
  let store: Store<Db>;
  let dir: string;
  let url: string | null = null;

  beforeAll(async () => {
    url = await freshTestDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "hot-"));
    store = await openStore<Db>(url ? { kind: "postgres", url, schema: "hot" } : { kind: "sqlite", file: path.join(dir, "t.db") });
    await store.db.schema
      .createTable("things")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("owner", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("n", "integer", (c) => c.notNull())
      .execute();
  });
  afterAll(async () => {
    await store.close();
    await dropTestDatabase(url);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const insert = hotQuery((db: Kysely<Db>, id: number, owner: string, n: number) =>
    db.insertInto("things").values({ id, owner, kind: "a", n }).returning(["id", "n"]),
  );
  const ofOwner = hotQuery((db: Kysely<Db>, owner: string, min: number) =>
    db
      .selectFrom("things")
      .select(["id", "n"])
      .where("owner", "=", owner)
      .where("n", ">=", min)
      .where("kind", "=", "a")
      .orderBy("id")
      .limit(10),
  );

  it("runs each call with its own values, constants of the build kept, in and out of a transaction", async () => {
    expect(await insert(store.db, 1, "kim", 5)).toEqual([{ id: 1, n: 5 }]);
    expect(await insert(store.db, 2, "kim", 7)).toEqual([{ id: 2, n: 7 }]);
    expect(await insert(store.db, 3, "lee", 9)).toEqual([{ id: 3, n: 9 }]);
    expect(await ofOwner(store.db, "kim", 0)).toEqual([
      { id: 1, n: 5 },
      { id: 2, n: 7 },
    ]);
    expect(await ofOwner(store.db, "kim", 6)).toEqual([{ id: 2, n: 7 }]);
    expect(await ofOwner(store.db, "lee", 0)).toEqual([{ id: 3, n: 9 }]);
    await expect(
      store.db.transaction().execute(async (trx) => {
        await insert(trx, 4, "park", 1);
        expect(await ofOwner(trx, "park", 0)).toEqual([{ id: 4, n: 1 }]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await ofOwner(store.db, "park", 0)).toEqual([]);
  });

  it("refuses a build that uses an argument in the query's shape instead of as a value", async () => {
    const shaped = hotQuery((db: Kysely<Db>, column: string) => db.selectFrom("things").select(sql.ref(column).as("v")));
    await expect(shaped(store.db, "owner")).rejects.toThrow(/argument 0 is not a bound value/);
  });
});
