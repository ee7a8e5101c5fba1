import { sql, type Kysely, type Migration } from "kysely";
import { columnTypes, compareBytewise, dialectOf } from "../../db/open";

/** The app store's migrations from the back-office on (appended to in name order; migrations.ts has the first ones). */
export const backOfficeMigrations: Record<string, Migration> = {
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

  // Inquiries are stored as typed (server/features/boards/README.md): the rows stored escaped, with <br> line
  // breaks, get their text back.
  "2026-11-24-inquiry-as-typed": {
    async up(db: Kysely<any>) {
      const rows = (await db.selectFrom("boards").select(["id", "content"]).where("type", "=", "inquiry").execute()) as {
        id: number;
        content: string;
      }[];
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
      await db.schema
        .createIndex("outbox_from_status")
        .on("outbox_transfers")
        .columns(["from_address", "status", "block_number"])
        .execute();
      await db.schema.dropIndex("outbox_kind_created").execute();
      await db.schema.createIndex("outbox_kind_created").on("outbox_transfers").columns(["kind", "created_at", "id"]).execute();
      await db.schema
        .createIndex("outbox_kind_status_created")
        .on("outbox_transfers")
        .columns(["kind", "status", "created_at", "id"])
        .execute();
      await db.schema.createIndex("outbox_status_created").on("outbox_transfers").columns(["status", "created_at", "id"]).execute();
      // A member's received gifts (history.repo movesPage): counterparty, kind and status, all three equalities.
      await db.schema.dropIndex("outbox_counterparty").execute();
      await db.schema
        .createIndex("outbox_counterparty")
        .on("outbox_transfers")
        .columns(["counterparty_member_id", "kind", "status"])
        .execute();
      // The business move of a chain transfer (the dashboard names each row by it).
      await db.schema.createIndex("outbox_tx_hash").on("outbox_transfers").column("tx_hash").execute();
    },
  },
  // The buy order an approval transfer resolved (the dashboard's transaction detail), by index, not by a scan.
  "2026-11-27-buy-order-transfer": {
    async up(db: Kysely<any>) {
      await db.schema.createIndex("buy_orders_transfer").on("buy_orders").column("transfer_id").execute();
    },
  },
  // Machine keys compared bytewise on PostgreSQL (db/open.ts compareBytewise): addresses, hashes, the outbox's
  // kind/status/created_at (its list indexes) and phone numbers. People's names keep the database's collation.
  "2026-11-28-bytewise-keys": {
    async up(db: Kysely<any>) {
      await compareBytewise(db, "wallets", ["address"]);
      await compareBytewise(db, "outbox_transfers", ["from_address", "to_address", "tx_hash", "nonce", "kind", "status", "created_at"]);
      await compareBytewise(db, "members", ["phonenumber"]);
    },
  },
  // A settlement order by its request or return transfer: the orders whose move failed on chain are followed
  // (services/settlement.ts followFailedMoves) from the failed rows, by index.
  "2026-11-29-settlement-moves": {
    async up(db: Kysely<any>) {
      await db.schema.createIndex("settlement_orders_request").on("settlement_orders").column("request_transfer_id").execute();
      await db.schema.createIndex("settlement_orders_return").on("settlement_orders").column("return_transfer_id").execute();
    },
  },
  // An Idempotency-Key names the token call its request recorded (a mint), as it names an outbox row: a retry of
  // a request that died, or that answered 5xx after the call was sent, is resolved from the call.
  "2026-11-30-idempotent-calls": {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("idempotency").addColumn("call_id", "integer").execute();
    },
  },
  // What an operator wallet sent today, this week and this month (the wallet page's date_value) by index: the
  // treasury's month was read through every confirmed row of the month (116 ms at 1 M outbox rows; 2.7 ms so).
  "2026-12-01-outbox-sent-by-date": {
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex("outbox_from_status_created")
        .on("outbox_transfers")
        .columns(["from_address", "status", "created_at"])
        .execute();
    },
  },
  // An account-wide login lock that no change of client address resets (the per-address lock alone was walked around): the times of the recent wrong
  // passwords of one login (member phone or operator id, from every address), and when they locked it. In the store,
  // so a restart or another process behind the load balancer sees the same count.
  "2026-12-02-account-lockouts": {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("account_lockouts")
        .addColumn("subject", "text", (c) => c.primaryKey())
        .addColumn("failed_at", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("locked_at", "text")
        .execute();
    },
  },
  // Saved views of the big lists (features/saved-views): an operator's named filter sets, per list. The unique
  // key also serves the operator's list of one list's views.
  "2026-12-02-saved-views": {
    async up(db: Kysely<any>) {
      const t = columnTypes(db);
      await db.schema
        .createTable("saved_views")
        .addColumn("id", t.id, t.idOptions)
        .addColumn("admin_id", "bigint", (c) => c.notNull().references("admins.id"))
        .addColumn("list", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("state_json", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addUniqueConstraint("saved_views_admin_list_name", ["admin_id", "list", "name"])
        .execute();
    },
  },
  // Operators' two-factor login (server/auth/README.md): the TOTP secret sealed under KEY_ENCRYPTION_KEY (the pending
  // one of an enrolment not yet confirmed, then the one in force), the last time step accepted (a code is good once),
  // and the recovery codes as keyed hashes, each usable once.
  "2026-12-02-operator-two-factor": {
    async up(db: Kysely<any>) {
      const t = columnTypes(db);
      await db.schema
        .createTable("operator_totp")
        .addColumn("admin_id", "bigint", (c) => c.primaryKey().references("admins.id"))
        .addColumn("pending_secret", "text")
        .addColumn("secret", "text")
        .addColumn("last_step", "bigint")
        .addColumn("enabled_at", "text")
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("operator_recovery_codes")
        .addColumn("id", t.id, t.idOptions)
        .addColumn("admin_id", "bigint", (c) => c.notNull().references("admins.id"))
        .addColumn("code_hash", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("operator_recovery_codes_hash")
        .unique()
        .on("operator_recovery_codes")
        .columns(["admin_id", "code_hash"])
        .execute();
    },
  },
  // Dual control (maker–checker): a proposal of a move one operator makes and a different one approves or rejects.
  // The approval's conditional state change (pending → executing) and the move's record (its chain call or outbox
  // row) are one transaction, so the move runs once whoever approves twice.
  "2026-12-02-proposals": {
    async up(db: Kysely<any>) {
      const t = columnTypes(db);
      await db.schema
        .createTable("proposals")
        .addColumn("id", t.id, t.idOptions)
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("payload_json", "text", (c) => c.notNull())
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) =>
          c.notNull().check(sql`state IN ('pending','executing','approved','rejected','expired','failed')`),
        )
        .addColumn("proposer_id", "bigint", (c) => c.notNull().references("admins.id"))
        .addColumn("proposer_login_id", "text", (c) => c.notNull())
        .addColumn("approver_id", "bigint", (c) => c.references("admins.id"))
        .addColumn("approver_login_id", "text")
        .addColumn("decided_at", "text")
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("call_id", "bigint", (c) => c.references("chain_calls.id"))
        .addColumn("transfer_id", "bigint", (c) => c.references("outbox_transfers.id"))
        .addColumn("tx_hash", "text")
        .addColumn("error", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("proposals_state_created").on("proposals").columns(["state", "created_at", "id"]).execute();
      await db.schema.createIndex("proposals_created").on("proposals").columns(["created_at", "id"]).execute();
    },
  },
  // Rate limits counted across API processes (server/http/rate-limit.ts): rate-limiter-flexible's RateLimiterPostgres
  // table, in its own layout (key, points used, window end in ms). PostgreSQL only: SQLite is one process and counts
  // in memory. Made here rather than by the library at start, so that processes starting together do not race.
  "2026-12-03-rate-limits": {
    async up(db: Kysely<any>) {
      if (dialectOf(db) !== "postgres") return;
      await db.schema
        .createTable("rate_limits")
        .addColumn("key", "varchar(255)", (c) => c.primaryKey())
        .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("expire", "bigint")
        .execute();
    },
  },
  // The personal-data access log (server/features/access-log/README.md; 개인정보의 안전성 확보조치 기준 제8조): who
  // read or downloaded members' personal data, when, what and from where, and why for a download. Append-only in the
  // store itself: a trigger refuses every UPDATE and DELETE (and, on PostgreSQL, TRUNCATE), whatever code runs.
  "2026-12-03-access-log": {
    async up(db: Kysely<any>) {
      const t = columnTypes(db);
      await db.schema
        .createTable("access_log")
        .addColumn("id", t.id, t.idOptions)
        .addColumn("admin_id", "bigint", (c) => c.notNull().references("admins.id"))
        .addColumn("admin_login_id", "text", (c) => c.notNull())
        .addColumn("action", "text", (c) => c.notNull().check(sql`action IN ('read','download')`))
        .addColumn("screen", "text", (c) => c.notNull())
        .addColumn("endpoint", "text", (c) => c.notNull())
        .addColumn("filter_json", "text", (c) => c.notNull())
        .addColumn("row_count", "integer", (c) => c.notNull())
        .addColumn("reason", "text")
        .addColumn("reason_text", "text")
        .addColumn("ip", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("access_log_created").on("access_log").columns(["created_at", "id"]).execute();
      await db.schema.createIndex("access_log_admin").on("access_log").columns(["admin_login_id", "created_at"]).execute();
      await db.schema.createIndex("access_log_screen").on("access_log").columns(["screen", "created_at"]).execute();
      if (dialectOf(db) === "postgres") {
        await sql`CREATE FUNCTION access_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION 'access_log is append-only'; END $$`.execute(db);
        await sql`CREATE TRIGGER access_log_no_change BEFORE UPDATE OR DELETE ON access_log
          FOR EACH ROW EXECUTE FUNCTION access_log_append_only()`.execute(db);
        await sql`CREATE TRIGGER access_log_no_truncate BEFORE TRUNCATE ON access_log
          FOR EACH STATEMENT EXECUTE FUNCTION access_log_append_only()`.execute(db);
      } else {
        await sql`CREATE TRIGGER access_log_no_update BEFORE UPDATE ON access_log
          BEGIN SELECT RAISE(ABORT, 'access_log is append-only'); END`.execute(db);
        await sql`CREATE TRIGGER access_log_no_delete BEFORE DELETE ON access_log
          BEGIN SELECT RAISE(ABORT, 'access_log is append-only'); END`.execute(db);
      }
    },
  },
  // An external chain's transaction lifecycle (server/money/README.md "Transaction lifecycle"): every replacement of a
  // pending transaction of the operator account (same nonce, higher fee; or a filler for a nonce gap), with both
  // hashes, recorded before it is sent, so records and reconciliation follow the hash that landed.
  "2026-12-03-tx-replacements": {
    async up(db: Kysely<any>) {
      const t = columnTypes(db);
      await db.schema
        .createTable("tx_replacements")
        .addColumn("id", t.id, t.idOptions)
        .addColumn("account", "text", (c) => c.notNull())
        .addColumn("nonce", "bigint", (c) => c.notNull())
        .addColumn("old_hash", "text")
        .addColumn("new_hash", "text", (c) => c.notNull().unique())
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("max_fee_per_gas", "text", (c) => c.notNull())
        .addColumn("max_priority_fee_per_gas", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("tx_replacements_old").on("tx_replacements").column("old_hash").execute();
      await db.schema.createIndex("tx_replacements_nonce").on("tx_replacements").columns(["account", "nonce"]).execute();
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
