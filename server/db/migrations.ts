import { sql, type Kysely, type Migration } from "kysely";
import { columnTypes, tableExists } from "../../db/open";

/**
 * app store migrations (SQLite file or PostgreSQL schema `app`): date-named, applied in name order by
 * Kysely's Migrator, written once for both dialects, only ever appended to. The first one adopts an
 * app.db made by the earlier hand-rolled runner (every statement is IF NOT EXISTS).
 */
export const appMigrations: Record<string, Migration> = {
  "2026-11-21-core": {
    async up(db: Kysely<any>) {
      const t = columnTypes(db);
      const check = (col: string, values: string[]) => sql.raw(`${col} IN (${values.map((v) => `'${v}'`).join(",")})`);
      await db.schema
        .createTable("members")
        .ifNotExists()
        .addColumn("id", t.id, t.idOptions)
        .addColumn("phonenumber", "text", (c) => c.notNull().unique())
        .addColumn("username", "text", (c) => c.notNull())
        .addColumn("birth", "text")
        .addColumn("carrier", "text")
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("nickname", "text")
        .addColumn("email", "text")
        .addColumn("home_address", "text")
        .addColumn("state", "text", (c) => c.notNull().defaultTo("repair").check(check("state", ["repair", "suspension", "kickOut"])))
        .addColumn("permission", "text", (c) => c.notNull().defaultTo("user").check(check("permission", ["user", "exchanger", "manager"])))
        .addColumn("is_app", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("admins")
        .ifNotExists()
        .addColumn("id", t.id, t.idOptions)
        .addColumn("login_id", "text", (c) => c.notNull().unique())
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("permission", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("flags", "text", (c) => c.notNull().defaultTo("{}"))
        .addColumn("member_id", "bigint", (c) => c.references("members.id"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("deleted_at", "text")
        .execute();
      await db.schema
        .createTable("wallets")
        .ifNotExists()
        .addColumn("id", t.id, t.idOptions)
        .addColumn("address", "text", (c) => c.notNull().unique())
        .addColumn("encrypted_key", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull().check(check("kind", ["member", "treasury", "fee", "settlement", "operator", "custom", "sender"])))
        .addColumn("member_id", "bigint", (c) => c.references("members.id"))
        .addColumn("nickname", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("wallets_member").ifNotExists().on("wallets").column("member_id").execute();
      await db.schema
        .createTable("lockouts")
        .ifNotExists()
        .addColumn("subject", "text", (c) => c.primaryKey())
        .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("locked_until", "text")
        .execute();
      await db.schema
        .createTable("verifications")
        .ifNotExists()
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("purpose", "text", (c) => c.notNull().check(check("purpose", ["signup", "reauth"])))
        .addColumn("status", "text", (c) => c.notNull().defaultTo("issued").check(check("status", ["issued", "verified", "used"])))
        .addColumn("code", "integer")
        .addColumn("name", "text")
        .addColumn("birth", "text")
        .addColumn("phone", "text")
        .addColumn("carrier", "text")
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("revoked_tokens")
        .ifNotExists()
        .addColumn("jti", "text", (c) => c.primaryKey())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
      // The outbox, named `transfers` in this first version (renamed by 2026-11-22-outbox-name).
      await db.schema
        .createTable("transfers")
        .ifNotExists()
        .addColumn("id", t.id, t.idOptions)
        .addColumn("kind", "text", (c) => c.notNull().check(check("kind", ["gift", "use", "buy", "settlement", "settlement_return", "admin", "seed"])))
        .addColumn("from_address", "text", (c) => c.notNull())
        .addColumn("to_address", "text", (c) => c.notNull())
        .addColumn("value", "bigint", (c) => c.notNull().check(sql`value > 0`))
        .addColumn("fee", "bigint", (c) => c.notNull().defaultTo(0).check(sql`fee >= 0`))
        .addColumn("nonce", "text", (c) => c.notNull().unique())
        .addColumn("valid_before", "bigint", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull().defaultTo("pending").check(check("status", ["pending", "submitted", "confirmed", "failed"])))
        .addColumn("tx_hash", "text")
        .addColumn("block_number", "bigint")
        .addColumn("error", "text")
        .addColumn("member_id", "bigint", (c) => c.references("members.id"))
        .addColumn("counterparty_member_id", "bigint", (c) => c.references("members.id"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("chain_calls")
        .ifNotExists()
        .addColumn("id", t.id, t.idOptions)
        .addColumn("method", "text", (c) => c.notNull())
        .addColumn("args", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull().defaultTo("pending").check(check("status", ["pending", "submitted", "confirmed", "failed"])))
        .addColumn("tx_hash", "text")
        .addColumn("block_number", "bigint")
        .addColumn("error", "text")
        .addColumn("admin_id", "bigint")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("buy_orders")
        .ifNotExists()
        .addColumn("id", t.id, t.idOptions)
        .addColumn("order_no", "text", (c) => c.notNull().unique())
        .addColumn("member_id", "bigint", (c) => c.notNull().references("members.id"))
        .addColumn("value", "bigint", (c) => c.notNull().check(sql`value > 0`))
        .addColumn("state", "text", (c) => c.notNull().defaultTo("pending").check(check("state", ["pending", "confirmed", "cancelled"])))
        .addColumn("bank_name", "text")
        .addColumn("bank_account", "text")
        .addColumn("owner_name", "text")
        .addColumn("transfer_id", "bigint", (c) => c.references("transfers.id"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("confirmed_at", "text")
        .addColumn("cancelled_at", "text")
        .execute();
      await db.schema.createIndex("buy_orders_member").ifNotExists().on("buy_orders").columns(["member_id", "created_at"]).execute();
      await db.schema.createIndex("buy_orders_state").ifNotExists().on("buy_orders").columns(["state", "expires_at"]).execute();
      await db.schema
        .createTable("idempotency")
        .ifNotExists()
        .addColumn("scope", "text", (c) => c.notNull())
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("request_hash", "text", (c) => c.notNull())
        .addColumn("status", "integer")
        .addColumn("response", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("idempotency_pk", ["scope", "key"])
        .execute();
      await db.schema
        .createTable("favorites")
        .ifNotExists()
        .addColumn("id", t.id, t.idOptions)
        .addColumn("member_id", "bigint", (c) => c.notNull().references("members.id"))
        .addColumn("nickname", "text", (c) => c.notNull())
        .addColumn("address", "text", (c) => c.notNull())
        .addColumn("checked", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addUniqueConstraint("favorites_member_address", ["member_id", "address"])
        .execute();
      await db.schema
        .createTable("bank_accounts")
        .ifNotExists()
        .addColumn("id", t.id, t.idOptions)
        .addColumn("bank_name", "text", (c) => c.notNull())
        .addColumn("bank_account", "text", (c) => c.notNull())
        .addColumn("owner_name", "text", (c) => c.notNull())
        .addColumn("nickname", "text")
        .addColumn("is_main", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("policies")
        .ifNotExists()
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("state", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("boards")
        .ifNotExists()
        .addColumn("id", t.id, t.idOptions)
        .addColumn("type", "text", (c) => c.notNull().check(check("type", ["notice", "faq", "event", "inquiry"])))
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("member_id", "bigint", (c) => c.references("members.id"))
        .addColumn("category", "text")
        .addColumn("state", "text", (c) => c.notNull().defaultTo("1"))
        .addColumn("reply", "text")
        .addColumn("start_at", "text")
        .addColumn("end_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("boards_type").ifNotExists().on("boards").columns(["type", "created_at"]).execute();
      await db.schema
        .createTable("notifications")
        .ifNotExists()
        .addColumn("id", t.id, t.idOptions)
        .addColumn("category", "text", (c) => c.notNull())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("message", "text", (c) => c.notNull())
        .addColumn("ref_id", "bigint")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("meta")
        .ifNotExists()
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .execute();
    },
  },

  // The outbox gets a name of its own: chain.db's `transfers` are indexed token transfers, the opposite
  // side. Sequential per-wallet nonces (so one wallet's authorizations share a bitmap word on chain).
  "2026-11-22-outbox-name": {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("transfers").renameTo("outbox_transfers").execute();
      for (const old of ["transfers_from_status", "transfers_status", "transfers_member", "transfers_counterparty"]) {
        await db.schema.dropIndex(old).ifExists().execute();
      }
      await db.schema.createIndex("outbox_from_status").on("outbox_transfers").columns(["from_address", "status"]).execute();
      await db.schema.createIndex("outbox_status").on("outbox_transfers").columns(["status", "id"]).execute();
      await db.schema.createIndex("outbox_member").on("outbox_transfers").columns(["member_id", "kind"]).execute();
      await db.schema.createIndex("outbox_counterparty").on("outbox_transfers").columns(["counterparty_member_id", "kind"]).execute();
      await db.schema.createIndex("outbox_kind_created").on("outbox_transfers").columns(["kind", "created_at"]).execute();
      await db.schema
        .createTable("wallet_nonces")
        .addColumn("address", "text", (c) => c.primaryKey())
        .addColumn("next_nonce", "bigint", (c) => c.notNull())
        .execute();
      // The hand-rolled runner's bookkeeping, from databases made by the first version.
      if (await tableExists(db, "schema_migrations")) await db.schema.dropTable("schema_migrations").execute();
    },
  },
  // Back-office: the append-only audit log, the partner API key, and indexes for the lists' sort and filter columns.
  "2026-11-23-back-office": {
    async up(db: Kysely<any>) {
      const t = columnTypes(db);
      await db.schema
        .createTable("admin_actions")
        .addColumn("id", t.id, t.idOptions)
        .addColumn("admin_id", "bigint", (c) => c.notNull().references("admins.id"))
        .addColumn("admin_login_id", "text", (c) => c.notNull())
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("target_type", "text", (c) => c.notNull())
        .addColumn("target_id", "text", (c) => c.notNull())
        .addColumn("before_json", "text")
        .addColumn("after_json", "text")
        .addColumn("tx_hash", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("admin_actions_created").on("admin_actions").columns(["created_at", "id"]).execute();
      await db.schema.createIndex("admin_actions_target").on("admin_actions").columns(["target_type", "target_id", "id"]).execute();
      await db.schema
        .createTable("api_keys")
        .addColumn("id", t.id, t.idOptions)
        .addColumn("prefix", "text", (c) => c.notNull())
        .addColumn("key_hash", "text", (c) => c.notNull().unique())
        .addColumn("created_by", "bigint", (c) => c.notNull().references("admins.id"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("revoked_at", "text")
        .execute();
      await db.schema.createIndex("members_created").on("members").columns(["created_at", "id"]).execute();
      await db.schema.createIndex("members_username").on("members").column("username").execute();
      await db.schema.createIndex("members_state").on("members").columns(["state", "id"]).execute();
      await db.schema.createIndex("members_permission").on("members").columns(["permission", "id"]).execute();
      await db.schema.createIndex("admins_member").on("admins").column("member_id").execute();
      await db.schema.createIndex("notifications_category").on("notifications").columns(["category", "id"]).execute();
    },
  },

  // Inquiries are stored as typed (decisions.md): the rows stored escaped, with <br> line breaks, get
  // their text back.
  "2026-11-24-inquiry-as-typed": {
    async up(db: Kysely<any>) {
      const rows = (await db.selectFrom("boards").select(["id", "content"]).where("type", "=", "inquiry").execute()) as { id: number; content: string }[];
      for (const r of rows) {
        const text = unescapeStoredInquiry(r.content);
        if (text !== r.content) await db.updateTable("boards").set({ content: text }).where("id", "=", r.id).execute();
      }
    },
  },

  // Issue 13. An idempotency key remembers the outbox row its request wrote, so a key whose request
  // died is resolved from the outbox and the chain; keys expire (created_at index). A per-subject
  // cut-off ends every session issued before a password reset, a suspension or a deletion.
  "2026-11-24-reliability": {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("idempotency").addColumn("transfer_id", "bigint").execute();
      await db.schema.createIndex("idempotency_created").on("idempotency").column("created_at").execute();
      await db.schema
        .createTable("session_cutoffs")
        .addColumn("subject", "text", (c) => c.primaryKey())
        .addColumn("valid_after_ms", "bigint", (c) => c.notNull())
        .execute();
    },
  },

  // Settlement orders (issue 10): a shop owner's request moves value to the escrow; approval burns it, deletion returns it.
  "2026-11-25-settlement-orders": {
    async up(db: Kysely<any>) {
      const t = columnTypes(db);
      await db.schema
        .createTable("settlement_orders")
        .addColumn("id", t.id, t.idOptions)
        .addColumn("order_no", "text", (c) => c.notNull().unique())
        .addColumn("member_id", "bigint", (c) => c.notNull().references("members.id"))
        .addColumn("admin_id", "bigint", (c) => c.notNull().references("admins.id"))
        .addColumn("wallet", "text", (c) => c.notNull())
        .addColumn("value", "bigint", (c) => c.notNull().check(sql`value > 0`))
        .addColumn("state", "text", (c) => c.notNull().check(sql`state IN ('pending','approving','approved','deleted')`))
        .addColumn("request_transfer_id", "bigint", (c) => c.notNull().references("outbox_transfers.id"))
        .addColumn("return_transfer_id", "bigint", (c) => c.references("outbox_transfers.id"))
        .addColumn("burn_call_id", "bigint", (c) => c.references("chain_calls.id"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("approved_at", "text")
        .addColumn("deleted_at", "text")
        .execute();
      await db.schema.createIndex("settlement_orders_created").on("settlement_orders").columns(["created_at", "id"]).execute();
      await db.schema.createIndex("settlement_orders_member").on("settlement_orders").columns(["member_id", "created_at"]).execute();
    },
  },

  // Issue 17 (reads that grew with history). The spendable check reads only the rows the index does not show
  // yet: pending and submitted ones, and confirmed ones above the indexed head (one index, three seeks).
  // The lists by kind and date (sales), by kind, status and date (the dashboard's business types) and by
  // status and date (fees) read in (created_at, id) order from an index; the dashboard finds the outbox row
  // of a transaction by its hash.
  "2026-11-26-reads-outbox": {
    async up(db: Kysely<any>) {
      await db.schema.dropIndex("outbox_from_status").execute();
      await db.schema.createIndex("outbox_from_status").on("outbox_transfers").columns(["from_address", "status", "block_number"]).execute();
      await db.schema.dropIndex("outbox_kind_created").execute();
      await db.schema.createIndex("outbox_kind_created").on("outbox_transfers").columns(["kind", "created_at", "id"]).execute();
      await db.schema.createIndex("outbox_kind_status_created").on("outbox_transfers").columns(["kind", "status", "created_at", "id"]).execute();
      await db.schema.createIndex("outbox_status_created").on("outbox_transfers").columns(["status", "created_at", "id"]).execute();
      // A member's received gifts (history.repo movesPage): counterparty, kind and status, all three equalities.
      await db.schema.dropIndex("outbox_counterparty").execute();
      await db.schema.createIndex("outbox_counterparty").on("outbox_transfers").columns(["counterparty_member_id", "kind", "status"]).execute();
      // The business move of a chain transfer (the dashboard names each row by it).
      await db.schema.createIndex("outbox_tx_hash").on("outbox_transfers").column("tx_hash").execute();
    },
  },
};

/** The earlier storage of an inquiry (escaped markup, `<br>` for line breaks) back to the typed text. */
export function unescapeStoredInquiry(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}
