import { endpoint, operator, pdDetail, pdList } from "./endpoint";
import {
  changePermissionBody,
  changeStateBody,
  memberDetail,
  memberDownloadRequest,
  memberIdParams,
  memberList,
  memberListRequest,
} from "../schemas/operation";

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
