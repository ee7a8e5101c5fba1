import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { addMonths, dateRangeError, defaultDateRange, listRequest, resolveDateRange, seoulBounds } from "./list";
import { memberListRequest } from "../members";
import { notifyListRequest } from "../notifications";
import { operatorCreateBody, arraysToFlags, flagsToArrays, OPERATOR_PRESETS } from "../operators";
import { Msg } from "../../messages";
import { dashboardListRequest } from "../dashboard";
import { saleListRequest } from "../purchases";
import { ADMIN_FLAGS } from "../../constants";

// 2026-05-31 10:00 in Seoul (01:00 UTC).
const NOW = Date.parse("2026-05-31T01:00:00Z");

describe("date range (spec §5)", () => {
  it("defaults to a month ago through today, in Asia/Seoul", () => {
    expect(defaultDateRange(NOW)).toEqual({ from: "2026-04-30", to: "2026-05-31" });
    // 23:30 UTC on the 30th is already the 31st in Seoul.
    expect(defaultDateRange(Date.parse("2026-05-30T23:30:00Z")).to).toBe("2026-05-31");
  });

  it("refuses from after to, to after today and spans over three months", () => {
    expect(dateRangeError("2026-05-02", "2026-05-01", NOW)).toBe(Msg.dateFromAfterTo);
    expect(dateRangeError("2026-05-01", "2026-06-01", NOW)).toBe(Msg.dateToAfterToday);
    expect(dateRangeError("2026-02-27", "2026-05-31", NOW)).toBe(Msg.dateRangeTooLong);
    expect(dateRangeError("2026-02-27", "2026-05-27", NOW)).toBeNull();
    expect(dateRangeError("2026-02-26", "2026-05-27", NOW)).toBe(Msg.dateRangeTooLong);
    expect(dateRangeError("2026-03-01", "2026-05-31", NOW)).toBeNull();
    expect(dateRangeError("2026-02-28", "2026-05-28", NOW)).toBeNull();
    expect(addMonths("2026-05-31", -3)).toBe("2026-02-28");
    // A cleared field (a date input gives '') and a day not on the calendar are said so before any comparison.
    expect(dateRangeError("", "2026-05-01", NOW)).toBe(Msg.required);
    expect(dateRangeError("2026-05-01", "", NOW)).toBe(Msg.required);
    expect(dateRangeError("", "", NOW)).toBe(Msg.required);
    expect(dateRangeError("2026-02-30", "2026-05-01", NOW)).toBe(Msg.dateInvalid);
  });

  it("bounds the range at 00:00:00 and 23:59:59 Seoul time", () => {
    expect(seoulBounds("2026-05-01", "2026-05-31")).toEqual({ start: "2026-04-30T15:00:00.000Z", end: "2026-05-31T14:59:59.999Z" });
    expect(resolveDateRange(undefined, "2026-05-10", NOW)).toMatchObject({ from: "2026-04-10", to: "2026-05-10" });
  });
});

describe("list requests", () => {
  const dated = listRequest({ sortable: ["createdAt", "id"], dates: true });

  it("takes the spec's tablehandler wrapper or flat query parameters, with defaults", () => {
    expect(notifyListRequest.parse({ tablehandler: { page: 2, perPage: 25 } })).toMatchObject({
      page: 2,
      perPage: 25,
      sortBy: "id",
      sortDesc: true,
    });
    expect(memberListRequest.parse({ page: "3", perPage: "50", sortBy: "phonenumber", sortDesc: "false", keyword: "  " })).toMatchObject({
      page: 3,
      perPage: 50,
      sortBy: "phonenumber",
      sortDesc: false,
      keyword: undefined,
    });
    expect(memberListRequest.parse({})).toMatchObject({ page: 1, perPage: 10, sortBy: "createdAt" });
  });

  it("refuses page sizes, sort columns and fields the list does not have", () => {
    expect(memberListRequest.safeParse({ perPage: 7 }).success).toBe(false);
    expect(listRequest({ sortable: ["id"], kind: "board" }).parse({ perPage: 7 }).perPage).toBe(7);
    expect(memberListRequest.safeParse({ sortBy: "password_hash" }).success).toBe(false);
    expect(memberListRequest.safeParse({ tablehandler: {}, drop: 1 }).success).toBe(false);
  });

  it("takes an optional filter sent empty (or blank) as no filter, inside tablehandler or beside it; a required one stays required", () => {
    const none = dashboardListRequest.parse({});
    expect(dashboardListRequest.parse({ filter: "", filter_type: "", type: "", keyword: "" })).toEqual(none);
    expect(dashboardListRequest.parse({ tablehandler: { filter: " ", filter_type: "" } })).toEqual(none);
    expect(memberListRequest.parse({ state: "", permission: "" })).toEqual(memberListRequest.parse({}));
    expect(dashboardListRequest.safeParse({ filter_type: "nonsense" }).success).toBe(false);
    expect(saleListRequest.safeParse({ type: "" }).success).toBe(false);
  });

  it("refuses days that are not on the calendar", () => {
    for (const from of ["2026-13-45", "2026-02-30", "2026-5-1", "yesterday"]) {
      expect(dated.safeParse({ from, to: "2026-05-01" }).error?.issues[0].message, from).toBe(Msg.dateInvalid);
    }
  });

  it("answers the three-month rule in Korean and carries the UTC bounds", () => {
    const today = defaultDateRange().to;
    const r = dated.safeParse({ from: addMonths(today, -4), to: today });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(Msg.dateRangeTooLong);
    const ok = dated.parse({ from: `${addMonths(today, -1)} 00:00:00`, to: `${today} 23:59:59` });
    expect(ok).toMatchObject({ from: addMonths(today, -1), to: today, ...seoulBounds(addMonths(today, -1), today) });
  });
});

describe("operator create (spec §5, §8)", () => {
  const base = { account_id: 3, id: "sub01", password: "password1" };
  const msg = (v: unknown) => operatorCreateBody.safeParse(v).error?.issues[0].message;

  it("checks id and password as the spec says", () => {
    expect(msg({ ...base, id: "" })).toBe(Msg.required);
    expect(msg({ ...base, id: "한글아이디다" })).toBe(Msg.adminIdRule);
    expect(msg({ ...base, id: "12345" })).toBe(Msg.adminIdRule);
    expect(msg({ ...base, id: "ab1" })).toBe(Msg.adminIdMin);
    expect(msg({ ...base, password: "1234567" })).toBe(Msg.adminPasswordMin);
    expect(msg({ ...base, account_id: undefined })).toBe(Msg.adminLinkedRequired);
    expect(operatorCreateBody.safeParse(base).success).toBe(true);
  });

  it("maps the permission arrays (the spec's eight, then dual control, refunds, merchants, personal data) to flags and back", () => {
    const all = Object.fromEntries(ADMIN_FLAGS.map((f) => [f, true]));
    const arrays = flagsToArrays(all);
    expect(Object.values(arrays).map((a) => a.length)).toEqual([4, 3, 5, 5, 1, 3, 3, 1, 1, 1, 1, 1]);
    expect(arraysToFlags(arrays)).toEqual(all);
    const parsed: z.output<typeof operatorCreateBody> = operatorCreateBody.parse({
      ...base,
      ...flagsToArrays({ isExchange3: true, isExchange5: true }),
    });
    expect(arraysToFlags(parsed)).toEqual({ isExchange3: true, isExchange5: true });
    expect(OPERATOR_PRESETS.admin).not.toContain("isExchange5");
    // Unmasking members' phones (isPrivacy1) is given one operator at a time, never by the preset.
    expect(OPERATOR_PRESETS.admin).not.toContain("isPrivacy1");
    expect(OPERATOR_PRESETS.admin).toHaveLength(ADMIN_FLAGS.length - 2);
  });
});
