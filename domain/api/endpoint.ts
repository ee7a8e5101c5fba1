import type { z } from "zod";
import type { AdminArea } from "../admin-access";
import type { PersonalDataView } from "../access-log";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/**
 * Who may call an endpoint. The server applies it (one gate per kind); the permission matrix, the admin
 * app's screens and the OpenAPI document read it.
 * - `public`: anyone; `member`: a member's `web` token; `partner`: the partner marketplace's `X-API-Key`;
 * - `merchant`: a merchant's API key (`Authorization: Bearer krwm_…`, docs/merchant-api.md);
 * - `operator`: an operator token whose operator passes the area's rule (domain/admin-access.ts).
 */
export type Access =
  | { kind: "public" }
  | { kind: "member" }
  | { kind: "partner" }
  | { kind: "merchant" }
  | { kind: "operator"; area: AdminArea };

/**
 * One API call declared once (blockscout's resource table): method, path in Express syntax (`:name`
 * segments), access, the schemas of its three inputs and of the `data` of a 200 answer. The server
 * registers its route from it (server/http/routes.ts), both apps call it by name, OpenAPI is generated
 * from it. `response` absent: the answer carries no data. `file`: an .xlsx streamed instead of JSON.
 * `raw`: an answer that is not the `{code, message?, data?}` envelope (the JSON-RPC proxy, HTML pages).
 */
export interface EndpointDef {
  method: Method;
  path: string;
  access: Access;
  /** One line for the API document. */
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
  file?: string;
  raw?: true;
  /**
   * The name of another endpoint of the same route that this one types for one case of its input (the token
   * detail answers either list's row; `tokenDetail` is its view for the issuance list). A view is not
   * registered or documented on its own.
   */
  viewOf?: string;
  /**
   * An operator read that shows members' personal data: recorded in the access log under `screen` (the Korean name
   * of the screen it serves); a `list` view masks phone numbers unless the operator may unmask. Every `file`
   * endpoint is recorded too, and refused without a reason (server/features/access-log/README.md).
   */
  personalData?: { screen: string; view: PersonalDataView };
}

/** Keeps the literal types of a definition (its schemas) while checking its shape. */
export const endpoint = <const E extends EndpointDef>(e: E): E => e;

export const operator = (area: AdminArea) => ({ kind: "operator", area }) as const;
/** `personalData` of a list read (phones masked) and of a detail read (shown whole, logged). */
export const pdList = (screen: string) => ({ screen, view: "list" }) as const;
export const pdDetail = (screen: string) => ({ screen, view: "detail" }) as const;
export const member = { kind: "member" } as const;
export const publicAccess = { kind: "public" } as const;
export const partner = { kind: "partner" } as const;
export const merchant = { kind: "merchant" } as const;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the server's handler gets: each part parsed by its schema. */
export interface ValidInput<E extends EndpointDef> {
  params: Out<E["params"]>;
  query: Out<E["query"]>;
  body: Out<E["body"]>;
}

/** What the handler must answer with: the `data` the response schema accepts (before its transforms). */
export type ReplyData<E extends EndpointDef> = E["response"] extends z.ZodType ? z.input<E["response"]> : void;

/** What a client reads: `data` after the response schema's parse. */
export type ResponseData<E extends EndpointDef> = E["response"] extends z.ZodType ? z.output<E["response"]> : unknown;

type Obj<T> = T extends undefined ? unknown : T;
/** What a client passes: path fields, then the query (GET, DELETE) or the body (POST, PUT, a DELETE that declares one), as one object. */
export type ClientInput<E extends EndpointDef> = Obj<In<E["params"]>> & Obj<In<E["query"]>> & Obj<In<E["body"]>>;

/** `:name` path segments filled from the input; the remaining fields, for the query string or the body. */
export function fillPath(path: string, input: unknown): { path: string; rest: Record<string, unknown> } {
  const rest: Record<string, unknown> = input && typeof input === "object" ? { ...(input as Record<string, unknown>) } : {};
  const filled = path.replace(/:(\w+)/g, (_, k: string) => {
    const v = rest[k];
    delete rest[k];
    return encodeURIComponent(String(v ?? ""));
  });
  return { path: filled, rest };
}

/** `?a=1&b=x` from the defined, non-empty fields. */
export function queryString(fields: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** Where a client puts the input fields that are not path segments: the query string of a GET or DELETE, unless it declares a body (DELETE /api/favorite). */
export const inQuery = (e: Pick<EndpointDef, "method" | "body">) => !e.body && (e.method === "GET" || e.method === "DELETE");
