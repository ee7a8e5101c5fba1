import { PAGE_SIZES, defaultDateRange, type PageSizeKind } from "@domain/schemas/shared/list";

/** A list's page, sort, date range and filters, as read from the URL. */
export interface ListState {
  page: number;
  perPage: number;
  sortBy?: string;
  sortDesc: boolean;
  /** The range shown: the URL's, else (with dates) the default of a month ago to today. */
  from?: string;
  to?: string;
  /** Whether the URL names the range (it was chosen), rather than the default being shown. */
  rangeChosen: boolean;
  /** The list's own filters that the URL holds, by name (`keyword` is one). */
  filters: Record<string, string>;
}

export interface ListUrlOptions {
  kind?: PageSizeKind;
  dates?: boolean;
  /** The URL keys this list filters by; other keys of the URL (?tx= of an open dialog) are not the list's. */
  filters?: readonly string[];
}

/** Changes to the URL: a key to a value, or away (undefined or blank). */
export type SearchPatch = Record<string, string | number | boolean | undefined>;

/** The list's state in `params`; a page size the list does not offer reads as its initial one. */
export function readListState(params: URLSearchParams, opts: ListUrlOptions = {}): ListState {
  const sizes = PAGE_SIZES[opts.kind ?? "standard"];
  const perPage = Number(params.get("perPage"));
  const range = opts.dates ? defaultDateRange() : undefined;
  const filters: Record<string, string> = {};
  for (const k of opts.filters ?? []) {
    const v = params.get(k);
    if (v) filters[k] = v;
  }
  return {
    page: Math.max(1, Math.floor(Number(params.get("page"))) || 1),
    perPage: (sizes.options as readonly number[]).includes(perPage) ? perPage : sizes.initial,
    sortBy: params.get("sortBy") ?? undefined,
    sortDesc: params.get("sortDesc") !== "false",
    from: params.get("from") ?? range?.from,
    to: params.get("to") ?? range?.to,
    rangeChosen: params.has("from") || params.has("to"),
    filters,
  };
}

/**
 * `search` with every change of `patch` made at once (text trimmed; blank removes the key). Unless the patch names
 * the page, the list goes back to page 1: other rows match now.
 */
export function patchSearch(search: string | URLSearchParams, patch: SearchPatch, resetPage = true): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [k, v] of Object.entries(patch)) {
    const text = v === undefined ? "" : String(v).trim();
    if (text === "") next.delete(k);
    else next.set(k, text);
  }
  if (resetPage && !("page" in patch)) next.delete("page");
  return next;
}

/** The URL keys a list owns besides its page: page size, sort, range (with dates) and its filters. A saved view keeps these. */
export function listUrlKeys(opts: ListUrlOptions & { paged?: boolean } = {}): string[] {
  return [
    ...(opts.paged === false ? [] : ["perPage", "sortBy", "sortDesc"]),
    ...(opts.dates ? ["from", "to"] : []),
    ...(opts.filters ?? []),
  ];
}

/** The values `params` holds of `keys` (the list's state as a saved view keeps it). */
export function pickSearch(params: URLSearchParams, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of keys) {
    const v = params.get(k);
    if (v !== null && v !== "") out[k] = v;
  }
  return out;
}

/** The patch that makes the list's keys exactly `search` (a key `search` lacks goes away; one not the list's is ignored). */
export function viewPatch(keys: readonly string[], search: Record<string, string>): SearchPatch {
  return Object.fromEntries(keys.map((k) => [k, search[k]]));
}
