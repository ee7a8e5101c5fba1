import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { PAGE_SIZES, defaultDateRange, type PageSizeKind } from "@domain/schemas/list";

export interface ListState {
  page: number;
  perPage: number;
  sortBy?: string;
  sortDesc: boolean;
  keyword?: string;
  from?: string;
  to?: string;
  /** Other filters of the list, by name. */
  filters: Record<string, string>;
}

const BASE_KEYS = new Set(["page", "perPage", "sortBy", "sortDesc", "keyword", "from", "to"]);

/**
 * A list's page, sort and filters, kept in the URL (a reload or a shared link shows the same rows).
 * Changing a filter or the page size goes back to page 1. With `dates`, a missing range reads as the
 * default (a month ago to today).
 */
export function useListState(opts: { kind?: PageSizeKind; dates?: boolean } = {}) {
  const [params, setParams] = useSearchParams();
  const sizes = PAGE_SIZES[opts.kind ?? "standard"];
  const state: ListState = useMemo(() => {
    const perPage = Number(params.get("perPage"));
    const range = opts.dates ? defaultDateRange() : undefined;
    const filters: Record<string, string> = {};
    params.forEach((v, k) => !BASE_KEYS.has(k) && (filters[k] = v));
    return {
      page: Math.max(1, Number(params.get("page")) || 1),
      perPage: (sizes.options as readonly number[]).includes(perPage) ? perPage : sizes.initial,
      sortBy: params.get("sortBy") ?? undefined,
      sortDesc: params.get("sortDesc") !== "false",
      keyword: params.get("keyword") ?? undefined,
      from: params.get("from") ?? range?.from,
      to: params.get("to") ?? range?.to,
      filters,
    };
  }, [params, sizes, opts.dates]);

  const update = useCallback(
    (patch: Record<string, string | number | boolean | undefined>, resetPage = true) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v === undefined || v === "") next.delete(k);
            else next.set(k, String(v));
          }
          if (resetPage && !("page" in patch)) next.delete("page");
          return next;
        },
        { replace: false },
      );
    },
    [setParams],
  );

  /** The request fields the server's list schema takes (flat). */
  const request = useMemo(
    () => ({
      page: state.page,
      perPage: state.perPage,
      ...(state.sortBy ? { sortBy: state.sortBy } : {}),
      sortDesc: state.sortDesc,
      ...(state.keyword ? { keyword: state.keyword } : {}),
      ...(opts.dates ? { from: state.from, to: state.to } : {}),
      ...state.filters,
    }),
    [state, opts.dates],
  );

  return {
    state,
    request,
    setPage: (page: number) => update({ page }, false),
    setPerPage: (perPage: number) => update({ perPage }),
    setSort: (sortBy: string, sortDesc: boolean) => update({ sortBy, sortDesc }),
    setKeyword: (keyword: string) => update({ keyword: keyword.trim() || undefined }),
    setRange: (from: string, to: string) => update({ from, to }),
    setFilter: (name: string, value: string | undefined) => update({ [name]: value }),
  };
}
