import { describe, expect, it } from "vitest";
import { dailyTotals } from "./daily";

const row = (day: string, merchantId: number, paid: number, cancelled: number, fee: number, count = 1) => ({
  day,
  merchantId,
  merchantName: `가맹점${merchantId}`,
  paidCount: count,
  paidAmount: paid,
  feeAmount: fee,
  cancelledAmount: cancelled,
  netAmount: paid - cancelled,
});

describe("merchant daily totals", () => {
  it("sums every number of the rows: paid − cancelled stays the net, a day of cancels only below zero", () => {
    const rows = [row("2024-05-02", 1, 30_000, 5_000, 300, 2), row("2024-05-02", 2, 0, 12_000, 0, 0), row("2024-05-01", 1, 10_000, 0, 100)];
    expect(dailyTotals(rows)).toEqual({ paidCount: 3, paidAmount: 40_000, cancelledAmount: 17_000, netAmount: 23_000, feeAmount: 400 });
    expect(dailyTotals(rows.slice(1, 2)).netAmount).toBe(-12_000);
  });

  it("is all zeros without rows", () => {
    expect(dailyTotals([])).toEqual({ paidCount: 0, paidAmount: 0, cancelledAmount: 0, netAmount: 0, feeAmount: 0 });
  });
});
