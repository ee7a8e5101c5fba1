/**
 * The URL keys that open a record's detail over a screen (`/admin/account?keyword=kim&member=12`). A list reads only
 * the filter keys it declares to useListQuery, so a detail's key is never sent as a filter; none of these may be
 * declared as one (detailUrl.test.ts checks the screens).
 */
export const DETAIL_PARAMS = {
  member: "member",
  operator: "operator",
  sale: "sale",
  tokenIssue: "issue",
  fee: "fee",
  settlement: "order",
  post: "post",
  tx: "tx",
} as const;
export type DetailParamName = (typeof DETAIL_PARAMS)[keyof typeof DETAIL_PARAMS];

/** A URL's value as a record id: a positive safe integer, else null (a detail that cannot exist). */
export function detailId(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

/** A screen's path with one detail open over it: `detailHref("/board/inquiry", "post", 12)` → `/board/inquiry?post=12`. */
export function detailHref(path: string, name: DetailParamName, value: string | number): string {
  return `${path}?${new URLSearchParams({ [name]: String(value) })}`;
}
