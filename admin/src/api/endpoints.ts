import { z } from "zod";
import { loginAdminBody } from "@domain/schemas/auth";
import { apiCall, ApiError, type CallOptions } from "./client";
import { Code } from "@domain/codes";
import { Msg } from "@domain/messages";
import { ADMIN_FLAGS, type AdminFlags } from "@domain/constants";

/**
 * Every call the admin app makes, declared once: method, path, request body schema and the
 * schema of `data`. Components call endpoints by name (see `callEndpoint` and api/queries.ts).
 */
interface Endpoint {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  body?: z.ZodType;
  data: z.ZodType;
}

const won = z.number().int();

export const adminAccountSchema = z.object({
  id: z.number(),
  username: z.string(),
  permission: z.number().int(),
  // Only the known flags are kept (a newer server may send more); missing flags read as false.
  flags: z
    .record(z.string(), z.unknown())
    .default({})
    .transform((f): AdminFlags => Object.fromEntries(ADMIN_FLAGS.filter((k) => f[k] === true).map((k) => [k, true]))),
});

export const loginAdminData = z.object({
  accessToken: z.string().min(1),
  expiredAt: z.string().min(1),
  account: adminAccountSchema,
});

/** Toolbar totals (permission 0), in won. */
export const toolbarData = z.object({
  masterTotal: won,
  ownerTotal: won,
  userTotal: won,
  sales: won,
  refunds: won,
  gifts: won,
  usage: won,
});

/** Home stat cards. */
export const mainData = z.object({
  account_count: z.number().int(),
  sellSum: won,
  useSum: won,
  giftSum: won,
  exchangeSum: won,
  tokenBurnCount: z.number().int(),
  tokenMintCount: z.number().int(),
  tokenCommissionSum: won,
});

export const endpoints = {
  loginAdmin: { method: "POST", path: "/api/auth/login_admin", body: loginAdminBody, data: loginAdminData },
  logoutAdmin: { method: "POST", path: "/api/auth/logout_admin", data: z.unknown() },
  toolbar: { method: "GET", path: "/api/operation/toolbar", data: toolbarData },
  mainData: { method: "GET", path: "/api/operation/maindata", data: mainData },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
type Def<N extends EndpointName> = (typeof endpoints)[N];
export type EndpointData<N extends EndpointName> = z.output<Def<N>["data"]>;
export type EndpointBody<N extends EndpointName> = Def<N> extends { body: z.ZodType } ? z.input<Def<N>["body"]> : undefined;

export type ToolbarData = EndpointData<"toolbar">;
export type MainData = EndpointData<"mainData">;
export type LoginAdminData = EndpointData<"loginAdmin">;

/** Calls an endpoint by name and checks `data` against its schema (a mismatch is a contract error, not a crash). */
export async function callEndpoint<N extends EndpointName>(
  name: N,
  ...[body, opts]: EndpointBody<N> extends undefined ? [body?: undefined, opts?: CallOptions] : [body: EndpointBody<N>, opts?: CallOptions]
): Promise<EndpointData<N>> {
  const def: Endpoint = endpoints[name];
  const raw = await apiCall<unknown>(def.method, def.path, body, opts);
  const parsed = def.data.safeParse(raw);
  if (!parsed.success) {
    console.warn(`[api] ${name}: unexpected response shape`, parsed.error.issues);
    throw new ApiError(Code.SERVER_ERROR, Msg.serverError);
  }
  return parsed.data as EndpointData<N>;
}
