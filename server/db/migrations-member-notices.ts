import type { Kysely, Migration } from "kysely";
import { columnTypes } from "../../db/open";

/**
 * Issue 36 (items 4–6): the members' notification center, the outbound message log (SMS / 알림톡, simulated
 * provider) and the validity extensions a member asked for. One Kysely migration for SQLite and PostgreSQL.
 */
export const memberNoticeMigrations: Record<string, Migration> = {
  "2026-12-05-member-notices": {
    async up(db: Kysely<any>) {
      const t = columnTypes(db);
      // One row per notice per member; `dedupe_key` (unique, null allowed many times) makes a notice that may be
      // raised twice (a relayer event heard again, the daily validity job) stored once.
      await db.schema
        .createTable("member_notices")
        .addColumn("id", t.id, t.idOptions)
        .addColumn("member_id", "bigint", (c) => c.notNull().references("members.id"))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("ref_type", "text")
        .addColumn("ref_id", "text")
        .addColumn("dedupe_key", "text", (c) => c.unique())
        .addColumn("read_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("member_notices_member").on("member_notices").columns(["member_id", "id"]).execute();
      await db.schema.createIndex("member_notices_unread").on("member_notices").columns(["member_id", "read_at"]).execute();
      // What the outbound provider was given: the phone only masked (the provider gets the number at send time).
      await db.schema
        .createTable("outbound_messages")
        .addColumn("id", t.id, t.idOptions)
        .addColumn("member_id", "bigint", (c) => c.references("members.id"))
        .addColumn("notice_id", "bigint", (c) => c.references("member_notices.id"))
        .addColumn("channel", "text", (c) => c.notNull())
        .addColumn("template", "text", (c) => c.notNull())
        .addColumn("to_masked", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("provider", "text", (c) => c.notNull())
        .addColumn("provider_ref", "text")
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("outbound_messages_created").on("outbound_messages").columns(["created_at", "id"]).execute();
      await db.schema
        .createTable("validity_extensions")
        .addColumn("id", t.id, t.idOptions)
        .addColumn("member_id", "bigint", (c) => c.notNull().references("members.id"))
        .addColumn("valid_until", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("validity_extensions_member").on("validity_extensions").columns(["member_id", "id"]).execute();
    },
  },
};
