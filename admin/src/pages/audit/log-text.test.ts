import { describe, expect, it } from "vitest";
import { show } from "./log-text";

describe("the logs as an auditor reads them", () => {
  it("a proposal's audit entry: Korean fields, the kind's name, amounts in won, times in KST", () => {
    const text = show({
      kind: "mint",
      payload: { value: 1_000_000 },
      reason: "12월 발행 계획분",
      proposer: "admin",
      proposedAt: "2026-11-28T19:50:16.326Z",
    });
    expect(text).toBe("종류: 토큰 발행, 내용: 금액: 1,000,000원, 사유: 12월 발행 계획분, 요청자: admin, 요청 일시: 2026-11-29 04:50:16");
    expect(text).not.toMatch(/kind|payload|proposer|T19:50|Z\b/);
  });

  it("member states, flags and booleans in the screens' words", () => {
    expect(show({ state: "kickOut" })).toBe("상태: 탈퇴");
    expect(show({ flags: { isAccount1: true, isAccount2: false } })).toBe("권한: 회원 조회·홈");
    expect(show({ isMain: true })).toBe("대표: 예");
    expect(show(null)).toBe("-");
  });
});
