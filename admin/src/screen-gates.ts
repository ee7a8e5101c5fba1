import { AREAS, ENROL_ONLY_AREAS, allows } from "@domain/admin-access";
import { OperatorPermission } from "@domain/constants";
import type { AdminAccount } from "./api/session";
import { MENU_GROUPS, SCREENS, type MenuGroup, type Screen } from "./screens";

/** Who may open which screen (screens.ts declares them): the client gate, the redirects, the landing, the menu. */

type Account = Pick<AdminAccount, "permission" | "flags" | "enrolOnly">;

const requestScreen = SCREENS.find((s) => s.path === "calc/request")!;

/** Where a session limited to enrolling in two-factor login (OPERATOR_2FA=required) is kept. */
export const SECURITY_PATH = "/security";

const enrolOnlyRefuses = (s: Pick<Screen, "area">, account: Account) => account.enrolOnly === true && !ENROL_ONLY_AREAS.includes(s.area);

/** Whether the operator may open the screen: the area's rule, as on the server (and a limited session's). */
export const canOpen = (s: Pick<Screen, "area">, account: Account): boolean =>
  !enrolOnlyRefuses(s, account) && allows(AREAS[s.area], account);

/**
 * Where a refused operator goes instead (spec §6): permission 3 is sent from calc/management and
 * calc/status to /admin, and from every other admin page to /admin/calc/request. Others stay and
 * see "no access" (null). A session limited to enrolling in two-factor login goes to 내 보안 설정.
 */
export function redirectFor(s: Screen, account: Account): string | null {
  if (enrolOnlyRefuses(s, account)) return SECURITY_PATH;
  if (canOpen(s, account) || account.permission !== OperatorPermission.EXCHANGER) return null;
  if (s.path === "calc/management" || s.path === "calc/status") return "/";
  // A shop owner without the request screen's own flag stays and is told so (no redirect to a refused screen).
  return canOpen(requestScreen, account) ? "/calc/request" : null;
}

/**
 * Where login and /admin send an operator: permission 0 home, permission 3 settlement request,
 * a sub admin its first screen in menu order it may open.
 */
export function landingFor(account: Account): string {
  if (account.enrolOnly) return SECURITY_PATH;
  if (account.permission === OperatorPermission.SUPER) return "/main";
  if (account.permission === OperatorPermission.EXCHANGER && canOpen(requestScreen, account)) return "/calc/request";
  const first = SCREENS.find((s) => s.menu && canOpen(s, account));
  return first ? `/${first.path}` : "/main";
}

export interface MenuItem {
  to: string;
  label: string;
  enabled: boolean;
  testId: string;
}

/** The side menu for an operator: groups in order, items in declaration order, disabled when refused. */
export function menuFor(account: Account): { label: MenuGroup; items: MenuItem[] }[] {
  return MENU_GROUPS.map((label) => ({
    label,
    items: SCREENS.filter((s) => s.menu === label).map((s) => ({
      to: `/${s.path}`,
      label: s.title,
      enabled: canOpen(s, account),
      testId: `admin-menu-${s.path.replace(/\//g, "-")}`,
    })),
  }));
}
