import { z } from "zod";
import { formatDate } from "../../format";
import { Msg } from "../../messages";

/**
 * The back-office list machinery (spec §7 `tablehandler`, §5 date queries, §9 page sizes): request
 * schemas the server validates and the admin app builds its forms from, and the paged answer.
 */

/** Page sizes of spec §9: boards 7 (7/10/25/50/100, 5 page buttons); dashboard, holders, notify and the rest 10. */
export const PAGE_SIZES = {
  standard: { options: [10, 25, 50, 100], initial: 10, buttons: 7 },
  board: { options: [7, 10, 25, 50, 100], initial: 7, buttons: 5 },
} as const;
export type PageSizeKind = keyof typeof PAGE_SIZES;

const perPageOf = (kind: PageSizeKind) => {
  const { options, initial } = PAGE_SIZES[kind];
  return z.coerce
    .number()
    .int()
    .refine((n) => (options as readonly number[]).includes(n), { error: Msg.badRequest })
    .default(initial);
};

const bool = z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean());

/** `tablehandler` fields of one list: page (1-based), perPage from the list's sizes, sortBy among its sortable columns (the first is the default), sortDesc (newest first by default). */
function tableHandlerShape<S extends readonly [string, ...string[]]>(sortable: S, kind: PageSizeKind) {
  return {
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    perPage: perPageOf(kind),
    sortBy: z.enum(sortable).default(sortable[0] as S[number]),
    sortDesc: bool.default(true),
  };
}
export interface TableHandler<S extends string = string> {
  page: number;
  perPage: number;
  sortBy: S;
  sortDesc: boolean;
}

/**
 * The request of one list, flat: `{page, perPage, sortBy, sortDesc, keyword?, from?, to?, ...filters}`.
 * A POST body may wrap the paging in `tablehandler` as the spec's clients do; a GET sends it as query
 * parameters. With `dates`, the range is checked (spec §5) and its Asia/Seoul bounds are added
 * (`start`, `end`: UTC ISO instants).
 */
export function listRequest<const S extends readonly [string, ...string[]], F extends z.ZodRawShape = {}>(opts: {
  sortable: S;
  kind?: PageSizeKind;
  filters?: F;
  dates?: boolean;
}) {
  const shape = {
    ...tableHandlerShape(opts.sortable, opts.kind ?? "standard"),
    keyword,
    from: day.optional(),
    to: day.optional(),
    ...(opts.filters ?? ({} as F)),
  };
  const optional = optionalFilters(opts.filters ?? {});
  return z
    .preprocess((v) => {
      if (!v || typeof v !== "object") return v;
      const { tablehandler, ...rest } = v as Record<string, unknown>;
      return withoutBlankFilters(tablehandler && typeof tablehandler === "object" ? { ...tablehandler, ...rest } : rest, optional);
    }, z.strictObject(shape))
    .transform((r, ctx) => {
      if (!opts.dates) return { ...r, from: undefined, to: undefined, start: undefined, end: undefined };
      const dates = r as { from?: string; to?: string };
      const range = resolveDateRange(dates.from, dates.to);
      if (typeof range === "string") {
        ctx.addIssue({ code: "custom", message: range, path: ["from"] });
        return z.NEVER;
      }
      return { ...r, ...range };
    });
}

/**
 * The columns a list's download writes, by the list's column keys, in the order given (the columns the operator
 * shows). Optional: without it the file has the file's own columns. A GET sends them comma-separated
 * (`columns=id,username`), a POST as an array.
 */
export function columnChoice<const K extends readonly [string, ...string[]]>(keys: K) {
  return z
    .preprocess(
      (v) =>
        typeof v === "string"
          ? v
              .split(",")
              .map((k) => k.trim())
              .filter(Boolean)
          : v,
      z
        .array(z.enum(keys, { error: Msg.columnUnknown }), { error: Msg.columnUnknown })
        .min(1, { error: Msg.columnsEmpty })
        .max(keys.length, { error: Msg.columnUnknown })
        .refine((ks) => new Set(ks).size === ks.length, { error: Msg.columnUnknown }),
    )
    .optional();
}

/** The list's own filters that may be left out (their schema takes `undefined`); the keyword reads a blank as none by itself. */
function optionalFilters(filters: z.ZodRawShape): string[] {
  return Object.entries(filters)
    .filter(([, schema]) => (schema as z.ZodType).safeParse(undefined).success)
    .map(([name]) => name);
}

/**
 * An optional filter sent as an empty (or blank) string means no filter: what the spec's clients send when nothing
 * is chosen (`"filter": "", "filter_type": ""`), as a query string sends `?state=`. Required fields, the dates and
 * the paging are left as sent (a cleared date is refused in words, not taken as the default range).
 */
function withoutBlankFilters(request: Record<string, unknown>, optional: string[]): Record<string, unknown> {
  const out = { ...request };
  for (const name of optional) if (typeof out[name] === "string" && (out[name] as string).trim() === "") delete out[name];
  return out;
}

/** The paged answer of every list: the page's rows and how many rows match the filter in all (at least, when capped). */
export function paged<T extends z.ZodType>(row: T) {
  return z.object({
    list: z.array(row),
    total: z.number().int().min(0),
    capped: z.boolean().optional(),
    page: z.number().int().min(1),
    perPage: z.number().int().min(1),
  });
}
export type Paged<T> = { list: T[]; total: number; capped?: boolean; page: number; perPage: number };

/** Search box: optional keyword, trimmed, blank means none. */
export const keyword = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((k) => (k ? k : undefined));

// ---- date range -------------------------------------------------------------------------------

const SEOUL_OFFSET_MS = 9 * 3600_000; // Asia/Seoul is UTC+9 all year (no DST).
const YMD = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?$/;

/** A 'YYYY-MM-DD' day of the calendar, as every dated request takes it (a time part, as the spec's clients send it, is accepted and ignored). */
export const day = z
  .string({ error: Msg.required })
  .trim()
  .regex(YMD, { error: Msg.dateInvalid })
  .transform((s) => s.slice(0, 10))
  .refine(isCalendarDay, { error: Msg.dateInvalid });

/** 'YYYY-MM-DD' that exists on the calendar (2026-02-30 and 2026-13-45 do not). */
function isCalendarDay(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Adds calendar months to 'YYYY-MM-DD', clamping the day (05-31 minus 3 months is 02-28/29). */
export function addMonths(ymd: string, months: number): string {
  const [y, m, d] = ymd.split("-").map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** Today in Asia/Seoul as 'YYYY-MM-DD'. */
export const seoulToday = (now: Date | number = Date.now()): string => formatDate(now);

/** The spec's default range: from a month ago to today (Asia/Seoul). */
export function defaultDateRange(now: Date | number = Date.now()): { from: string; to: string } {
  const to = seoulToday(now);
  return { from: addMonths(to, -1), to };
}

export const DATE_RANGE_MAX_MONTHS = 3;

/** Why a range is refused, or null: from ≤ to ≤ today, at most 3 months. */
export function dateRangeError(from: string, to: string, now: Date | number = Date.now()): string | null {
  // A cleared field (the browser's date input gives '') or a day not on the calendar: said so, before comparing.
  if (!from.trim() || !to.trim()) return Msg.required;
  if (!isCalendarDay(from) || !isCalendarDay(to)) return Msg.dateInvalid;
  if (from > to) return Msg.dateFromAfterTo;
  if (to > seoulToday(now)) return Msg.dateToAfterToday;
  if (from < addMonths(to, -DATE_RANGE_MAX_MONTHS)) return Msg.dateRangeTooLong;
  return null;
}

/** UTC instants of 'from 00:00:00' and 'to 23:59:59.999' in Asia/Seoul, for queries on UTC timestamps. */
export function seoulBounds(from: string, to: string): { start: string; end: string } {
  const start = new Date(Date.parse(`${from}T00:00:00Z`) - SEOUL_OFFSET_MS);
  const end = new Date(Date.parse(`${to}T23:59:59.999Z`) - SEOUL_OFFSET_MS);
  return { start: start.toISOString(), end: end.toISOString() };
}

/** A range as sent (missing dates take the default), checked and with its UTC bounds; or the Korean reason it is refused. */
export function resolveDateRange(
  from?: string,
  to?: string,
  now: Date | number = Date.now(),
): { from: string; to: string; start: string; end: string } | string {
  const d = defaultDateRange(now);
  const t = to ?? d.to;
  const f = from ?? (to ? addMonths(to, -1) : d.from);
  return dateRangeError(f, t, now) ?? { from: f, to: t, ...seoulBounds(f, t) };
}
