import type { Kysely, Migration } from "kysely";

/**
 * 회원 탈퇴 (issue 36 item 3): what a closed account keeps beyond its minimised row.
 * - `members.closed_phone_hash`: a keyed hash (HMAC-SHA256 with PIN_KEY) of the phone the account had, so a login
 *   with that phone and the account's password is told '탈퇴한 회원입니다.' instead of a wrong password; the number
 *   itself is gone (the phone may sign up again).
 * - `refund_orders.notify_phone`: the phone of a closing member, kept on that member's closing refund only until its
 *   outcome (paid / rejected) has been sent to it, then cleared.
 */
export const closingMigrations: Record<string, Migration> = {
  "2026-12-06-closing": {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("members").addColumn("closed_phone_hash", "text").execute();
      await db.schema.createIndex("members_closed_phone_hash").on("members").column("closed_phone_hash").execute();
      await db.schema.alterTable("refund_orders").addColumn("notify_phone", "text").execute();
    },
  },
};
