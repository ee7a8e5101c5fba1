import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadership, type Leadership } from "./leader";
import { dropTestDatabase, freshTestDatabase, pgTestUrl } from "./testing";

/**
 * Leadership over PostgreSQL, for the process that is still waiting for the lock: its connection may be cut (a
 * server restart, a terminated backend, a test database dropped WITH (FORCE)) and it may be stopped while it waits.
 */
describe.skipIf(!pgTestUrl())("leadership over PostgreSQL: the waiting process", () => {
  let url: string;
  let admin: pg.Client;
  const held: Leadership[] = [];
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => uncaught.push(err);

  /** Client backends of the test database other than `admin`'s, and which of them holds the advisory lock. */
  async function backends(): Promise<{ all: number[]; holder: number | null }> {
    const r = await admin.query(
      `SELECT a.pid, EXISTS (SELECT 1 FROM pg_locks l WHERE l.pid = a.pid AND l.locktype = 'advisory' AND l.granted) AS holds
         FROM pg_stat_activity a
        WHERE a.datname = current_database() AND a.backend_type = 'client backend' AND a.pid <> pg_backend_pid()`,
    );
    return { all: r.rows.map((x) => x.pid).sort(), holder: r.rows.find((x) => x.holds)?.pid ?? null };
  }
  async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await read();
      if (ok(v) || Date.now() > end) return v;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  beforeAll(async () => {
    url = (await freshTestDatabase())!;
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    process.on("uncaughtException", onUncaught);
  });
  afterAll(async () => {
    process.off("uncaughtException", onUncaught);
    for (const l of held) await l.release();
    await admin.end();
    await dropTestDatabase(url);
  });

  it("released while waiting, it closes its connection at once (nothing left for a FORCE drop to cut)", async () => {
    const a = leadership({ databaseUrl: url, dataDir: "", pollMs: 50 });
    held.push(a);
    await a.acquired;
    const b = leadership({ databaseUrl: url, dataDir: "", pollMs: 10_000 });
    const waiting = await until(backends, (s) => s.all.length === 2);
    expect(waiting.all).toHaveLength(2);
    const bPid = waiting.all.find((p) => p !== waiting.holder);
    await b.release();
    const after = await until(backends, (s) => !s.all.includes(bPid!), 1_000);
    expect(after.all).toEqual([waiting.holder]);
    await expect(b.acquired).rejects.toThrow(/stopped before acquiring/);
    expect(a.isLeader()).toBe(true);
    await a.release();
    held.pop();
  });

  it("its connection cut while it waits, it is no uncaught error: it reconnects, and leads once the leader goes", async () => {
    const a = leadership({ databaseUrl: url, dataDir: "", pollMs: 50 });
    held.push(a);
    await a.acquired;
    const b = leadership({ databaseUrl: url, dataDir: "", pollMs: 100 });
    held.push(b);
    const waiting = await until(backends, (s) => s.all.length === 2);
    const bPid = waiting.all.find((p) => p !== waiting.holder)!;
    // Cut it while it sleeps between polls (the error then reaches the client as an event, not a query's).
    await new Promise((r) => setTimeout(r, 30));
    await admin.query("SELECT pg_terminate_backend($1)", [bPid]);
    await new Promise((r) => setTimeout(r, 300));
    expect(uncaught).toEqual([]);
    expect(b.isLeader()).toBe(false);
    await a.release();
    await b.acquired;
    expect(b.isLeader()).toBe(true);
    expect((await backends()).holder).not.toBe(bPid);
  });
});
