import { sql, type Kysely, type Migration } from "kysely";
import { columnTypes } from "../../db/open";

/**
 * Money in without an operator (issue 51; server/features/purchases/README.md "Money in"): how each buy order is paid
 * and was confirmed, the bank's callbacks seen once, every deposit the bank reported (the operators' queue of those
 * the machine could not match), members' linked own-name accounts.
 */
export const moneyInMigrations: Record<string, Migration> = {
  "2026-12-09-money-in": {
    async up(db: Kysely<any>) {
      const t = columnTypes(db);
      // deposit: the main account, an operator approves; virtual: the order's own account, the bank's notice confirms;
      // linked: a debit of the member's linked account. confirmed_by: auto / manual / linked (NULL while open).
      await db.schema
        .alterTable("buy_orders")
        .addColumn("method", "text", (c) => c.notNull().defaultTo("deposit"))
        .execute();
      await db.schema.alterTable("buy_orders").addColumn("confirmed_by", "text").execute();
      await db.schema.alterTable("buy_orders").addColumn("debit_id", "text").execute();
      await db.schema.createIndex("buy_orders_account").on("buy_orders").column("bank_account").execute();
      await db.schema.createIndex("buy_orders_debit").on("buy_orders").column("debit_id").unique().execute();

      // Every callback that passed its signature, once: the unique event id is the replay guard across processes.
      await db.schema
        .createTable("bank_events")
        .addColumn("id", t.id, t.idOptions)
        .addColumn("event_id", "text", (c) => c.notNull().unique())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("payload", "text", (c) => c.notNull())
        .addColumn("outcome", "text", (c) => c.notNull())
        .addColumn("order_id", "bigint", (c) => c.references("buy_orders.id"))
        .addColumn("received_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("bank_events_received").on("bank_events").columns(["received_at", "id"]).execute();

      // Deposits the bank reported (callbacks) or a statement showed: confirmed ones, and the queue (review) with its
      // outcomes (matched to an order, returned to the sender, held with a reason).
      await db.schema
        .createTable("bank_deposits")
        .addColumn("id", t.id, t.idOptions)
        .addColumn("source", "text", (c) => c.notNull().check(sql`source IN ('callback','statement')`))
        .addColumn("event_id", "text", (c) => c.unique())
        .addColumn("statement_key", "text", (c) => c.unique())
        .addColumn("account_number", "text")
        .addColumn("amount", "bigint", (c) => c.notNull().check(sql`amount > 0`))
        .addColumn("depositor_name", "text", (c) => c.notNull())
        .addColumn("deposited_at", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull().check(sql`state IN ('confirmed','review','matched','returned','held','known')`))
        .addColumn("reason", "text")
        .addColumn("order_id", "bigint", (c) => c.references("buy_orders.id"))
        .addColumn("note", "text")
        .addColumn("admin_id", "bigint", (c) => c.references("admins.id"))
        .addColumn("decided_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("bank_deposits_state").on("bank_deposits").columns(["state", "created_at"]).execute();
      await db.schema.createIndex("bank_deposits_order").on("bank_deposits").column("order_id").execute();

      // A member's linked own-name account: the provider's link id and the masked number only.
      await db.schema
        .createTable("linked_accounts")
        .addColumn("id", t.id, t.idOptions)
        .addColumn("member_id", "bigint", (c) => c.notNull().references("members.id"))
        .addColumn("bank_name", "text", (c) => c.notNull())
        .addColumn("account_masked", "text", (c) => c.notNull())
        .addColumn("link_id", "text", (c) => c.notNull().unique())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("removed_at", "text")
        .execute();
      // The audit log's actor for what the bank's notices confirm ("자동 확인"): an operator record that cannot log in
      // (deleted, no usable password) and whose login id no person can take (operator ids are letters and digits).
      await db
        .insertInto("admins")
        .values({
          login_id: "@bank",
          password_hash: "!",
          permission: 1,
          flags: "{}",
          created_at: new Date().toISOString(),
          deleted_at: new Date().toISOString(),
        })
        .execute();
      await db.schema.createIndex("linked_accounts_member").on("linked_accounts").columns(["member_id", "removed_at"]).execute();
    },
  },
};
