import { endpoint, member, operator, publicAccess } from "./endpoint";
import {
  activateBody,
  loginAdminBody,
  loginAdminData,
  loginUserBody,
  loginUserData,
  memberAccount,
  passwordResetBody,
  sessionToken,
  verifyResult,
  verifyStart,
  verifySubmitBody,
} from "../schemas/auth";
import { favoriteCheckBody, favoriteCreateBody, favoriteDeleteBody, myInfoUpdateBody } from "../schemas/info";
import { favorite, favoriteList, favoritesDeleted, myInfo } from "../schemas/account";

/**
 * The member's account (spec auth/*, info/*): identity verification and sign-up, password reset, login and
 * logout, my info and the address book.
 */
export const accountApi = {
  verifyStart: endpoint({
    method: "GET",
    path: "/api/auth",
    access: publicAccess,
    summary: "Start identity verification for sign-up: a key and the provider's popup URL",
    response: verifyStart,
  }),
  reauthStart: endpoint({
    method: "GET",
    path: "/api/auth/reauth",
    access: publicAccess,
    summary: "Start identity re-verification for a password reset: a key and the popup URL",
    response: verifyStart,
  }),
  verifySubmit: endpoint({
    method: "POST",
    path: "/api/verify/submit",
    access: publicAccess,
    summary: "The simulated provider's form: records the identity on the key and answers the verification code",
    body: verifySubmitBody,
    response: verifyResult,
  }),
  signup: endpoint({
    method: "PUT",
    path: "/api/auth",
    access: publicAccess,
    summary: "Sign up the person the key verified, with a password",
    body: activateBody,
    response: memberAccount,
  }),
  passwordReset: endpoint({
    method: "POST",
    path: "/api/auth/password_v2",
    access: publicAccess,
    summary: "Reset the password of the member the key verified; signed in (my info), the answer carries the session's new token",
    body: passwordResetBody,
    response: sessionToken.optional(),
  }),
  loginUser: endpoint({
    method: "POST",
    path: "/api/auth/login_user",
    access: publicAccess,
    summary: "A member's login (phone and password)",
    body: loginUserBody,
    response: loginUserData,
  }),
  logout: endpoint({ method: "POST", path: "/api/auth/logout", access: member, summary: "End the member's session" }),
  myInfo: endpoint({
    method: "GET",
    path: "/api/info/myinfo",
    access: member,
    summary: "The member's profile, wallet and balance",
    response: myInfo,
  }),
  myInfoUpdate: endpoint({
    method: "PUT",
    path: "/api/info/myinfo",
    access: member,
    summary: "Change nickname, email or home address (a field left out keeps its value)",
    body: myInfoUpdateBody,
    response: myInfo,
  }),
  favorites: endpoint({
    method: "GET",
    path: "/api/favorite",
    access: member,
    summary: "The member's address book",
    response: favoriteList,
  }),
  favoriteCreate: endpoint({
    method: "POST",
    path: "/api/favorite",
    access: member,
    summary: "Add a voucher address to the address book",
    body: favoriteCreateBody,
    response: favorite,
  }),
  favoriteCheck: endpoint({
    method: "PUT",
    path: "/api/favorite/check",
    access: member,
    summary: "Star or unstar an address-book entry",
    body: favoriteCheckBody,
    response: favorite,
  }),
  favoriteDelete: endpoint({
    method: "DELETE",
    path: "/api/favorite",
    access: member,
    summary: "Delete address-book entries",
    body: favoriteDeleteBody,
    response: favoritesDeleted,
  }),
};

/** The operators' login and logout (same routes file as the member's; the admin app calls them). */
export const operatorSessionApi = {
  loginAdmin: endpoint({
    method: "POST",
    path: "/api/auth/login_admin",
    access: publicAccess,
    summary: "An operator's login (id and password)",
    body: loginAdminBody,
    response: loginAdminData,
  }),
  logoutAdmin: endpoint({
    method: "POST",
    path: "/api/auth/logout_admin",
    access: operator("session"),
    summary: "End the operator's session",
  }),
};
