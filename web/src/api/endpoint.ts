import { apiCall, type CallOptions } from "./client";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/**
 * One API call declared once: method, path (a function of its params) and, as phantom types,
 * the request body and the `data` of a 200 answer. Components call endpoints by name through
 * TanStack Query and never spell URLs.
 */
export interface Endpoint<Data, Body = void, Params = void> {
  method: Method;
  path: (params: Params) => string;
  /** Never set; carries the types. */
  readonly __types?: { data: Data; body: Body; params: Params };
}

export function endpoint<Data, Body = void, Params = void>(
  method: Method,
  path: string | ((params: Params) => string),
): Endpoint<Data, Body, Params> {
  return { method, path: typeof path === "string" ? () => path : path };
}

type Args<Body, Params> = (Body extends void ? { body?: undefined } : { body: Body }) &
  (Params extends void ? { params?: undefined } : { params: Params }) &
  CallOptions;

/** Calls an endpoint; resolves with `data` on code 200, rejects with ApiError otherwise. */
export function callApi<Data, Body, Params>(ep: Endpoint<Data, Body, Params>, args: Args<Body, Params>): Promise<Data> {
  const { body, params, ...opts } = args as { body?: Body; params?: Params } & CallOptions;
  return apiCall<Data>(ep.method, ep.path(params as Params), body, opts);
}
