import { endpoint, member, operator, pdDetail, pdList, publicAccess } from "./endpoint";
import {
  activateBody,
  changePermissionBody,
  changeStateBody,
  favorite,
  favoriteCheckBody,
  favoriteCreateBody,
  favoriteDeleteBody,
  favoriteList,
  favoritesDeleted,
  loginUserBody,
  loginUserData,
  memberAccount,
  memberDetail,
  memberDownloadRequest,
  memberIdParams,
  memberList,
  memberListRequest,
  myInfo,
  myInfoUpdateBody,
  passwordResetBody,
  verifyResult,
  verifyStart,
  verifySubmitBody,
} from "../schemas/members";
import { sessionToken } from "../schemas/shared/auth";

const members = operator("members");

/** Members in the back-office (spec §7 allUserList, userInfo, changeState, changePermission). */
export const membersApi = {
  memberList: endpoint({
    method: "GET",
    path: "/api/operation/allUserList",
    access: members,
    summary: "Members by state, grade and keyword, one page, with their wallets and holdings",
    personalData: pdList("회원 관리"),
    query: memberListRequest,
    response: memberList,
  }),
  membersDownload: endpoint({
    method: "GET",
    path: "/api/operation/allUserList/download",
    access: members,
    summary: "The members list's filter, every row, as .xlsx (only the `columns` named, in their order)",
    personalData: pdList("회원 관리"),
    query: memberDownloadRequest,
    file: "회원정보.xlsx",
  }),
  memberDetail: endpoint({
    method: "GET",
    path: "/api/operation/userInfo/:id",
    access: members,
    summary: "One member: totals, purchasable this month, wallet history, the operators' actions on it",
    personalData: pdDetail("회원 상세"),
    params: memberIdParams,
    response: memberDetail,
  }),
  changeState: endpoint({
    method: "POST",
    path: "/api/operation/changeState",
    access: operator("memberState"),
    summary: "Set a member's state (정상, 정지, 탈퇴); audited",
    body: changeStateBody,
  }),
  changePermission: endpoint({
    method: "POST",
    path: "/api/operation/changePermission",
    access: operator("memberGrade"),
    summary: "Set a member's grade (사용자, 점주, 관리자); audited",
    body: changePermissionBody,
  }),
};

/**
 * The member's account (spec auth/*, info/*): identity verification and sign-up, password reset, login and
 * logout, my info and the address book.
 */
export const memberSelfApi = {
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
