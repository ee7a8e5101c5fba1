import type { MerchantDailyRow } from "@domain/schemas/merchant-payments";

export const DAILY_SUMMED = ["paidCount", "paidAmount", "cancelledAmount", "netAmount", "feeAmount"] as const;
/** The numbers of a day's row, or their totals. */
export type DailySums = Record<(typeof DAILY_SUMMED)[number], number>;

/** The totals of the rows on screen (the table's 합계 row). */
export function dailyTotals(rows: readonly MerchantDailyRow[]): DailySums {
  const sums: DailySums = { paidCount: 0, paidAmount: 0, cancelledAmount: 0, netAmount: 0, feeAmount: 0 };
  for (const r of rows) for (const k of DAILY_SUMMED) sums[k] += r[k];
  return sums;
}
