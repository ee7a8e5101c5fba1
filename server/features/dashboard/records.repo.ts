import type { AppTx } from "../../db/schema";

/** The operator chain call (mint, burn, block…) sent as this transaction, if any. */
export async function chainCallByHash(db: AppTx, hash: string) {
  return db.selectFrom("chain_calls").select(["id", "method", "args", "status"]).where("tx_hash", "=", hash).executeTakeFirst();
}

/** The buy orders the approval transfers of one transaction resolved, by transfer id. */
export async function ordersOfTransaction(
  db: AppTx,
  hash: string,
): Promise<Map<number, { id: number; order_no: string; member_id: number }>> {
  const rows = await db
    .selectFrom("outbox_transfers as t")
    .innerJoin("buy_orders as o", "o.transfer_id", "t.id")
    .select(["t.id as transfer_id", "o.id", "o.order_no", "o.member_id"])
    .where("t.tx_hash", "=", hash)
    .execute();
  return new Map(rows.map((r) => [Number(r.transfer_id), { id: Number(r.id), order_no: r.order_no, member_id: Number(r.member_id) }]));
}

/** Confirmed operator chain calls of one method with their tx hashes (mint and burn legs of the reconciliation). */
export async function confirmedCallHashes(db: AppTx): Promise<Set<string>> {
  const rows = await db
    .selectFrom("chain_calls")
    .select("tx_hash")
    .where("status", "=", "confirmed")
    .where("tx_hash", "is not", null)
    .execute();
  return new Set(rows.map((r) => r.tx_hash!.toLowerCase()));
}

/** Mint and burn calls that are confirmed (their leg must be on chain) or not resolved yet (a difference to look at). */
export async function supplyCalls(db: AppTx) {
  return db
    .selectFrom("chain_calls")
    .select(["id", "method", "args", "status", "tx_hash", "updated_at"])
    .where("method", "in", ["mint", "burn"])
    .where("status", "in", ["confirmed", "pending", "submitted"])
    .orderBy("id")
    .execute();
}

/**
 * What the settlement escrow should hold by the orders: the amounts whose request reached it (confirmed), less
 * those burned (승인) and those returned (삭제 with a confirmed return).
 */
export async function escrowByOrders(db: AppTx): Promise<bigint> {
  const rows = await db
    .selectFrom("settlement_orders as s")
    .innerJoin("outbox_transfers as rq", "rq.id", "s.request_transfer_id")
    .leftJoin("outbox_transfers as rt", "rt.id", "s.return_transfer_id")
    .select(["s.value", "s.state", "rt.status as return_status"])
    .where("rq.status", "=", "confirmed")
    .execute();
  let held = 0n;
  for (const r of rows) if (r.state !== "approved" && !(r.state === "deleted" && r.return_status === "confirmed")) held += BigInt(r.value);
  return held;
}

/**
 * What the refund escrow should hold by the orders: each order whose request reached it (confirmed), less the
 * paid ones (burned) and the rejected ones whose return is confirmed. Reconciliation compares it with the chain.
 */
export async function escrowByRefunds(db: AppTx): Promise<bigint> {
  const rows = await db
    .selectFrom("refund_orders as r")
    .innerJoin("outbox_transfers as rq", "rq.id", "r.request_transfer_id")
    .leftJoin("outbox_transfers as rt", "rt.id", "r.return_transfer_id")
    .select(["rq.value", "r.state", "rt.status as return_status"])
    .where("rq.status", "=", "confirmed")
    .execute();
  let held = 0n;
  for (const r of rows) if (r.state !== "paid" && !(r.state === "rejected" && r.return_status === "confirmed")) held += BigInt(r.value);
  return held;
}

/** How many orders are 지급 완료. */
export async function paidCount(db: AppTx): Promise<number> {
  const r = await db
    .selectFrom("refund_orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("state", "=", "paid")
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Paid orders whose burn is not a confirmed call (must be none: 지급 완료 only follows a confirmed burn). */
export async function paidWithoutBurn(db: AppTx): Promise<number[]> {
  const rows = await db
    .selectFrom("refund_orders as r")
    .leftJoin("chain_calls as c", "c.id", "r.burn_call_id")
    .select("r.id")
    .where("r.state", "=", "paid")
    .where((eb) => eb.or([eb("c.status", "is", null), eb("c.status", "!=", "confirmed")]))
    .execute();
  return rows.map((r) => Number(r.id));
}

/**
 * 구매확정 orders whose transfer failed on chain: the reconciliation's own read of the purchase records (the
 * purchases job reopens them; until it has, the books show them here).
 */
export async function confirmedOrdersWithFailedTransfer(db: AppTx): Promise<number[]> {
  const rows = await db
    .selectFrom("buy_orders as o")
    .innerJoin("outbox_transfers as t", "t.id", "o.transfer_id")
    .select("t.id")
    .where("o.state", "=", "confirmed")
    .where("t.status", "=", "failed")
    .where("t.kind", "=", "buy")
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The bank's credits against the purchases they confirmed (issue 51): a confirmed or matched deposit whose order is
 * not confirmed for that amount by a treasury → member `buy` move of that amount, and an order confirmed by the
 * bank (a virtual account's notice, a linked account's debit) with no credit of the bank on record.
 */
export async function bankCreditsOff(
  db: AppTx,
): Promise<{ deposits: { id: number; amount: number }[]; orders: { id: number; value: number }[] }> {
  const deposits = await db
    .selectFrom("bank_deposits as d")
    .leftJoin("buy_orders as o", "o.id", "d.order_id")
    .leftJoin("outbox_transfers as t", "t.id", "o.transfer_id")
    .select(["d.id", "d.amount"])
    .where("d.state", "in", ["confirmed", "matched"])
    .where((eb) =>
      eb.or([
        eb("o.id", "is", null),
        eb("o.state", "!=", "confirmed"),
        eb("o.value", "!=", eb.ref("d.amount")),
        eb("t.id", "is", null),
        eb("t.kind", "!=", "buy"),
        eb("t.value", "!=", eb.ref("d.amount")),
        eb("t.status", "=", "failed"),
      ]),
    )
    .execute();
  const orders = await db
    .selectFrom("buy_orders as o")
    .select(["o.id", "o.value"])
    .where("o.state", "=", "confirmed")
    .where("o.confirmed_by", "in", ["auto", "linked"])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("bank_deposits as d")
            .select("d.id")
            .whereRef("d.order_id", "=", "o.id")
            .where("d.state", "in", ["confirmed", "matched"]),
        ),
      ),
    )
    .execute();
  return {
    deposits: deposits.map((d) => ({ id: Number(d.id), amount: Number(d.amount) })),
    orders: orders.map((o) => ({ id: Number(o.id), value: Number(o.value) })),
  };
}

/** The bank's credits that confirmed purchases, and their sum (the reconciliation's line). */
export async function bankCreditTotals(db: AppTx): Promise<{ count: number; sum: number }> {
  const r = await db
    .selectFrom("bank_deposits")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.sum<number>("amount").as("s")])
    .where("state", "in", ["confirmed", "matched"])
    .executeTakeFirst();
  return { count: Number(r?.n ?? 0), sum: Number(r?.s ?? 0) };
}
