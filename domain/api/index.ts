import type { AdminArea } from "../admin-access";
import type { EndpointDef } from "./endpoint";
import { apiDocsApi } from "./api-docs";
import { settlementApi } from "./settlement";

/**
 * Every API call of the service, by name: one flat table (names are unique across features), each
 * feature's endpoints in a file of its own beside this one. The server registers its routes from it, both
 * apps call it by name, the permission table and the OpenAPI document read it.
 */
export const API_FEATURES = {
  settlement: settlementApi,
  "api-docs": apiDocsApi,
} satisfies Record<string, Record<string, EndpointDef>>;

export const API = {
  ...settlementApi,
  ...apiDocsApi,
} satisfies Record<string, EndpointDef>;

export type ApiName = keyof typeof API;

/** Every operator endpoint ("METHOD /path") and its area: what the permission matrix tests. */
export const OPERATOR_ENDPOINTS: Record<string, AdminArea> = Object.fromEntries(
  Object.values(API as Record<string, EndpointDef>).flatMap((e) => (e.access.kind === "operator" ? [[`${e.method} ${e.path}`, e.access.area]] : [])),
);
