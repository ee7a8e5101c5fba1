import { describe, expect, it } from "vitest";
import { describeFilter, show } from "./log-text";

describe("the logs as an auditor reads them", () => {
  it("an access log filter reads in Korean: conditions, then paging and sort", () => {
    expect(describeFilter(JSON.stringify({ query: { page: 1, perPage: 10, sortBy: "id", sortDesc: true, state: "kickOut" } }))).toBe(
      "회원 상태 = 탈퇴, 페이지 1, 페이지당 10, 정렬 번호 내림차순",
    );
    expect(describeFilter(JSON.stringify({ params: { id: 12 } }))).toBe("번호 = 12");
    expect(describeFilter("{}")).toBe("조건 없음");
    // Not JSON: shown as it is.
    expect(describeFilter("GET /x")).toBe("GET /x");
  });

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
