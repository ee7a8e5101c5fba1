import pg from "pg";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "./open";
import { dropTestDatabase, freshTestDatabase, pgTestUrl } from "./testing";

/**
 * A PostgreSQL store whose connection is cut while a task holds it (a server restart, a failover, a terminated
 * backend) between two statements of a transaction: pg reports that as an 'error' event of the client, which the
 * pool hears only for idle clients.
 */
describe.skipIf(!pgTestUrl())("PostgreSQL store: a held connection cut", () => {
  let url: string;
  let admin: pg.Client;
  let store: Store<Record<string, never>>;
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => uncaught.push(err);

  beforeAll(async () => {
    url = (await freshTestDatabase())!;
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    store = await openStore({ kind: "postgres", url, schema: "cut", max: 2 });
    process.on("uncaughtException", onUncaught);
  });
  afterAll(async () => {
    process.off("uncaughtException", onUncaught);
    await store.close();
    await admin.end();
    await dropTestDatabase(url);
  });

  it("fails that transaction, is no uncaught error, and the store answers again on a fresh connection", async () => {
    const cut = store.db.transaction().execute(async (trx) => {
      const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0].pid;
      await admin.query("SELECT pg_terminate_backend($1)", [pid]);
      // The task awaits something else (a chain call, say) while the termination arrives.
      await new Promise((r) => setTimeout(r, 300));
      await sql`select 1`.execute(trx);
    });
    await expect(cut).rejects.toThrow();
    expect(uncaught).toEqual([]);
    for (let i = 0; i < 3; i++) expect((await sql<{ one: number }>`select 1 as one`.execute(store.db)).rows[0].one).toBe(1);
  });
});
