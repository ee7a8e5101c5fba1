import type { AdminArea } from "../admin-access";
import type { EndpointDef } from "./endpoint";
import { apiDocsApi } from "./api-docs";
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
 * Every API call of the service, by feature (a tag of the API document each), each feature's endpoints in a
 * file of its own beside this one. The server registers its routes from them, both apps call them, the
 * permission table and the OpenAPI document read them. The member app imports its features' files directly,
 * so its bundle carries no operator schema.
 */
export const API_FEATURES = {
  account: accountApi,
  "operator-session": operatorSessionApi,
  purchases: purchasesApi,
  payments: paymentsApi,
  history: historyApi,
  "member-boards": memberBoardsApi,
  policies: policiesApi,
  partner: partnerApi,
  settlement: settlementApi,
  health: healthApi,
  "api-docs": apiDocsApi,
} satisfies Record<string, Record<string, EndpointDef>>;

type Features = typeof API_FEATURES;
type Merged<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** The same endpoints in one flat table by name (names are unique across features: a duplicate throws here). */
export const API = (() => {
  const flat: Record<string, EndpointDef> = {};
  for (const [feature, endpoints] of Object.entries(API_FEATURES)) {
    for (const [name, e] of Object.entries(endpoints)) {
      if (name in flat) throw new Error(`endpoint name ${name} of ${feature} is taken`);
      flat[name] = e;
    }
  }
  return flat as Merged<Features[keyof Features]>;
})();

export type ApiName = keyof typeof API;

/** Every operator endpoint ("METHOD /path") and its area: what the permission matrix tests. */
export const OPERATOR_ENDPOINTS: Record<string, AdminArea> = Object.fromEntries(
  Object.values(API as Record<string, EndpointDef>).flatMap((e) => (e.access.kind === "operator" ? [[`${e.method} ${e.path}`, e.access.area]] : [])),
);
