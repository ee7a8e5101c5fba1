import type { AdminArea } from "../admin-access";
import type { EndpointDef } from "./endpoint";
import { accessLogApi } from "./access-log";
import { apiDocsApi } from "./api-docs";
import { apiKeyApi } from "./apikey";
import { auditApi } from "./audit";
import { boardsApi, memberBoardsApi } from "./boards";
import { changeNoticesApi } from "./change-notices";
import { dashboardApi } from "./dashboard";
import { depositAccountsApi } from "./deposit-accounts";
import { giftsApi } from "./gifts";
import { healthApi } from "./health";
import { historyApi } from "./history";
import { homeApi } from "./home";
import { memberNoticesApi } from "./member-notices";
import { memberSelfApi, membersApi } from "./members";
import { checkoutApi, merchantSelfApi, merchantsAdminApi, paymentApi } from "./merchant-payments";
import { monthEndApi } from "./month-end";
import { notificationsApi } from "./notifications";
import { operatorSecurityApi, operatorSessionApi } from "./operator-security";
import { operatorsApi } from "./operators";
import { partnerApi } from "./partner";
import { policiesApi } from "./policies";
import { proposalsApi } from "./proposals";
import { purchasesApi, salesApi } from "./purchases";
import { receiptsApi } from "./receipts";
import { refundsApi } from "./refunds";
import { savedViewsApi } from "./saved-views";
import { settlementApi } from "./settlement";
import { tokenRolesApi } from "./token-roles";
import { tokensApi } from "./tokens";
import { validityApi } from "./validity";
import { walletsApi } from "./wallets";

/**
 * Every API call of the service, by feature (a tag of the API document each), each feature's endpoints in a
 * file of its own beside this one, named as the feature's folder in server/features/. A feature may declare its
 * member-app and back-office endpoints as two tables of that file (members: `memberSelfApi` and `membersApi`); the
 * member app imports its features' files directly, never this one, which carries every operator schema. The
 * server registers its routes from them, both apps call them, the permission table and the OpenAPI document read them.
 */
export const API_FEATURES = {
  members: joined(memberSelfApi, membersApi),
  "operator-security": joined(operatorSessionApi, operatorSecurityApi),
  purchases: joined(purchasesApi, salesApi),
  gifts: giftsApi,
  history: historyApi,
  receipts: receiptsApi,
  validity: validityApi,
  boards: joined(memberBoardsApi, boardsApi),
  "member-notices": memberNoticesApi,
  policies: policiesApi,
  "change-notices": changeNoticesApi,
  partner: partnerApi,
  "merchant-payments": joined(paymentApi, checkoutApi, merchantSelfApi, merchantsAdminApi),
  home: homeApi,
  operators: operatorsApi,
  apikey: apiKeyApi,
  audit: auditApi,
  "access-log": accessLogApi,
  notifications: notificationsApi,
  dashboard: dashboardApi,
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

/** A feature's tables as one (names are unique within a feature too: a duplicate throws here). */
function joined<const T extends readonly Record<string, EndpointDef>[]>(...tables: T): Merged<T[number]> {
  const all: Record<string, EndpointDef> = {};
  for (const table of tables) {
    for (const [name, e] of Object.entries(table)) {
      if (name in all) throw new Error(`endpoint name ${name} is declared twice`);
      all[name] = e;
    }
  }
  return all as Merged<T[number]>;
}

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
