import { sql, type Kysely, type Migration } from "kysely";
import { columnTypes, tableExists } from "../../db/open";
import { backOfficeMigrations } from "./migrations-back-office";
import { refundMigrations } from "./migrations-refunds";
import { memberNoticeMigrations } from "./migrations-member-notices";
import { monthEndMigrations } from "./migrations-month-end";
import { closingMigrations } from "./migrations-closing";
import { chainCallMigrations } from "./migrations-chain-calls";
import { operatorSecurityMigrations } from "./migrations-operator-security";
import { moneyInMigrations } from "./migrations-money-in";
import { merchantMigrations } from "./migrations-merchants";
import { changeMigrations } from "./migrations-changes";

/**
 * app store migrations (SQLite file or PostgreSQL schema `app`): date-named, applied in name order by
 * Kysely's Migrator, written once for both dialects, only ever appended to. The first one adopts an
 * app.db made by the earlier hand-rolled runner (every statement is IF NOT EXISTS). The ones from the
 * back-office on are in migrations-back-office.ts.
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
        .addColumn("state", "text", (c) =>
          c
            .notNull()
            .defaultTo("repair")
            .check(check("state", ["repair", "suspension", "kickOut"])),
        )
        .addColumn("permission", "text", (c) =>
          c
            .notNull()
            .defaultTo("user")
            .check(check("permission", ["user", "exchanger", "manager"])),
        )
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
        .addColumn("kind", "text", (c) =>
          c.notNull().check(check("kind", ["member", "treasury", "fee", "settlement", "operator", "custom", "sender"])),
        )
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
        .addColumn("status", "text", (c) =>
          c
            .notNull()
            .defaultTo("issued")
            .check(check("status", ["issued", "verified", "used"])),
        )
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
        .addColumn("kind", "text", (c) =>
          c.notNull().check(check("kind", ["gift", "use", "buy", "settlement", "settlement_return", "admin", "seed"])),
        )
        .addColumn("from_address", "text", (c) => c.notNull())
        .addColumn("to_address", "text", (c) => c.notNull())
        .addColumn("value", "bigint", (c) => c.notNull().check(sql`value > 0`))
        .addColumn("fee", "bigint", (c) => c.notNull().defaultTo(0).check(sql`fee >= 0`))
        .addColumn("nonce", "text", (c) => c.notNull().unique())
        .addColumn("valid_before", "bigint", (c) => c.notNull())
        .addColumn("status", "text", (c) =>
          c
            .notNull()
            .defaultTo("pending")
            .check(check("status", ["pending", "submitted", "confirmed", "failed"])),
        )
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
        .addColumn("status", "text", (c) =>
          c
            .notNull()
            .defaultTo("pending")
            .check(check("status", ["pending", "submitted", "confirmed", "failed"])),
        )
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
        .addColumn("state", "text", (c) =>
          c
            .notNull()
            .defaultTo("pending")
            .check(check("state", ["pending", "confirmed", "cancelled"])),
        )
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
  ...backOfficeMigrations,
  ...refundMigrations,
  ...memberNoticeMigrations,
  ...monthEndMigrations,
  ...closingMigrations,
  ...chainCallMigrations,
  ...operatorSecurityMigrations,
  ...moneyInMigrations,
  ...merchantMigrations,
  ...changeMigrations,
};
