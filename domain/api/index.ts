import type { AdminArea } from "../admin-access";
import type { EndpointDef } from "./endpoint";
import { accessLogApi } from "./access-log";
import { accountApi, operatorSessionApi } from "./account";
import { apiDocsApi } from "./api-docs";
import { apiKeyApi } from "./apikey";
import { auditApi } from "./audit";
import { boardsApi } from "./boards";
import { dashboardApi } from "./dashboard";
import { depositAccountsApi } from "./deposit-accounts";
import { healthApi } from "./health";
import { historyApi } from "./history";
import { homeApi } from "./home";
import { memberBoardsApi } from "./member-boards";
import { membersApi } from "./members";
import { memberNoticesApi } from "./member-notices";
import { monthEndApi } from "./month-end";
import { notificationsApi } from "./notifications";
import { operatorsApi } from "./operators";
import { operatorSecurityApi } from "./operator-security";
import { partnerApi } from "./partner";
import { paymentsApi } from "./payments";
import { policiesApi } from "./policies";
import { proposalsApi } from "./proposals";
import { purchasesApi } from "./purchases";
import { refundsApi } from "./refunds";
import { receiptsApi } from "./receipts";
import { salesApi } from "./sales";
import { savedViewsApi } from "./saved-views";
import { settlementApi } from "./settlement";
import { tokensApi } from "./tokens";
import { tokenRolesApi } from "./token-roles";
import { walletsApi } from "./wallets";
import { validityApi } from "./validity";

/**
 * Every API call of the service, by feature (a tag of the API document each), each feature's endpoints in a
 * file of its own beside this one. The server registers its routes from them, both apps call them, the
 * permission table and the OpenAPI document read them. The member app imports its features' files directly,
 * so its bundle carries no operator schema.
 */
export const API_FEATURES = {
  account: accountApi,
  "operator-session": operatorSessionApi,
  "operator-security": operatorSecurityApi,
  purchases: purchasesApi,
  payments: paymentsApi,
  history: historyApi,
  receipts: receiptsApi,
  validity: validityApi,
  "member-boards": memberBoardsApi,
  "member-notices": memberNoticesApi,
  policies: policiesApi,
  partner: partnerApi,
  home: homeApi,
  members: membersApi,
  operators: operatorsApi,
  apikey: apiKeyApi,
  audit: auditApi,
  "access-log": accessLogApi,
  notifications: notificationsApi,
  dashboard: dashboardApi,
  boards: boardsApi,
  sales: salesApi,
  "saved-views": savedViewsApi,
  "deposit-accounts": depositAccountsApi,
  tokens: tokensApi,
  "token-roles": tokenRolesApi,
  wallets: walletsApi,
  settlement: settlementApi,
  proposals: proposalsApi,
  refunds: refundsApi,
  "month-end": monthEndApi,
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

/**
 * Every operator endpoint ("METHOD /path" in Express syntax) and its area: the server's gate refuses an
 * operator route that is not here, and the permission matrix calls each one as every kind of caller.
 */
export const OPERATOR_ENDPOINTS: Record<string, AdminArea> = Object.fromEntries(
  Object.values(API as Record<string, EndpointDef>).flatMap((e) =>
    e.access.kind === "operator" ? [[`${e.method} ${e.path}`, e.access.area]] : [],
  ),
);
