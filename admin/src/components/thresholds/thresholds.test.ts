import { describe, expect, it } from "vitest";
import { barValue, levelOf, subjectParticle, warnings, type ThresholdLine } from "./thresholds";

const line = (which: ThresholdLine["which"], label: string, value: string, threshold: string, percent: string, level: number) => ({
  which,
  label,
  value,
  threshold,
  percent,
  level,
});

describe("registration thresholds", () => {
  it("says which lines reached a warning level, in won, with the highest level", () => {
    expect(
      warnings([
        line("outstanding", "발행잔액", "2500000000", "3000000000", "83.3", 80),
        line("yearlyIssuance", "최근 1년 발행액", "1000000000", "50000000000", "2.0", 0),
      ]),
    ).toEqual({ level: 80, messages: ["발행잔액이 등록 기준의 83.3%에 이르렀습니다 (2,500,000,000원 / 3,000,000,000원)"] });
    expect(warnings([line("outstanding", "발행잔액", "3000000000", "3000000000", "100.0", 100)]).level).toBe(100);
    expect(warnings([line("outstanding", "발행잔액", "0", "3000000000", "0.0", 0)])).toEqual({ level: 0, messages: [] });
  });

  it("maps levels, caps the bar and picks the particle", () => {
    expect([levelOf(0), levelOf(79), levelOf(80), levelOf(99), levelOf(100), levelOf(120)]).toEqual([0, 0, 80, 80, 100, 100]);
    expect([barValue("83.4"), barValue("140.2"), barValue("x")]).toEqual([83.4, 100, 0]);
    expect([subjectParticle("발행잔액"), subjectParticle("최근 1년 발행액"), subjectParticle("한도"), subjectParticle("A")]).toEqual([
      "이",
      "이",
      "가",
      "이(가)",
    ]);
  });
});
