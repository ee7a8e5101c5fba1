import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { opaque, openStore, type Store } from "./open";
import { dropTestDatabase, freshTestDatabase } from "./testing";

interface Db {
  moves: { id: number; kind: string; at: string };
}

/**
 * A paged read is planned once on PostgreSQL (its generic plan kept), not on every run: LIMIT and OFFSET 0 are in
 * the statement's text (db/pg-statements.ts) and a date range's bounds are opaque to the planner (db/open.ts). The
 * counts come from PostgreSQL's own pg_prepared_statements on the store's single connection. On SQLite the same
 * reads answer the same rows.
 */
describe("paged reads keep one plan", () => {
  let store: Store<Db>;
  let dir: string;
  let url: string | null = null;

  beforeAll(async () => {
    url = await freshTestDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "plans-"));
    store = await openStore<Db>(
      url ? { kind: "postgres", url, schema: "plans", max: 1 } : { kind: "sqlite", file: path.join(dir, "t.db") },
    );
    await store.db.schema
      .createTable("moves")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("at", "text", (c) => c.notNull())
      .execute();
    await store.db.schema.createIndex("moves_kind_at").on("moves").columns(["kind", "at", "id"]).execute();
    // Skewed: most rows one kind, and most of them in the last days (the planner's statistics see both).
    const rows = Array.from({ length: 5_000 }, (_, i) => ({
      id: i + 1,
      kind: i % 50 === 0 ? "rare" : "common",
      at: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 500)
      await store.db
        .insertInto("moves")
        .values(rows.slice(i, i + 500))
        .execute();
    if (url) await sql`ANALYZE moves`.execute(store.db);
  });
  afterAll(async () => {
    await store.close();
    await dropTestDatabase(url);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const page = (start: string, end: string, offset: number) =>
    store.db
      .selectFrom("moves")
      .select(["id"])
      .where("kind", "=", sql.lit("common"))
      .where("at", ">=", opaque(store.db, start))
      .where("at", "<=", opaque(store.db, end))
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .limit(10)
      .offset(offset)
      .execute();

  it("answers the page, and PostgreSQL reuses its plan for other dates", async () => {
    const first = await page("2026-03-01T00:00:00.000Z", "2026-06-01T00:00:00.000Z", 0);
    expect(first).toHaveLength(10);
    expect(first[0].id).toBeGreaterThan(first[9].id);
    for (let d = 1; d <= 11; d++) await page(`2026-0${1 + (d % 5)}-0${1 + (d % 9)}T00:00:00.000Z`, "2026-06-30T00:00:00.000Z", 0);
    // An offset past the first page is still a parameter: the rows it answers are the next ones.
    expect((await page("2026-03-01T00:00:00.000Z", "2026-06-01T00:00:00.000Z", 10))[0].id).toBeLessThan(first[9].id);
    if (!url) return;
    const plans = await sql<{
      statement: string;
      generic_plans: number;
      custom_plans: number;
    }>`SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements`.execute(store.db);
    const ours = plans.rows.find((r) => /limit 10 offset 0/.test(r.statement));
    expect(ours?.statement).toMatch(/\(select \$\d+::text\)/);
    // Five custom plans while PostgreSQL compares, then the generic one for every run.
    expect(ours?.custom_plans).toBeLessThanOrEqual(5);
    expect(ours?.generic_plans).toBeGreaterThanOrEqual(7);
  });
});
