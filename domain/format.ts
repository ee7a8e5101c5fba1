import { TIME_ZONE } from "./constants";

/** 50000 → "50,000". Integers only: money never passes through floats. */
export function formatWon(value: number | bigint | string): string {
  const s = typeof value === "string" ? value : value.toString();
  const neg = s.startsWith("-");
  const digits = neg ? s.slice(1) : s;
  return (neg ? "-" : "") + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

const SEOUL = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});
const HOUR = 3_600_000;
/** The zone's offset for each UTC hour asked (zones change offset on whole hours), so the formatter runs once per hour of dates. */
const offsets = new Map<number, number>();

function offsetAt(at: number): number {
  const p = Object.fromEntries(SEOUL.formatToParts(at).map((x) => [x.type, x.value]));
  return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - Math.floor(at / 1000) * 1000;
}

function zoneOffset(ms: number): number {
  const hour = Math.floor(ms / HOUR);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    offset = offsetAt(hour * HOUR);
    // An hour in which the offset changes (old half-hour zones): not cached, each date asks the formatter.
    if (offsetAt(hour * HOUR + HOUR - 1000) !== offset) return offsetAt(ms);
    if (offsets.size >= 4096) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * The date's calendar fields in Asia/Seoul. Downloads format a date per row (1,000,000 for the largest): a new
 * Intl.DateTimeFormat per call cost ~350 µs and formatToParts ~10 µs, so the zone's offset is looked up once
 * per hour and the fields are read off the shifted instant.
 */
function seoulParts(date: Date | string | number) {
  const ms = new Date(date).getTime();
  const t = new Date(ms + zoneOffset(ms));
  return {
    y: String(t.getUTCFullYear()),
    m: pad(t.getUTCMonth() + 1),
    d: pad(t.getUTCDate()),
    hh: pad(t.getUTCHours()),
    mm: pad(t.getUTCMinutes()),
    ss: pad(t.getUTCSeconds()),
  };
}

/** History dates: 'YYYY. MM. DD. HH:mm:ss' in Asia/Seoul. */
export function formatHistoryDate(date: Date | string | number): string {
  const p = seoulParts(date);
  return `${p.y}. ${p.m}. ${p.d}. ${p.hh}:${p.mm}:${p.ss}`;
}

/** The back-office's dates (spec: YYYY-MM-DD), with the time where a row is a moment: 'YYYY-MM-DD HH:mm:ss' in Asia/Seoul. */
export function formatDateTime(date: Date | string | number): string {
  const p = seoulParts(date);
  return `${p.y}-${p.m}-${p.d} ${p.hh}:${p.mm}:${p.ss}`;
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
