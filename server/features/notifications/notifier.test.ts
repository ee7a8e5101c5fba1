import os from "node:os";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresBus, type Bus } from "../../../db/bus";
import { dropTestDatabase, freshTestDatabase, pgTestUrl } from "../../../db/testing";
import { openAppStore, type AppStore } from "../../db/app-db";
import { insertNotification } from "../../records/operator-notices/notifications.repo";
import { createNotifier, type Notification, type Notifier } from "../../records/operator-notices/notifier";

/**
 * Two notifiers on one PostgreSQL database, as two API processes have (docs/operations.md, "Several API processes behind a load balancer"): what one
 * stores, the other pushes, once; and what the other missed while its listening connection was down, it pushes
 * when it listens again (the stored row is the source, the event only the wake-up).
 */
describe.skipIf(!pgTestUrl())("operator notifications across processes (PostgreSQL)", () => {
  let url: string;
  const stores: AppStore[] = [];
  const buses: Bus[] = [];
  const notifiers: Notifier[] = [];
  const process_ = async () => {
    const store = await openAppStore({ dataDir: os.tmpdir(), databaseUrl: url });
    const bus = await postgresBus({ url, pool: store.pool! });
    const notifier = createNotifier(store.db, bus);
    stores.push(store);
    buses.push(bus);
    notifiers.push(notifier);
    const pushed: Notification[] = [];
    notifier.on((n) => pushed.push(n));
    return { store, notifier, pushed };
  };
  const until = async (ok: () => boolean, ms = 2_000) => {
    const end = Date.now() + ms;
    while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    return ok();
  };

  beforeAll(async () => {
    url = (await freshTestDatabase())!;
  });
  afterAll(async () => {
    for (const n of notifiers) n.close();
    for (const b of buses) await b.close();
    for (const s of stores) await s.close();
    await dropTestDatabase(url);
  });

  it("a notification stored by one is pushed by both, once each", async () => {
    const [a, b] = [await process_(), await process_()];
    const n = await a.notifier.notify("입금", "김민준님의 상품권 구매 신청 10,000원 (입금 대기)", 7);
    expect(await until(() => b.pushed.length > 0)).toBe(true);
    expect(b.pushed).toEqual([{ ...n }]);
    expect(a.pushed).toEqual([n]);
    await new Promise((r) => setTimeout(r, 200));
    expect([a.pushed.length, b.pushed.length]).toEqual([1, 1]);
  });

  it("a process whose listening connection dropped pushes, once back, what was stored meanwhile", async () => {
    const [a, b] = [await process_(), await process_()];
    await new Promise((r) => setTimeout(r, 100)); // b has read the newest id so far
    // Stored with no event heard (as if published while b was not listening), then b's connection is killed.
    const missed = await insertNotification(a.store.db, { category: "문의", type: "inquiry", message: "문의 1", ref_id: 3 });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN krw_bus'",
      );
    } finally {
      await admin.end();
    }
    expect(await until(() => b.pushed.some((n) => n.id === missed.id))).toBe(true);
    // Heard again through the bus (a's event) it is not pushed twice; later ones come through as usual.
    const next = await a.notifier.notify("정산", "정산 신청", 9);
    expect(await until(() => b.pushed.some((n) => n.id === next.id))).toBe(true);
    expect(b.pushed.filter((n) => n.id === missed.id).length).toBe(1);
  });
});
