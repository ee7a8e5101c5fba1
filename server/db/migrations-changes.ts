import { sql, type Kysely, type Migration } from "kysely";
import { columnTypes } from "../../db/open";

/**
 * Notices of change (issue 53 item 2; server/features/change-notices/README.md): a terms version or a shop removal,
 * posted ahead of its effective date, and the members each concerns with when they were told.
 */
export const changeMigrations: Record<string, Migration> = {
  "2026-12-20-change-notices": {
    async up(db: Kysely<any>) {
      const t = columnTypes(db);
      await db.schema
        .createTable("change_notices")
        .addColumn("id", t.id, t.idOptions)
        .addColumn("kind", "text", (c) => c.notNull().check(sql`kind IN ('terms','shop')`))
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("summary", "text", (c) => c.notNull())
        .addColumn("content", "text")
        .addColumn("merchant_id", "bigint", (c) => c.references("merchants.id"))
        .addColumn("effective_date", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull().check(sql`state IN ('draft','posted','applied','withdrawn')`))
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("posted_at", "text")
        .addColumn("applied_at", "text")
        .addColumn("withdrawn_at", "text")
        .addColumn("withdraw_reason", "text")
        .addColumn("created_by", "bigint", (c) => c.notNull().references("admins.id"))
        .addColumn("updated_by", "bigint", (c) => c.notNull().references("admins.id"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("change_notices_state").on("change_notices").columns(["state", "effective_date"]).execute();

      await db.schema
        .createTable("change_notice_members")
        .addColumn("change_id", "bigint", (c) => c.notNull().references("change_notices.id"))
        .addColumn("member_id", "bigint", (c) => c.notNull().references("members.id"))
        .addColumn("told_version", "integer")
        .addColumn("told_at", "text")
        .addPrimaryKeyConstraint("change_notice_members_pk", ["change_id", "member_id"])
        .execute();
      await db.schema.createIndex("change_notice_members_member").on("change_notice_members").column("member_id").execute();
    },
  },
};
