import { sql, type Kysely, type Migration } from "kysely";
import { columnTypes, dialectOf } from "../../db/open";

/**
 * Widens a column's `IN (...)` CHECK by `added` values. PostgreSQL: the constraint is dropped and added again.
 * SQLite cannot alter a CHECK (and better-sqlite3's defensive mode forbids editing sqlite_schema), so the table is
 * rebuilt with its own CREATE statement widened: copied, swapped, its indexes made again, in one transaction
 * whose foreign keys are checked at its commit (the children's references name the table, which then exists again).
 */
export async function widenCheck(db: Kysely<any>, table: string, column: string, last: string, added: string[]): Promise<void> {
  const extra = added.map((v) => `'${v}'`).join(",");
  if (dialectOf(db) === "postgres") {
    const found = await sql<{ name: string; def: string }>`
      SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
      WHERE conrelid = ${sql.lit(table)}::regclass AND contype = 'c'`.execute(db);
    const c = found.rows.find((r) => r.def.includes(column) && r.def.includes(`'${last}'`));
    if (!c) throw new Error(`no CHECK on ${table}.${column}`);
    const values = [...c.def.matchAll(/'([^']+)'/g)].map((m) => m[1]);
    const all = [...values, ...added].map((v) => `'${v}'`).join(",");
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.ref(c.name)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.ref(c.name)} CHECK (${sql.ref(column)} IN (${sql.raw(all)}))`.execute(
      db,
    );
    return;
  }
  await db.transaction().execute(async (trx) => {
    await sql`PRAGMA defer_foreign_keys = ON`.execute(trx);
    const rows = await sql<{ type: string; name: string; sql: string | null }>`
      SELECT type, name, sql FROM sqlite_master WHERE tbl_name = ${table}`.execute(trx);
    const create = rows.rows.find((r) => r.type === "table")!.sql!;
    const needle = `'${last}')`;
    if (!create.includes(needle)) throw new Error(`no CHECK ending ${needle} on ${table}`);
    const widened = create.replace(needle, `'${last}',${extra})`).replace(/^CREATE TABLE\s+("?)\w+\1/i, `CREATE TABLE "${table}__widened"`);
    await sql.raw(widened).execute(trx);
    await sql.raw(`INSERT INTO "${table}__widened" SELECT * FROM "${table}"`).execute(trx);
    await sql.raw(`DROP TABLE "${table}"`).execute(trx);
    await sql.raw(`ALTER TABLE "${table}__widened" RENAME TO "${table}"`).execute(trx);
    for (const index of rows.rows) if (index.type === "index" && index.sql) await sql.raw(index.sql).execute(trx);
  });
}

/** Refunds (issue 36): refund orders, the refund escrow wallet kind, the refund moves' outbox kinds, closed accounts. */
export const refundMigrations: Record<string, Migration> = {
  "2026-12-03-refunds": {
    async up(db: Kysely<any>) {
      const t = columnTypes(db);
      await widenCheck(db, "outbox_transfers", "kind", "seed", ["refund", "refund_return"]);
      await widenCheck(db, "wallets", "kind", "sender", ["refund"]);
      await db.schema
        .createTable("refund_orders")
        .addColumn("id", t.id, t.idOptions)
        .addColumn("order_no", "text", (c) => c.notNull().unique())
        .addColumn("member_id", "bigint", (c) => c.notNull().references("members.id"))
        .addColumn("kind", "text", (c) => c.notNull().check(sql`kind IN ('balance','withdrawal','closing')`))
        .addColumn("buy_order_id", "bigint", (c) => c.references("buy_orders.id").unique())
        .addColumn("wallet", "text", (c) => c.notNull())
        .addColumn("value", "bigint", (c) => c.notNull().check(sql`value > 0`))
        .addColumn("balance", "bigint", (c) => c.notNull())
        .addColumn("deduction", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("rule", "text", (c) => c.notNull())
        .addColumn("bank_name", "text", (c) => c.notNull())
        .addColumn("bank_account", "text", (c) => c.notNull())
        .addColumn("holder_name", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull().check(sql`state IN ('requested','paying','paid','rejected','failed')`))
        .addColumn("request_transfer_id", "bigint", (c) => c.notNull().references("outbox_transfers.id"))
        .addColumn("return_transfer_id", "bigint", (c) => c.references("outbox_transfers.id"))
        .addColumn("burn_call_id", "bigint", (c) => c.references("chain_calls.id"))
        .addColumn("proposal_id", "bigint", (c) => c.references("proposals.id"))
        .addColumn("bank_ref", "text")
        .addColumn("reject_reason", "text")
        .addColumn("admin_id", "bigint", (c) => c.references("admins.id"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("decided_at", "text")
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("refund_orders_created").on("refund_orders").columns(["created_at", "id"]).execute();
      await db.schema.createIndex("refund_orders_member").on("refund_orders").columns(["member_id", "created_at"]).execute();
      await db.schema.createIndex("refund_orders_state").on("refund_orders").columns(["state", "created_at"]).execute();
      await db.schema.createIndex("refund_orders_request").on("refund_orders").column("request_transfer_id").execute();
      await db.schema.alterTable("members").addColumn("closed_at", "text").execute();
    },
  },
};
