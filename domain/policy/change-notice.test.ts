import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  CHANGE_POSTED_DAYS,
  earliestEffectiveDay,
  postedUntil,
  refusalUntil,
  SHOP_REMOVAL_NOTICE_DAYS,
  seoulDay,
  seoulDayStart,
} from "./change-notice";
import { closingQuote, refundQuote } from "./refund-rule";

describe("notice periods on the Seoul calendar", () => {
  it("counts days from the Seoul day, whatever the UTC date", () => {
    // 2026-11-29 23:30 KST is still the 29th in Seoul though 14:30 UTC; 15:00 UTC is the 30th in Seoul.
    expect(seoulDay(new Date("2026-11-29T14:30:00Z"))).toBe("2026-11-29");
    expect(seoulDay(new Date("2026-11-29T15:00:00Z"))).toBe("2026-11-30");
    expect(earliestEffectiveDay("shop", new Date("2026-11-29T14:30:00Z"))).toBe(addDays("2026-11-29", SHOP_REMOVAL_NOTICE_DAYS));
    expect(seoulDayStart("2026-12-06").toISOString()).toBe("2026-12-05T15:00:00.000Z");
  });

  it("a month keeps to the month's last day", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2026-11-29", 1)).toBe("2026-12-29");
    expect(addMonths("2026-12-15", 1)).toBe("2027-01-15");
    expect(earliestEffectiveDay("terms", new Date("2026-01-31T03:00:00Z"))).toBe("2026-02-28");
  });

  it("the notice stays up CHANGE_POSTED_DAYS after the effective day; refusing by closing lasts until the day begins", () => {
    expect(postedUntil("2026-12-06").getTime() - seoulDayStart("2026-12-06").getTime()).toBe(CHANGE_POSTED_DAYS * 86_400_000);
    expect(refusalUntil("2026-12-06")).toEqual(seoulDayStart("2026-12-06"));
  });
});

describe("the full-refund right in the refund rule", () => {
  it("pays the whole balance with no deduction, even below the used share or past the validity", () => {
    expect(refundQuote({ balance: 7_000, used: 1_000, fullRight: true })).toMatchObject({
      rule: "notice",
      refundable: 7_000,
      deduction: 0,
    });
    expect(refundQuote({ balance: 7_000, used: 1_000 })).toMatchObject({ rule: "notYet", refundable: 0 });
    expect(refundQuote({ balance: 10_000, used: 0, expired: true, fullRight: true })).toMatchObject({ rule: "notice", refundable: 10_000 });
    expect(closingQuote({ balance: 10_000, expired: true, fullRight: true })).toMatchObject({ refundable: 10_000, deduction: 0 });
    expect(closingQuote({ balance: 10_000, expired: true }).deduction).toBeGreaterThan(0);
    expect(refundQuote({ balance: 0, used: 5_000, fullRight: true }).rule).toBe("empty");
  });
});
