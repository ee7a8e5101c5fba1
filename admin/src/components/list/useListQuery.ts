import { useCallback, useMemo } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { keepPreviousData, useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { PageSizeKind } from "@domain/schemas/shared/list";
import { callEndpoint, type EndpointBody, type EndpointData, type EndpointName } from "../../api/endpoints";
import type { CallOptions } from "../../api/client";
import { endpointKey } from "../../api/queries";
import {
  listUrlKeys,
  patchSearch,
  pickSearch,
  readListState,
  viewPatch,
  type ListState,
  type ListUrlOptions,
  type SearchPatch,
} from "./listUrl";

/** The rows of one page of a list and how many match in all (at least, when capped). */
export interface ListPage<R> {
  list: R[];
  total: number;
  capped?: boolean;
}

/** The row type of an endpoint's answer: a page's `list`, or the array itself. */
type RowOf<D> = D extends readonly (infer T)[] ? T : D extends { list: readonly (infer T)[] } ? T : never;

export interface ListQueryOptions<N extends EndpointName, R> extends ListUrlOptions {
  /** Fields of the request that are not the URL's: the sale type, the board, the wallet's address. */
  fixed?: Record<string, unknown>;
  /** Whether the endpoint pages and sorts (page, perPage, sortBy, sortDesc in the request); true unless told. */
  paged?: boolean;
  /** The column the server sorts by when the URL names none (the header shows it sorted). */
  defaultSort?: string;
  /** The body, for an endpoint that takes the list's request otherwise (notifications: `{ tablehandler }`). */
  body?: (request: Record<string, unknown>) => EndpointBody<N>;
  /** Rows and total of an answer that is neither a page nor an array (holders). */
  select?: (data: EndpointData<N>) => ListPage<R>;
  /** Whether to read yet (a list that needs a choice first); no rows are shown meanwhile. */
  enabled?: boolean | ((state: ListState) => boolean);
}

type AnyCall = (name: EndpointName, body: unknown, opts: CallOptions) => Promise<unknown>;

/** What a DataTable of a list takes from it. */
export interface ListWiring<R> {
  kind?: PageSizeKind;
  rows: R[] | undefined;
  total: number;
  capped?: boolean;
  loading: boolean;
  error?: string;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
  sortBy?: string;
  sortDesc: boolean;
  onSort: (sortBy: string, sortDesc: boolean) => void;
}

/** What a list screen needs of its list: URL state and its setters, the request, the query, rows and total. */
export interface ListQuery<R, D = unknown> {
  state: ListState;
  request: Record<string, unknown>;
  query: UseQueryResult<D>;
  data: D | undefined;
  rows: R[] | undefined;
  total: number;
  capped?: boolean;
  /** No answer yet (the first read). */
  loading: boolean;
  /** A read is under way (the page on screen may be the previous one meanwhile). */
  fetching: boolean;
  error?: string;
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
  setSort: (sortBy: string, sortDesc: boolean) => void;
  setRange: (from: string, to: string) => void;
  setFilter: (key: string, value: string | undefined) => void;
  /** Several keys in one write (a search basis and its text); back to page 1 unless `resetPage` is false. */
  setFilters: (patch: SearchPatch, resetPage?: boolean) => void;
  setKeyword: (keyword: string) => void;
  /** The list's URL keys now (page size, sort, range, filters; not the page): what a saved view keeps. */
  viewSearch: Record<string, string>;
  /** Makes the list's URL keys exactly those of a saved view, in one write, on page 1. */
  applyView: (search: Record<string, string>) => void;
  table: ListWiring<R>;
}

/**
 * One write of several URL keys. It starts from the address bar as it is now rather than from this render's copy of
 * the URL: two writes one after the other (two setters, two hooks) each keep what the other wrote.
 */
export function useSearchPatch() {
  const navigate = useNavigate();
  return useCallback(
    (patch: SearchPatch, opts: { resetPage?: boolean; replace?: boolean } = {}) => {
      const next = patchSearch(window.location.search, patch, opts.resetPage ?? false);
      void navigate(`?${next}`, { replace: opts.replace ?? false, preventScrollReset: true });
    },
    [navigate],
  );
}

/**
 * A back-office list: its filters, sort, page, page size and date range live in the URL (a reload or a shared link
 * shows the same rows; each change is one write of the URL), its request is built from them, and its endpoint is
 * read by name, the page on screen staying while the next one loads. Changing a filter, the sort, the range or the
 * page size goes back to page 1.
 */
export function useListQuery<N extends EndpointName, R = RowOf<EndpointData<N>>>(
  name: N,
  opts: ListQueryOptions<N, R> = {},
): ListQuery<R, EndpointData<N>> {
  const [params] = useSearchParams();
  const patch = useSearchPatch();
  const paged = opts.paged ?? true;
  const filterKeys = (opts.filters ?? []).join(",");
  const state: ListState = useMemo(
    () => readListState(params, { kind: opts.kind, dates: opts.dates, filters: filterKeys ? filterKeys.split(",") : [] }),
    [params, opts.kind, opts.dates, filterKeys],
  );
  const fixed = JSON.stringify(opts.fixed ?? {});

  /** The request fields the server's list schema takes (flat), also what the list's download sends. */
  const request = useMemo(
    (): Record<string, unknown> => ({
      ...(paged
        ? { page: state.page, perPage: state.perPage, ...(state.sortBy ? { sortBy: state.sortBy } : {}), sortDesc: state.sortDesc }
        : {}),
      ...(opts.dates ? { from: state.from, to: state.to } : {}),
      ...state.filters,
      ...(JSON.parse(fixed) as Record<string, unknown>),
    }),
    [state, paged, opts.dates, fixed],
  );
  const body = opts.body ? opts.body(request) : Object.keys(request).length ? request : undefined;
  const enabled = typeof opts.enabled === "function" ? opts.enabled(state) : (opts.enabled ?? true);
  const query: UseQueryResult<EndpointData<N>> = useQuery({
    queryKey: endpointKey(name, body),
    queryFn: ({ signal }) => (callEndpoint as AnyCall)(name, body, { signal }) as Promise<EndpointData<N>>,
    placeholderData: keepPreviousData,
    enabled,
  });

  // A list not read yet shows nothing, not the rows of the choice before.
  const data = enabled ? query.data : undefined;
  const page: ListPage<R> | undefined = data === undefined ? undefined : opts.select ? opts.select(data) : asPage<R>(data);
  const update = useCallback((changes: SearchPatch, resetPage = true) => patch(changes, { resetPage }), [patch]);
  const setPage = useCallback((n: number) => update({ page: n }, false), [update]);
  const setPerPage = useCallback((n: number) => update({ perPage: n }), [update]);
  const setSort = useCallback((sortBy: string, sortDesc: boolean) => update({ sortBy, sortDesc }), [update]);
  const setRange = useCallback((from: string, to: string) => update({ from, to }), [update]);
  const setFilter = useCallback((key: string, value: string | undefined) => update({ [key]: value }), [update]);
  const setKeyword = useCallback((keyword: string) => update({ keyword }), [update]);
  const urlKeys = useMemo(
    () => listUrlKeys({ paged, dates: opts.dates, filters: filterKeys ? filterKeys.split(",") : [] }),
    [paged, opts.dates, filterKeys],
  );
  const viewSearch = useMemo(() => pickSearch(params, urlKeys), [params, urlKeys]);
  const applyView = useCallback((search: Record<string, string>) => update(viewPatch(urlKeys, search)), [update, urlKeys]);
  const error = enabled ? query.error?.message : undefined;
  const loading = query.isPending && enabled;

  return {
    state,
    request,
    query,
    data,
    rows: page?.list,
    total: page?.total ?? 0,
    capped: page?.capped,
    loading,
    fetching: query.isFetching,
    error,
    setPage,
    setPerPage,
    setSort,
    setRange,
    setFilter,
    setFilters: update,
    setKeyword,
    viewSearch,
    applyView,
    table: {
      kind: opts.kind,
      rows: page?.list,
      total: page?.total ?? 0,
      capped: page?.capped,
      loading,
      error,
      page: state.page,
      perPage: state.perPage,
      onPage: setPage,
      onPerPage: setPerPage,
      sortBy: state.sortBy ?? opts.defaultSort,
      sortDesc: state.sortDesc,
      onSort: setSort,
    },
  };
}

function asPage<R>(data: unknown): ListPage<R> {
  if (Array.isArray(data)) return { list: data as R[], total: data.length };
  return data as ListPage<R>;
}
