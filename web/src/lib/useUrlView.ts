import { useLocation, useNavigate, useSearchParams } from "react-router";

type Params = Record<string, string | number | null | undefined>;

function toSearch(params: Params): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== null && v !== undefined && v !== "" && !(k === "page" && v === 1)) sp.set(k, String(v));
  const s = sp.toString();
  return s ? `?${s}` : "";
}

/** A positive integer query parameter, or null. */
export function intParam(sp: URLSearchParams, name: string): number | null {
  const n = Number(sp.get(name));
  return Number.isInteger(n) && n >= 1 ? n : null;
}

/**
 * Sub-views of one page (a list page, a post, a form) kept in the query string, so each is a history
 * entry: Back closes a post, reload or a shared link shows the same one. `close` goes back when the
 * view was opened from this page, and otherwise replaces the entry (opened by a link or a reload).
 */
export function useUrlView() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const stacked = (location.state as { stacked?: boolean } | null)?.stacked === true;
  return {
    params,
    open: (next: Params) => navigate({ search: toSearch(next) }, { state: { stacked: true } }),
    close: (fallback: Params) => (stacked ? navigate(-1) : navigate({ search: toSearch(fallback) }, { replace: true })),
    replace: (next: Params) => navigate({ search: toSearch(next) }, { replace: true, state: location.state }),
  };
}
