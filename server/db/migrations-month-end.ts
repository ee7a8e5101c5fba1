import { sql, type Kysely, type Migration } from "kysely";
import { columnTypes } from "../../db/open";

/**
 * The auditor's month-end (issue 37): cut-offs with their holders (the kept snapshot of every non-zero balance at the
 * cut-off block, which as-of reads carry forward, and the Merkle leaves of the members' proofs), and the safeguarded
 * customer money recorded per day (선불충전금 별도관리), entered by one operator and approved by another.
 */
export const monthEndMigrations: Record<string, Migration> = {
  "2026-12-03-month-end": {
    async up(db: Kysely<any>) {
      const t = columnTypes(db);
      await db.schema
        .createTable("cutoffs")
        .addColumn("id", t.id, t.idOptions)
        .addColumn("label", "text", (c) => c.notNull())
        .addColumn("at_time", "text", (c) => c.notNull())
        .addColumn("block_number", "bigint", (c) => c.notNull())
        .addColumn("block_hash", "text", (c) => c.notNull())
        .addColumn("block_time", "bigint", (c) => c.notNull())
        .addColumn("total_supply", t.amount, (c) => c.notNull())
        .addColumn("customer_total", t.amount, (c) => c.notNull())
        .addColumn("holder_count", "integer", (c) => c.notNull())
        .addColumn("merkle_root", "text", (c) => c.notNull())
        .addColumn("root_tx_hash", "text")
        .addColumn("signer", "text")
        .addColumn("pack_sha256", "text")
        .addColumn("created_by", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("cutoffs_block").on("cutoffs").column("block_number").execute();
      await db.schema
        .createTable("cutoff_balances")
        .addColumn("cutoff_id", "bigint", (c) => c.notNull().references("cutoffs.id"))
        .addColumn("address", "text", (c) => c.notNull())
        .addColumn("balance", t.amount, (c) => c.notNull())
        .addColumn("class", "text", (c) => c.notNull().check(sql`class IN ('operator','member','outside')`))
        .addPrimaryKeyConstraint("cutoff_balances_pk", ["cutoff_id", "address"])
        .execute();
      await db.schema
        .createTable("safeguards")
        .addColumn("id", t.id, t.idOptions)
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("amount", t.amount, (c) => c.notNull())
        .addColumn("method", "text", (c) => c.notNull().check(sql`method IN ('trust','deposit','guarantee')`))
        .addColumn("institution", "text", (c) => c.notNull())
        .addColumn("statement_ref", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull().check(sql`state IN ('pending','approved','rejected')`))
        .addColumn("maker_id", "bigint", (c) => c.notNull().references("admins.id"))
        .addColumn("maker_login_id", "text", (c) => c.notNull())
        .addColumn("checker_id", "bigint", (c) => c.references("admins.id"))
        .addColumn("checker_login_id", "text")
        .addColumn("decided_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("safeguards_day").on("safeguards").columns(["day", "state"]).execute();
    },
  },
};
