import type { AdminArea } from "../admin-access";
import type { EndpointDef } from "./endpoint";
import { settlementApi } from "./settlement";
import { accountApi, operatorSessionApi } from "./account";
import { healthApi } from "./health";
import { historyApi } from "./history";
import { memberBoardsApi } from "./member-boards";
import { partnerApi } from "./partner";
import { paymentsApi } from "./payments";
import { policiesApi } from "./policies";
import { purchasesApi } from "./purchases";

/**
 * Every API call of the service, by name: one flat table (names are unique across features), each
 * feature's endpoints in a file of its own beside this one. The server registers its routes from it, both
 * apps call it by name, the permission table and the OpenAPI document read it.
 */
export const API = {
  ...settlementApi,
  ...accountApi,
  ...operatorSessionApi,
  ...healthApi,
  ...historyApi,
  ...memberBoardsApi,
  ...partnerApi,
  ...paymentsApi,
  ...policiesApi,
  ...purchasesApi,
} satisfies Record<string, EndpointDef>;

export type ApiName = keyof typeof API;

/** Every operator endpoint ("METHOD /path") and its area: what the permission matrix tests. */
export const OPERATOR_ENDPOINTS: Record<string, AdminArea> = Object.fromEntries(
  Object.values(API as Record<string, EndpointDef>).flatMap((e) => (e.access.kind === "operator" ? [[`${e.method} ${e.path}`, e.access.area]] : [])),
);
