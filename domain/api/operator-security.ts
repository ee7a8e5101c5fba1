import { endpoint, operator, publicAccess } from "./endpoint";
import {
  loginOperatorBody,
  loginOperatorData,
  securityStatus,
  totpDisableBody,
  totpDisabled,
  totpEnableBody,
  totpEnabled,
  totpSetup,
} from "../schemas/operator-security";

const session = operator("session");

/**
 * An operator's own security settings (내 보안 설정, every operator): two-factor login with an authenticator app
 * (TOTP, RFC 6238). Reachable by a session that OPERATOR_2FA=required limits to enrolling.
 */
export const operatorSecurityApi = {
  securityStatus: endpoint({
    method: "GET",
    path: "/api/operation/security",
    access: session,
    summary: "The operator's two-factor login: on or off, required or not, recovery codes left",
    response: securityStatus,
  }),
  totpSetup: endpoint({
    method: "POST",
    path: "/api/operation/security/totp/setup",
    access: session,
    summary: "Start enrolling: a new TOTP secret and its otpauth:// URL (not in force until confirmed)",
    response: totpSetup,
  }),
  totpEnable: endpoint({
    method: "POST",
    path: "/api/operation/security/totp/enable",
    access: session,
    summary: "Confirm the enrolment with a first code: two-factor login on, ten recovery codes shown once, other sessions ended",
    body: totpEnableBody,
    response: totpEnabled,
  }),
  totpDisable: endpoint({
    method: "POST",
    path: "/api/operation/security/totp/disable",
    access: session,
    summary: "Turn two-factor login off with a current code (or a recovery code); other sessions ended",
    body: totpDisableBody,
    response: totpDisabled,
  }),
};

/** The operators' login and logout (server/features/operator-security/operator-login.routes.ts; the admin app calls them). */
export const operatorSessionApi = {
  loginOperator: endpoint({
    method: "POST",
    path: "/api/auth/login_admin",
    access: publicAccess,
    summary: "An operator's login (id and password)",
    body: loginOperatorBody,
    response: loginOperatorData,
  }),
  logoutOperator: endpoint({
    method: "POST",
    path: "/api/auth/logout_admin",
    access: operator("session"),
    summary: "End the operator's session",
  }),
};
