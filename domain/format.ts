import { TIME_ZONE } from "./constants";

/** 50000 → "50,000". Integers only: money never passes through floats. */
export function formatWon(value: number | bigint | string): string {
  const s = typeof value === "string" ? value : value.toString();
  const neg = s.startsWith("-");
  const digits = neg ? s.slice(1) : s;
  return (neg ? "-" : "") + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

function seoulParts(date: Date | string | number) {
  const d = new Date(date);
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "00";
  return { y: get("year"), m: get("month"), d: get("day"), hh: get("hour"), mm: get("minute"), ss: get("second") };
}

/** History dates: 'YYYY. MM. DD. HH:mm:ss' in Asia/Seoul. */
export function formatHistoryDate(date: Date | string | number): string {
  const p = seoulParts(date);
  return `${p.y}. ${p.m}. ${p.d}. ${p.hh}:${p.mm}:${p.ss}`;
}

/** Other lists: YYYY-MM-DD in Asia/Seoul. */
export function formatDate(date: Date | string | number): string {
  const p = seoulParts(date);
  return `${p.y}-${p.m}-${p.d}`;
}

/** 'YYYY-MM' of the Asia/Seoul calendar month containing the date. */
export function seoulMonth(date: Date | string | number): string {
  const p = seoulParts(date);
  return `${p.y}-${p.m}`;
}

/** UTC instants bounding the Asia/Seoul calendar month that contains `date`. */
export function seoulMonthRange(date: Date | number = Date.now()): { start: Date; end: Date } {
  const p = seoulParts(date);
  const y = Number(p.y);
  const m = Number(p.m);
  // Seoul is UTC+9 all year (no DST).
  const start = new Date(Date.UTC(y, m - 1, 1, -9, 0, 0));
  const end = new Date(Date.UTC(m === 12 ? y + 1 : y, m === 12 ? 0 : m, 1, -9, 0, 0));
  return { start, end };
}

/** Full age (만 나이) on `today` for a birth date 'YYYY-MM-DD' or 'YYYYMMDD'. */
export function fullAge(birth: string, today: Date = new Date()): number {
  const digits = birth.replace(/\D/g, "");
  const by = Number(digits.slice(0, 4));
  const bm = Number(digits.slice(4, 6));
  const bd = Number(digits.slice(6, 8));
  const t = seoulParts(today);
  const ty = Number(t.y);
  const tm = Number(t.m);
  const td = Number(t.d);
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

/** Shortens 0x1234…abcd for tables. */
export function shortAddress(address: string, head = 6, tail = 4): string {
  return address.length <= head + tail + 1 ? address : `${address.slice(0, head)}…${address.slice(-tail)}`;
}
