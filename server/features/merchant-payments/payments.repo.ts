import type { AppTx, PaymentStateName } from "../../db/schema";

/** A payment with its merchant and the status of its move (payments.service.ts reads every payment through here). */
export function paymentsWithMoves(db: AppTx) {
  return db
    .selectFrom("payments as p")
    .innerJoin("merchants as m", "m.id", "p.merchant_id")
    .leftJoin("outbox_transfers as t", "t.id", "p.transfer_id")
    .select([
      "p.id",
      "p.public_id",
      "p.merchant_id",
      "p.order_id",
      "p.item_name",
      "p.amount",
      "p.fee",
      "p.return_url",
      "p.cancel_url",
      "p.state",
      "p.cancelled_amount",
      "p.member_id",
      "p.transfer_id",
      "p.expires_at",
      "p.paid_at",
      "p.created_at",
      "m.name as merchant_name",
      "m.member_id as owner_id",
      "m.state as merchant_state",
      "t.status as transfer_status",
      "t.tx_hash",
    ]);
}
export type PaymentRow = NonNullable<Awaited<ReturnType<ReturnType<typeof paymentsWithMoves>["executeTakeFirst"]>>>;

export const paymentByPublicId = (db: AppTx, publicId: string) =>
  paymentsWithMoves(db).where("p.public_id", "=", publicId).executeTakeFirst();

/** A page of a merchant's payments, newest first, after the cursor (an id). */
export async function paymentsPage(
  db: AppTx,
  merchantId: number,
  q: { from?: string; to?: string; state?: PaymentStateName; limit: number; cursor?: number },
) {
  let s = paymentsWithMoves(db).where("p.merchant_id", "=", merchantId);
  if (q.from) s = s.where("p.created_at", ">=", new Date(q.from).toISOString());
  if (q.to) s = s.where("p.created_at", "<", new Date(q.to).toISOString());
  if (q.state) s = s.where("p.state", "=", q.state);
  if (q.cursor) s = s.where("p.id", "<", q.cursor);
  const rows = await s
    .orderBy("p.id", "desc")
    .limit(q.limit + 1)
    .execute();
  const more = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  return { rows: page, nextCursor: more ? Number(page[page.length - 1].id) : null };
}

/** The cancellations of these payments, oldest first, with their moves' status. */
export async function cancelsOf(db: AppTx, paymentIds: number[]) {
  if (paymentIds.length === 0) return [];
  return db
    .selectFrom("payment_cancels as c")
    .innerJoin("outbox_transfers as t", "t.id", "c.transfer_id")
    .select(["c.id", "c.payment_id", "c.amount", "c.reason", "c.state", "c.created_at", "t.status as transfer_status", "t.tx_hash"])
    .where("c.payment_id", "in", paymentIds)
    .orderBy("c.id")
    .execute();
}

/** Moves a payment from one state to another only while it is still in `from` (and as `where` says). */
export async function movePayment(
  db: AppTx,
  id: number,
  from: PaymentStateName[],
  set: Partial<{
    state: PaymentStateName;
    member_id: number | null;
    transfer_id: number | null;
    paid_at: string | null;
    cancelled_amount: number;
  }>,
  where: { cancelledAmount?: number; transferId?: number; notExpiredAt?: string } = {},
): Promise<boolean> {
  let q = db
    .updateTable("payments")
    .set({ ...set, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .where("state", "in", from);
  if (where.cancelledAmount !== undefined) q = q.where("cancelled_amount", "=", where.cancelledAmount);
  if (where.transferId !== undefined) q = q.where("transfer_id", "=", where.transferId);
  if (where.notExpiredAt !== undefined) q = q.where("expires_at", ">", where.notExpiredAt);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
