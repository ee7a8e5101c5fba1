import { seoulMonthRange } from "../../format";

// ---- Asia/Seoul periods -------------------------------------------------------------------------

const SEOUL_MS = 9 * 3600_000;
const DAY_MS = 24 * 3600_000;

/**
 * The day, the week (Sunday 00:00 to the next Sunday 00:00) and the calendar month around `now`, in
 * Asia/Seoul, as UTC instants [start, end).
 */
export function seoulPeriods(now: Date | number = Date.now()): Record<"day" | "week" | "month", { start: Date; end: Date }> {
  const t = typeof now === "number" ? now : now.getTime();
  const local = t + SEOUL_MS;
  const dayStart = Math.floor(local / DAY_MS) * DAY_MS - SEOUL_MS;
  const weekday = new Date(dayStart + SEOUL_MS).getUTCDay(); // 0 = Sunday
  const weekStart = dayStart - weekday * DAY_MS;
  return {
    day: { start: new Date(dayStart), end: new Date(dayStart + DAY_MS) },
    week: { start: new Date(weekStart), end: new Date(weekStart + 7 * DAY_MS) },
    month: seoulMonthRange(t),
  };
}
