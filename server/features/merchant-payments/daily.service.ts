import type { AppContext } from "../../context";
import { badRequest } from "../../http/errors";
import type { SheetColumn } from "../../http/xlsx";
import { resolveDateRange } from "../../../domain/schemas/shared/list";
import { formatDate } from "../../../domain/format";
import type { MerchantDailyRow } from "../../../domain/schemas/merchant-payments";

/**
 * A merchant's payments per Seoul day (the settlement screens and their file): payments paid that day (their moves
 * not failed) and cancellations given back that day; net = paid − cancelled, what the merchant's wallet received.
 */
export async function merchantDaily(ctx: AppContext, q: { from?: string; to?: string }, merchantId?: number) {
  const range = resolveDateRange(q.from, q.to);
  if (typeof range === "string") throw badRequest(range);
  let paid = ctx.db
    .selectFrom("payments as p")
    .innerJoin("merchants as m", "m.id", "p.merchant_id")
    .select(["p.merchant_id", "m.name", "p.paid_at as at", "p.amount", "p.fee"])
    .where("p.paid_at", ">=", range.start)
    .where("p.paid_at", "<=", range.end)
    .where("p.state", "in", ["paid", "partially_cancelled", "cancelled"]);
  let cancels = ctx.db
    .selectFrom("payment_cancels as c")
    .innerJoin("payments as p", "p.id", "c.payment_id")
    .innerJoin("merchants as m", "m.id", "p.merchant_id")
    .select(["p.merchant_id", "m.name", "c.created_at as at", "c.amount"])
    .where("c.created_at", ">=", range.start)
    .where("c.created_at", "<=", range.end)
    .where("c.state", "=", "sent");
  if (merchantId !== undefined) {
    paid = paid.where("p.merchant_id", "=", merchantId);
    cancels = cancels.where("p.merchant_id", "=", merchantId);
  }
  const rows = new Map<string, MerchantDailyRow>();
  const rowOf = (at: string, id: number, name: string) => {
    const day = formatDate(at);
    const key = `${day}:${id}`;
    let r = rows.get(key);
    if (!r) {
      r = { day, merchantId: id, merchantName: name, paidCount: 0, paidAmount: 0, feeAmount: 0, cancelledAmount: 0, netAmount: 0 };
      rows.set(key, r);
    }
    return r;
  };
  for (const p of await paid.execute()) {
    const r = rowOf(p.at ?? "", Number(p.merchant_id), p.name);
    r.paidCount++;
    r.paidAmount += Number(p.amount);
    r.feeAmount += Number(p.fee);
    r.netAmount += Number(p.amount);
  }
  for (const c of await cancels.execute()) {
    const r = rowOf(c.at, Number(c.merchant_id), c.name);
    r.cancelledAmount += Number(c.amount);
    r.netAmount -= Number(c.amount);
  }
  const list = [...rows.values()].sort((a, b) => b.day.localeCompare(a.day) || a.merchantName.localeCompare(b.merchantName));
  return { from: range.from, to: range.to, rows: list };
}

export const DAILY_FILE: SheetColumn<MerchantDailyRow>[] = [
  { header: "일자", value: (r) => r.day, text: "plain" },
  { header: "가맹점", value: (r) => r.merchantName, text: "shared" },
  { header: "결제 건수", value: (r) => r.paidCount },
  { header: "결제 금액", value: (r) => r.paidAmount },
  { header: "취소 금액", value: (r) => r.cancelledAmount },
  { header: "정산 대상 (결제 − 취소)", value: (r) => r.netAmount },
  { header: "회원 수수료", value: (r) => r.feeAmount },
];
