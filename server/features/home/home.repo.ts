import { sql } from "kysely";
import type { AppTx, OutboxKind } from "../../db/schema";

const sumOf = async (q: Promise<{ n: number | string } | undefined>) => Number((await q)?.n ?? 0);

/** Confirmed won by business kind, for the operator home and toolbar. */
export async function confirmedSums(db: AppTx) {
  const moved = (kind: OutboxKind, column: "value" | "fee" = "value") =>
    sumOf(
      db
        .selectFrom("outbox_transfers")
        .select(sql<number | string>`COALESCE(SUM(${sql.ref(column)}), 0)`.as("n"))
        .where("kind", "=", kind)
        .where("status", "=", "confirmed")
        .executeTakeFirst(),
    );
  const [sell, use, gift, exchange, settlementReturns, refundsPaid, giftFees, useFees] = await Promise.all([
    sumOf(
      db
        .selectFrom("buy_orders")
        .select(sql<number | string>`COALESCE(SUM(value), 0)`.as("n"))
        .where("state", "=", "confirmed")
        .executeTakeFirst(),
    ),
    moved("use"),
    moved("gift"),
    // 정산 완료: the approved (burned) settlement orders; a request still waiting or deleted is not counted.
    sumOf(
      db
        .selectFrom("settlement_orders")
        .select(sql<number | string>`COALESCE(SUM(value), 0)`.as("n"))
        .where("state", "=", "approved")
        .executeTakeFirst(),
    ),
    // 정산 반려: settlement orders deleted, their amount returned to the shop's wallet (not a refund to a member).
    moved("settlement_return"),
    // 환불 지급: members' refunds paid out (지급 완료), since the service started; what was paid to their accounts.
    sumOf(
      db
        .selectFrom("refund_orders")
        .select(sql<number | string>`COALESCE(SUM(value), 0)`.as("n"))
        .where("state", "=", "paid")
        .executeTakeFirst(),
    ),
    moved("gift", "fee"),
    moved("use", "fee"),
  ]);
  return { sell, use, gift, exchange, settlementReturns, refundsPaid, fees: giftFees + useFees };
}
