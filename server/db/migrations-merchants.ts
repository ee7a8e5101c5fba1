import { sql, type Kysely, type Migration } from "kysely";
import { columnTypes } from "../../db/open";
import { widenCheck } from "./migrations-refunds";

/**
 * Merchant payments (issue 52; server/features/merchant-payments/README.md): merchants (a shop owner with a name, keys
 * and a webhook), their payments and cancellations, and the webhook events with every delivery attempt. A payment's
 * money move is a market use (outbox kind `use`); a cancellation's move back is the new kind `payment_cancel`.
 */
export const merchantMigrations: Record<string, Migration> = {
  "2026-12-16-merchant-payments": {
    async up(db: Kysely<any>) {
      const t = columnTypes(db);
      await widenCheck(db, "outbox_transfers", "kind", "refund_return", ["payment_cancel"]);
      await db.schema
        .createTable("merchants")
        .addColumn("id", t.id, t.idOptions)
        .addColumn("member_id", "bigint", (c) => c.notNull().unique().references("members.id"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull().check(sql`state IN ('active','suspended')`))
        .addColumn("webhook_url", "text")
        // The signing secret, sealed with KEY_ENCRYPTION_KEY (server/custody/crypto.ts): it must be read to sign.
        .addColumn("webhook_secret", "text")
        .addColumn("webhook_secret_prefix", "text")
        .addColumn("created_by", "bigint", (c) => c.references("admins.id"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();

      // Several live keys at once (rotation without downtime); only the SHA-256 is kept.
      await db.schema
        .createTable("merchant_keys")
        .addColumn("id", t.id, t.idOptions)
        .addColumn("merchant_id", "bigint", (c) => c.notNull().references("merchants.id"))
        .addColumn("prefix", "text", (c) => c.notNull())
        .addColumn("key_hash", "text", (c) => c.notNull().unique())
        .addColumn("label", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("last_used_at", "text")
        .addColumn("revoked_at", "text")
        .execute();
      await db.schema.createIndex("merchant_keys_merchant").on("merchant_keys").columns(["merchant_id", "revoked_at"]).execute();

      await db.schema
        .createTable("payments")
        .addColumn("id", t.id, t.idOptions)
        .addColumn("public_id", "text", (c) => c.notNull().unique())
        .addColumn("merchant_id", "bigint", (c) => c.notNull().references("merchants.id"))
        .addColumn("order_id", "text", (c) => c.notNull())
        .addColumn("item_name", "text", (c) => c.notNull())
        .addColumn("amount", "bigint", (c) => c.notNull().check(sql`amount > 0`))
        .addColumn("fee", "bigint", (c) => c.notNull())
        .addColumn("return_url", "text", (c) => c.notNull())
        .addColumn("cancel_url", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull().check(sql`state IN ('pending','paid','partially_cancelled','cancelled','expired')`))
        .addColumn("cancelled_amount", "bigint", (c) =>
          c.notNull().defaultTo(0).check(sql`cancelled_amount >= 0 AND cancelled_amount <= amount`),
        )
        .addColumn("member_id", "bigint", (c) => c.references("members.id"))
        .addColumn("transfer_id", "bigint", (c) => c.references("outbox_transfers.id"))
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("paid_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("payments_order").on("payments").columns(["merchant_id", "order_id"]).unique().execute();
      await db.schema.createIndex("payments_merchant_created").on("payments").columns(["merchant_id", "created_at", "id"]).execute();
      await db.schema.createIndex("payments_state_expires").on("payments").columns(["state", "expires_at"]).execute();
      await db.schema.createIndex("payments_transfer").on("payments").column("transfer_id").execute();
      await db.schema.createIndex("payments_member").on("payments").columns(["member_id", "created_at"]).execute();

      await db.schema
        .createTable("payment_cancels")
        .addColumn("id", t.id, t.idOptions)
        .addColumn("payment_id", "bigint", (c) => c.notNull().references("payments.id"))
        .addColumn("amount", "bigint", (c) => c.notNull().check(sql`amount > 0`))
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("transfer_id", "bigint", (c) => c.notNull().references("outbox_transfers.id"))
        // sent: recorded (and its move sent); failed: the move failed on chain, the amount counted back as not cancelled.
        .addColumn("state", "text", (c) => c.notNull().check(sql`state IN ('sent','failed')`))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("payment_cancels_payment").on("payment_cancels").column("payment_id").execute();
      await db.schema.createIndex("payment_cancels_transfer").on("payment_cancels").column("transfer_id").unique().execute();

      // An event is recorded in the transaction of what it tells; `transfer_id` set: delivered only once that move is
      // confirmed (void if it failed). Delivery is claimed by a lease, so two processes never send one attempt twice.
      await db.schema
        .createTable("webhook_events")
        .addColumn("id", t.id, t.idOptions)
        .addColumn("public_id", "text", (c) => c.notNull().unique())
        .addColumn("merchant_id", "bigint", (c) => c.notNull().references("merchants.id"))
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("payment_id", "bigint", (c) => c.references("payments.id"))
        .addColumn("transfer_id", "bigint", (c) => c.references("outbox_transfers.id"))
        .addColumn("payload", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull().check(sql`state IN ('pending','delivered','failed','void')`))
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "text", (c) => c.notNull())
        .addColumn("lease_until", "text")
        // Which process holds the lease (host:pid), for the operations view and the takeover test.
        .addColumn("lease_owner", "text")
        .addColumn("last_status", "integer")
        .addColumn("delivered_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("webhook_events_due").on("webhook_events").columns(["state", "next_attempt_at"]).execute();
      await db.schema.createIndex("webhook_events_merchant").on("webhook_events").columns(["merchant_id", "created_at", "id"]).execute();

      await db.schema
        .createTable("webhook_attempts")
        .addColumn("id", t.id, t.idOptions)
        .addColumn("event_id", "bigint", (c) => c.notNull().references("webhook_events.id"))
        .addColumn("url", "text", (c) => c.notNull())
        .addColumn("status", "integer")
        .addColumn("latency_ms", "integer", (c) => c.notNull())
        .addColumn("excerpt", "text")
        .addColumn("error", "text")
        .addColumn("attempted_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("webhook_attempts_event").on("webhook_attempts").columns(["event_id", "id"]).execute();
    },
  },
};
