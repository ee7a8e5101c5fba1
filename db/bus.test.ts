import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUS_MAX_PAYLOAD, memoryBus, postgresBus, type Bus } from "./bus";
import { dropTestDatabase, freshTestDatabase, pgTestUrl } from "./testing";

/** The first payload `bus` hears on `channel` within `ms` (null when none). */
function heard<T>(bus: Bus, channel: string, ms = 2_000): Promise<{ payload: T; local: boolean } | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => (off(), resolve(null)), ms);
    const off = bus.subscribe<T>(channel, (payload, { local }) => {
      clearTimeout(timer);
      off();
      resolve({ payload, local });
    });
  });
}

describe("fan-out bus in memory (SQLite: one process)", () => {
  it("delivers to this process's subscribers at once, a failing subscriber not stopping the others", () => {
    const bus = memoryBus();
    const got: unknown[] = [];
    bus.subscribe("c", () => {
      throw new Error("boom");
    });
    bus.subscribe("c", (p, m) => got.push([p, m.local]));
    bus.publish("c", { id: 1 });
    expect(got).toEqual([[{ id: 1 }, true]]);
    expect(() => bus.publish("c", { row: "x".repeat(BUS_MAX_PAYLOAD) })).toThrow(/stored row's id/);
  });
});

describe.skipIf(!pgTestUrl())("fan-out bus over PostgreSQL LISTEN/NOTIFY", () => {
  let url: string;
  const pools: pg.Pool[] = [];
  const buses: Bus[] = [];
  const open = async () => {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    pools.push(pool);
    const bus = await postgresBus({ url, pool });
    buses.push(bus);
    return bus;
  };

  beforeAll(async () => {
    url = (await freshTestDatabase())!;
  });
  afterAll(async () => {
    for (const b of buses) await b.close();
    for (const p of pools) await p.end();
    await dropTestDatabase(url);
  });

  it("reaches the other process's subscribers, and this one's once (not again through the database)", async () => {
    const [a, b] = [await open(), await open()];
    const here: unknown[] = [];
    a.subscribe("c", (p) => here.push(p));
    const there = heard<{ id: number }>(b, "c");
    a.publish("c", { id: 7 });
    expect(here).toEqual([{ id: 7 }]);
    expect(await there).toEqual({ payload: { id: 7 }, local: false });
    await new Promise((r) => setTimeout(r, 200));
    expect(here).toEqual([{ id: 7 }]);
  });

  it("listens again after its connection is killed, says so (onResume), and hears what is published after", async () => {
    const [a, b] = [await open(), await open()];
    const resumed = new Promise<void>((r) => b.onResume(r));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const killed = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN krw_bus'",
      );
      expect(killed.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await resumed;
    const there = heard<{ n: number }>(b, "after");
    a.publish("after", { n: 1 });
    expect((await there)?.payload).toEqual({ n: 1 });
  });
});
