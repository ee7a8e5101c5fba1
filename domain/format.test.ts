import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatHistoryDate, seoulMonth, seoulMonthRange } from "./format";

/** What the dates must read: Intl's own Asia/Seoul calendar, asked each time. */
const intl = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Asia/Seoul",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});
function expected(ms: number): string {
  const p = Object.fromEntries(intl.formatToParts(ms).map((x) => [x.type, x.value]));
  return `${p.year}. ${p.month}. ${p.day}. ${p.hour}:${p.minute}:${p.second}`;
}

describe("Seoul dates (the zone's offset cached per hour)", () => {
  it("read as Intl reads them, today and across Korea's old half-hour and summer-time changes", () => {
    let seed = 17;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const instants = [
      ...Array.from({ length: 20_000 }, () => Math.floor(random() * 4e12) - 1e12), // 1938 … 2096
      ...Array.from({ length: 2_000 }, (_, i) => Date.UTC(1987, 4, 10, 0, 0, 0) + i * 1_800_007), // 1987–88 summer time
    ];
    for (const ms of instants) expect(formatHistoryDate(ms), String(ms)).toBe(expected(ms));
  });

  it("formats strings, dates and numbers alike; months and ranges in Seoul", () => {
    expect(formatHistoryDate("2026-05-01T00:00:00.000Z")).toBe("2026. 05. 01. 09:00:00");
    expect(formatHistoryDate(new Date("2026-04-30T15:00:00Z"))).toBe("2026. 05. 01. 00:00:00");
    expect(formatDate("2026-04-30T14:59:59Z")).toBe("2026-04-30");
    expect(formatDateTime("2026-04-30T15:00:00Z")).toBe("2026-05-01 00:00:00");
    expect(seoulMonth("2026-04-30T15:00:00Z")).toBe("2026-05");
    expect(seoulMonthRange(Date.UTC(2026, 11, 31, 20))).toEqual({
      start: new Date("2026-12-31T15:00:00Z"),
      end: new Date("2027-01-31T15:00:00Z"),
    });
  });
});
