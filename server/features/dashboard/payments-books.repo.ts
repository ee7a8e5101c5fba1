import type { AppTx } from "../../db/schema";

/**
 * Merchant payments against their moves (issue 52): each paid payment names a confirmed market-use move of its
 * amount from its payer to its merchant's wallet; each cancellation a confirmed move back of its amount; a payment's
 * cancelled amount is the sum of its cancellations; no cancellation move stands without its cancellation. The moves'
 * legs on chain are checked with every other record (reconcile.ts, records ⇄ chain).
 */
export async function merchantPaymentsOff(db: AppTx) {
  const payments = await db
    .selectFrom("payments as p")
    .innerJoin("merchants as m", "m.id", "p.merchant_id")
    .innerJoin("wallets as mw", (j) => j.onRef("mw.member_id", "=", "m.member_id").on("mw.kind", "=", "member"))
    .leftJoin("wallets as pw", (j) => j.onRef("pw.member_id", "=", "p.member_id").on("pw.kind", "=", "member"))
    .leftJoin("outbox_transfers as t", "t.id", "p.transfer_id")
    .select(["p.public_id", "p.amount"])
    .where("p.state", "in", ["paid", "partially_cancelled", "cancelled"])
    .where((eb) =>
      eb.or([
        eb("t.id", "is", null),
        eb("t.kind", "!=", "use"),
        eb("t.value", "!=", eb.ref("p.amount")),
        eb("t.status", "!=", "confirmed"),
        eb("t.to_address", "!=", eb.ref("mw.address")),
        eb("t.from_address", "!=", eb.ref("pw.address")),
      ]),
    )
    .execute();
  const cancelled = await db
    .selectFrom("payments as p")
    .select(["p.public_id", "p.cancelled_amount"])
    .where(({ eb, selectFrom }) =>
      eb(
        "p.cancelled_amount",
        "!=",
        selectFrom("payment_cancels as c")
          .select((c) => c.fn.coalesce(c.fn.sum<number>("c.amount"), c.lit(0)).as("s"))
          .whereRef("c.payment_id", "=", "p.id")
          .where("c.state", "=", "sent"),
      ),
    )
    .execute();
  const cancels = await db
    .selectFrom("payment_cancels as c")
    .innerJoin("payments as p", "p.id", "c.payment_id")
    .innerJoin("outbox_transfers as t", "t.id", "c.transfer_id")
    .select(["c.id", "c.amount", "p.public_id"])
    .where("c.state", "=", "sent")
    .where((eb) =>
      eb.or([eb("t.kind", "!=", "payment_cancel"), eb("t.value", "!=", eb.ref("c.amount")), eb("t.status", "!=", "confirmed")]),
    )
    .execute();
  const orphans = await db
    .selectFrom("outbox_transfers as t")
    .leftJoin("payment_cancels as c", "c.transfer_id", "t.id")
    .select(["t.id", "t.value"])
    .where("t.kind", "=", "payment_cancel")
    .where("t.status", "=", "confirmed")
    .where("c.id", "is", null)
    .execute();
  return { payments, cancelled, cancels, orphans };
}

/** How many payments were paid and how much was given back, for the line that says they agree. */
export async function merchantPaymentTotals(db: AppTx): Promise<{ count: number; paid: number; cancelled: number }> {
  const r = await db
    .selectFrom("payments")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.sum<number>("amount").as("a"), eb.fn.sum<number>("cancelled_amount").as("c")])
    .where("state", "in", ["paid", "partially_cancelled", "cancelled"])
    .executeTakeFirst();
  return { count: Number(r?.n ?? 0), paid: Number(r?.a ?? 0), cancelled: Number(r?.c ?? 0) };
}
