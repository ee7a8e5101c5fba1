import { describe, expect, it } from "vitest";
import { describeFilter } from "./access-log-text";

describe("an access log entry's condition, as an auditor reads it", () => {
  it("Korean names and values: conditions, then paging and sort", () => {
    expect(describeFilter(JSON.stringify({ query: { page: 1, perPage: 10, sortBy: "id", sortDesc: true, state: "kickOut" } }))).toBe(
      "회원 상태 = 탈퇴, 페이지 1, 페이지당 10, 정렬 번호 내림차순",
    );
    expect(describeFilter(JSON.stringify({ params: { id: 12 }, query: { permission: "exchanger" } }))).toBe("번호 = 12, 회원 등급 = 점주");
    expect(describeFilter(JSON.stringify({ query: { from: "2026-11-28T15:00:00.000Z" } }))).toBe("시작 = 2026-11-29 00:00:00");
    expect(describeFilter("{}")).toBe("조건 없음");
    expect(describeFilter("not json")).toBe("not json");
  });
});
