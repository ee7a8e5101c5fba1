import type { AppTx } from "../../db/schema";

/**
 * Events due now whose move (if any) is confirmed, oldest due first: the dispatcher's candidates. An event waiting on
 * a move still pending is not due yet; one whose move failed was made void (payments.service.ts followPayments).
 */
export function dueEvents(db: AppTx, now: string, limit: number, busyMerchants: number[] = []) {
  let q = db
    .selectFrom("webhook_events as e")
    .leftJoin("outbox_transfers as t", "t.id", "e.transfer_id")
    .select(["e.id", "e.merchant_id"])
    .where("e.state", "=", "pending")
    .where("e.next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("e.lease_until", "is", null), eb("e.lease_until", "<", now)]))
    .where((eb) => eb.or([eb("e.transfer_id", "is", null), eb("t.status", "=", "confirmed")]));
  // Merchants whose slots are all taken are left out of the scan, so their backlog never hides the others' events.
  if (busyMerchants.length > 0) q = q.where("e.merchant_id", "not in", busyMerchants);
  return q.orderBy("e.next_attempt_at").orderBy("e.id").limit(limit).execute();
}

/** Takes an event for one attempt until `until`, unless another process holds it (true when taken). */
export async function leaseEvent(db: AppTx, id: number, now: string, until: string, owner: string): Promise<boolean> {
  const r = await db
    .updateTable("webhook_events")
    .set({ lease_until: until, lease_owner: owner })
    .where("id", "=", id)
    .where("state", "=", "pending")
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const eventById = (db: AppTx, id: number) => db.selectFrom("webhook_events").selectAll().where("id", "=", id).executeTakeFirst();

export function merchantTarget(db: AppTx, merchantId: number) {
  return db.selectFrom("merchants").select(["webhook_url", "webhook_secret", "state"]).where("id", "=", merchantId).executeTakeFirst();
}

/** A page of a merchant's events, newest first, each with its last attempts. */
export async function deliveriesPage(db: AppTx, merchantId: number, q: { limit: number; cursor?: number }) {
  let s = db
    .selectFrom("webhook_events as e")
    .leftJoin("payments as p", "p.id", "e.payment_id")
    .select([
      "e.id",
      "e.public_id",
      "e.type",
      "e.state",
      "e.attempts",
      "e.last_status",
      "e.next_attempt_at",
      "e.delivered_at",
      "e.created_at",
      "p.public_id as payment_public_id",
    ])
    .where("e.merchant_id", "=", merchantId);
  if (q.cursor) s = s.where("e.id", "<", q.cursor);
  const rows = await s
    .orderBy("e.id", "desc")
    .limit(q.limit + 1)
    .execute();
  const page = rows.slice(0, q.limit);
  const attempts =
    page.length === 0
      ? []
      : await db
          .selectFrom("webhook_attempts")
          .selectAll()
          .where(
            "event_id",
            "in",
            page.map((r) => Number(r.id)),
          )
          .orderBy("id", "desc")
          .execute();
  return { page, attempts, nextCursor: rows.length > q.limit ? Number(page[page.length - 1].id) : null };
}
