import type { AppTx } from "../../db/schema";

export interface PageQuery {
  limit: number;
  offset: number;
  sortBy: "created_at" | "value";
  desc: boolean;
}

/** A member's buy orders with the tx hash of each approval. */
export async function buyOrdersPage(db: AppTx, memberId: number, q: PageQuery) {
  const dir = q.desc ? "desc" : "asc";
  const [count, rows] = await Promise.all([
    db
      .selectFrom("buy_orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("member_id", "=", memberId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("buy_orders as b")
      .leftJoin("outbox_transfers as t", "t.id", "b.transfer_id")
      .select([
        "b.id",
        "b.order_no",
        "b.value",
        "b.state",
        "b.created_at",
        "b.expires_at",
        "b.confirmed_at",
        "b.bank_name",
        "b.bank_account",
        "b.owner_name",
        "b.method",
        "t.tx_hash",
      ])
      .where("b.member_id", "=", memberId)
      .orderBy(`b.${q.sortBy}`, dir)
      .orderBy("b.id", dir)
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
  ]);
  return { total: Number(count.n), rows };
}

/** The merchant payments these moves paid or gave back (issue 52), by move id. */
export async function merchantPaymentsOfMoves(db: AppTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, { paymentId: string; orderId: string; itemName: string; merchantName: string }>();
  const pick = ["p.public_id", "p.order_id", "p.item_name", "m.name as merchant_name"] as const;
  const [paid, cancels] = await Promise.all([
    db
      .selectFrom("payments as p")
      .innerJoin("merchants as m", "m.id", "p.merchant_id")
      .select([...pick, "p.transfer_id as move_id"])
      .where("p.transfer_id", "in", ids)
      .execute(),
    db
      .selectFrom("payment_cancels as c")
      .innerJoin("payments as p", "p.id", "c.payment_id")
      .innerJoin("merchants as m", "m.id", "p.merchant_id")
      .select([...pick, "c.transfer_id as move_id"])
      .where("c.transfer_id", "in", ids)
      .execute(),
  ]);
  return new Map(
    [...paid, ...cancels].map((r) => [
      Number(r.move_id),
      { paymentId: r.public_id, orderId: r.order_id, itemName: r.item_name, merchantName: r.merchant_name },
    ]),
  );
}

/** A member's market uses (sent), or gifts (sent, and received once confirmed), failed ones left out. */
export async function movesPage(db: AppTx, memberId: number, kind: "use" | "gift", q: PageQuery) {
  const dir = q.desc ? "desc" : "asc";
  // The kind sits in each branch, so each is a seek of its index (outbox_member, outbox_counterparty):
  // a member's history costs its own rows, not every row of the kind.
  const base = db
    .selectFrom("outbox_transfers as t")
    .where("t.status", "!=", "failed")
    .where((eb) =>
      kind === "use"
        ? eb.or([
            eb.and([eb("t.member_id", "=", memberId), eb("t.kind", "=", "use")]),
            // A merchant's cancellation gives money back on this tab, once confirmed (issue 52).
            eb.and([eb("t.counterparty_member_id", "=", memberId), eb("t.kind", "=", "payment_cancel"), eb("t.status", "=", "confirmed")]),
          ])
        : eb.or([
            eb.and([eb("t.member_id", "=", memberId), eb("t.kind", "=", kind)]),
            eb.and([eb("t.counterparty_member_id", "=", memberId), eb("t.kind", "=", kind), eb("t.status", "=", "confirmed")]),
          ]),
    );
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    base
      .leftJoin("members as sm", "sm.id", "t.member_id")
      .leftJoin("members as rm", "rm.id", "t.counterparty_member_id")
      .select([
        "t.id",
        "t.kind",
        "t.from_address",
        "t.to_address",
        "t.value",
        "t.fee",
        "t.status",
        "t.tx_hash",
        "t.created_at",
        "t.member_id",
        "sm.username as from_username",
        "rm.username as to_username",
      ])
      .orderBy(`t.${q.sortBy}`, dir)
      .orderBy("t.id", dir)
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
  ]);
  return { total: Number(count.n), rows };
}
