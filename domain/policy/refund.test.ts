import { describe, expect, it } from "vitest";
import { closingQuote, refundQuote, withdrawable } from "./refund-rule";
import {
  REFUND_EXPIRED_PERCENT,
  REFUND_FEE_WON,
  REFUND_USED_PERCENT,
  REFUND_USED_PERCENT_SMALL,
  SMALL_VOUCHER_MAX_WON,
  WITHDRAWAL_DAYS,
} from "./refund";

/** Amounts are built from the policy values, so a changed value keeps these tests meaning the same rule. */
describe("refund rule", () => {
  const big = 100_000;
  it("the defaults are the terms' (60%, 80% at ≤ 10,000원, 90% expired, 7 days)", () => {
    expect([REFUND_USED_PERCENT, REFUND_USED_PERCENT_SMALL, SMALL_VOUCHER_MAX_WON, REFUND_EXPIRED_PERCENT, WITHDRAWAL_DAYS]).toEqual([
      60, 80, 10_000, 90, 7,
    ]);
  });

  it("exactly the used share refunds the whole balance; one won less refunds nothing", () => {
    const used = (big * REFUND_USED_PERCENT) / 100;
    const q = refundQuote({ balance: big - used, used });
    expect(q).toMatchObject({ rule: "used", refundable: big - used - REFUND_FEE_WON, loaded: big, usedPercent: REFUND_USED_PERCENT });
    expect(refundQuote({ balance: big - used + 1, used: used - 1 })).toMatchObject({ rule: "notYet", refundable: 0 });
  });

  it("while nothing is refundable yet, says how much more to use: exactly enough, never one won short", () => {
    // 10,000원 loaded, 6,000 used (the example): 80% is 8,000, so 2,000 more.
    expect(refundQuote({ balance: 4_000, used: 6_000 })).toMatchObject({ rule: "notYet", moreToUse: 2_000 });
    // A share that is not whole won rounds up: 60% of 100,001 is 60,000.6, so 60,001 must be used.
    const q = refundQuote({ balance: 100_001 - 50_000, used: 50_000 });
    expect(q.moreToUse).toBe(10_001);
    expect(refundQuote({ balance: q.balance - q.moreToUse, used: 50_000 + q.moreToUse }).rule).toBe("used");
    expect(refundQuote({ balance: q.balance - q.moreToUse + 1, used: 50_000 + q.moreToUse - 1 }).rule).toBe("notYet");
    // Otherwise 0.
    expect(refundQuote({ balance: 4_000, used: 6_001 }).moreToUse).toBe(0);
    expect(refundQuote({ balance: 0, used: 6_000 }).moreToUse).toBe(0);
  });

  it("a loaded amount at or below 10,000원 needs the small share; one won above it the usual one", () => {
    const usedUsual = (SMALL_VOUCHER_MAX_WON * REFUND_USED_PERCENT) / 100;
    expect(refundQuote({ balance: SMALL_VOUCHER_MAX_WON - usedUsual, used: usedUsual })).toMatchObject({
      rule: "notYet",
      requiredPercent: REFUND_USED_PERCENT_SMALL,
    });
    const usedSmall = (SMALL_VOUCHER_MAX_WON * REFUND_USED_PERCENT_SMALL) / 100;
    expect(refundQuote({ balance: SMALL_VOUCHER_MAX_WON - usedSmall, used: usedSmall })).toMatchObject({
      rule: "used",
      refundable: SMALL_VOUCHER_MAX_WON - usedSmall - REFUND_FEE_WON,
    });
    // 10,001원 loaded: the usual share; 6,001 used is past 60%.
    expect(refundQuote({ balance: 4_000, used: 6_001 })).toMatchObject({ rule: "used", requiredPercent: REFUND_USED_PERCENT });
  });

  it("after the validity period: the expired share of the balance, whatever was used", () => {
    const q = refundQuote({ balance: 10_000, used: 0, expired: true });
    expect(q.rule).toBe("expired");
    expect(q.refundable).toBe(Math.floor((10_000 * REFUND_EXPIRED_PERCENT) / 100) - REFUND_FEE_WON);
    expect(q.deduction).toBe(10_000 - q.refundable);
  });

  it("a closing refunds the whole balance less the fee, whatever was used; past the validity, the after-expiry share", () => {
    expect(closingQuote({ balance: 10_000, expired: false })).toEqual({
      refundable: 10_000 - REFUND_FEE_WON,
      deduction: REFUND_FEE_WON,
      expired: false,
    });
    const late = closingQuote({ balance: 10_001, expired: true });
    expect(late.refundable).toBe(Math.floor((10_001 * REFUND_EXPIRED_PERCENT) / 100) - REFUND_FEE_WON);
    expect(late.refundable).toBeLessThan(10_001 - REFUND_FEE_WON);
    expect(late.deduction).toBe(10_001 - late.refundable);
    expect(closingQuote({ balance: 0, expired: true })).toMatchObject({ refundable: 0, deduction: 0 });
  });

  it("an empty balance refunds nothing", () => {
    expect(refundQuote({ balance: 0, used: 5_000 })).toMatchObject({ rule: "empty", refundable: 0 });
  });

  it("청약철회: within the days, unused, still held", () => {
    const now = new Date("2026-12-10T00:00:00Z");
    const at = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    const base = { value: 10_000, balance: 10_000, movedOutSince: 0, now };
    expect(withdrawable({ ...base, confirmedAt: at(WITHDRAWAL_DAYS) })).toBe(true);
    expect(withdrawable({ ...base, confirmedAt: at(WITHDRAWAL_DAYS + 0.001) })).toBe(false);
    expect(withdrawable({ ...base, confirmedAt: at(1), movedOutSince: 1 })).toBe(false);
    expect(withdrawable({ ...base, confirmedAt: at(1), balance: 9_999 })).toBe(false);
    expect(withdrawable({ ...base, confirmedAt: null })).toBe(false);
  });
});
