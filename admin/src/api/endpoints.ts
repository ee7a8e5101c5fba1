import { API, type ApiName } from "@domain/api";
import { fillPath, queryString, type ClientInput, type EndpointDef, type ResponseData } from "@domain/api/endpoint";
import { createEndpointCaller } from "@common/endpoint-client";
import { apiCall, type CallOptions } from "./client";
import type { DownloadDef } from "./download";

export { fillPath, queryString };

/**
 * Whether the back-office calls an endpoint by name: JSON answers of operator and public endpoints
 * (downloads go through `downloads`, the RPC proxy through viem; member and partner calls are not its).
 */
type AdminCall<E> = E extends { file: string } | { raw: true }
  ? false
  : E extends { access: { kind: "member" | "partner" } }
    ? false
    : true;
type AdminName = { [K in ApiName]: AdminCall<(typeof API)[K]> extends true ? K : never }[ApiName];

/**
 * Every call the admin app makes, by name: the definitions of the endpoint table (domain/api/), whose
 * names are the admin's. Components call endpoints by name (see `callEndpoint` and api/queries.ts).
 */
export const endpoints: { readonly [K in AdminName]: (typeof API)[K] } = API;

/** Downloads, by list: the endpoint table's file entries. */
export const downloads = {
  members: API.membersDownload,
  dashboard: API.dashboardDownload,
  walletHistory: API.walletHistoryDownload,
  holders: API.holdersDownload,
  saleSell: API.saleSellDownload,
  saleUse: API.saleUseDownload,
  saleGift: API.saleGiftDownload,
  tokenManagement: API.tokenManagementDownload,
  tokenFee: API.tokenFeeDownload,
  settlementHistory: API.settlementHistoryDownload,
  settlementManagement: API.settlementManagementDownload,
  settlementGifts: API.settlementGiftsDownload,
  settlementStatus: API.settlementStatusDownload,
  merchantDaily: API.merchantDailyDownload,
  refunds: API.refundDownload,
  accessLog: API.accessLogDownload,
  safeguarding: API.safeguardDownload,
} as const satisfies Record<string, DownloadDef>;

export type EndpointName = keyof typeof endpoints;
type Def<N extends EndpointName> = (typeof endpoints)[N];
type HasInput<E> = E extends { params: unknown } | { query: unknown } | { body: unknown } ? true : false;
export type EndpointData<N extends EndpointName> = ResponseData<Def<N>>;
/** The input: path fields, then the query (GET, DELETE) or the JSON body (POST, PUT); undefined when the call takes none. */
export type EndpointBody<N extends EndpointName> = HasInput<Def<N>> extends true ? ClientInput<Def<N>> : undefined;

export type ToolbarData = EndpointData<"toolbar">;
export type MainData = EndpointData<"mainData">;
export type LoginOperatorData = EndpointData<"loginOperator">;

/**
 * The shared caller (path filled, query or body, `data` checked against the response schema), for any
 * definition and input: `callEndpoint`'s signature below ties each name to its own input and data.
 */
const callDef = createEndpointCaller(apiCall) as (e: EndpointDef, input: unknown, opts?: CallOptions) => Promise<unknown>;

/** Calls an endpoint by name and checks `data` against its response schema (a mismatch is a contract error, not a crash). */
export async function callEndpoint<N extends EndpointName>(
  name: N,
  ...[body, opts]: EndpointBody<N> extends undefined ? [body?: undefined, opts?: CallOptions] : [body: EndpointBody<N>, opts?: CallOptions]
): Promise<EndpointData<N>> {
  return (await callDef(endpoints[name], body, opts)) as EndpointData<N>;
}
