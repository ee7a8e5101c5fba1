import type { AppTx, BuyOrder } from "../../db/schema";
import { nowIso } from "../../db/app-db";

export type BuyOrderRow = BuyOrder;

export async function mainBankAccount(db: AppTx) {
  return db
    .selectFrom("bank_accounts")
    .select(["bank_name", "bank_account", "owner_name"])
    .where("is_main", "=", 1)
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
}

export async function insertBuyOrder(
  db: AppTx,
  o: {
    order_no: string;
    member_id: number;
    value: number;
    bank_name: string;
    bank_account: string;
    owner_name: string;
    created_at: string;
    expires_at: string;
    method?: "deposit" | "virtual" | "linked";
    debit_id?: string | null;
  },
): Promise<BuyOrderRow> {
  return db
    .insertInto("buy_orders")
    .values({ ...o, state: "pending" })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function buyOrder(db: AppTx, id: number): Promise<BuyOrderRow | undefined> {
  return db.selectFrom("buy_orders").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Locks the order row (PostgreSQL) and reads it: approval and cancellation of one order run one at a time. */
export async function buyOrderForUpdate(trx: AppTx, id: number, postgres: boolean): Promise<BuyOrderRow | undefined> {
  const q = trx.selectFrom("buy_orders").selectAll().where("id", "=", id);
  return (postgres ? q.forUpdate() : q).executeTakeFirst();
}

export async function confirmBuyOrder(
  db: AppTx,
  id: number,
  transferId: number,
  at: string,
  by: "auto" | "manual" | "linked",
): Promise<void> {
  await db
    .updateTable("buy_orders")
    .set({ state: "confirmed", transfer_id: transferId, confirmed_at: at, confirmed_by: by })
    .where("id", "=", id)
    .execute();
}

/**
 * A confirmed order whose transfer failed on chain goes back to awaiting deposit, with a new deadline `expiresAt`:
 * its money was received, and the old deadline may be minutes away (or past, for a failure known late), which
 * would cancel it before an operator could approve it again.
 */
export async function reopenBuyOrderOfTransfer(db: AppTx, transferId: number, expiresAt: string): Promise<number> {
  const r = await db
    .updateTable("buy_orders")
    .set({ state: "pending", transfer_id: null, confirmed_at: null, confirmed_by: null, expires_at: expiresAt })
    .where("transfer_id", "=", transferId)
    .where("state", "=", "confirmed")
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The transfers of 구매확정 orders that failed on chain (their orders are to be reopened). */
export async function confirmedOrdersWithFailedTransfer(db: AppTx): Promise<number[]> {
  // From the failed buy rows (few; the outbox's kind/status index), to their orders by index.
  const rows = await db
    .selectFrom("outbox_transfers as t")
    .innerJoin("buy_orders as o", "o.transfer_id", "t.id")
    .select("t.id")
    .where("t.kind", "=", "buy")
    .where("t.status", "=", "failed")
    .where("o.state", "=", "confirmed")
    .execute();
  return rows.map((r) => r.id);
}

/** Cancels a pending order; false when it was not pending. */
export async function cancelBuyOrder(db: AppTx, id: number): Promise<boolean> {
  const r = await db
    .updateTable("buy_orders")
    .set({ state: "cancelled", cancelled_at: nowIso() })
    .where("id", "=", id)
    .where("state", "=", "pending")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The member's own pending order turns cancelled; false when it is not theirs or no longer pending. */
export async function cancelMemberBuyOrder(db: AppTx, id: number, memberId: number): Promise<boolean> {
  const r = await db
    .updateTable("buy_orders")
    .set({ state: "cancelled", cancelled_at: nowIso() })
    .where("id", "=", id)
    .where("member_id", "=", memberId)
    .where("state", "=", "pending")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function expirePendingOrders(
  db: AppTx,
  now: string,
): Promise<{ id: number; order_no: string; member_id: number; value: number; method: string; bank_account: string | null }[]> {
  return db
    .updateTable("buy_orders")
    .set({ state: "cancelled", cancelled_at: now })
    .where("state", "=", "pending")
    .where("expires_at", "<=", now)
    .returning(["id", "order_no", "member_id", "value", "method", "bank_account"])
    .execute();
}

/** An order's expiredAt as the back-office shows it: its deadline while it waits, then the moment it closed. */
export function closedAt(o: { expires_at: string; confirmed_at: string | null; cancelled_at: string | null }): string {
  return o.confirmed_at ?? o.cancelled_at ?? o.expires_at;
}

/**
 * An order matched by an operator to a deposit: it waits again if its deadline cancelled it (a late deposit) and
 * takes the amount received, so the confirmation that follows issues what was paid.
 */
export async function reopenForDeposit(db: AppTx, id: number, value: number): Promise<void> {
  await db
    .updateTable("buy_orders")
    .set({ state: "pending", cancelled_at: null, value })
    .where("id", "=", id)
    .where("state", "in", ["pending", "cancelled"])
    .execute();
}
