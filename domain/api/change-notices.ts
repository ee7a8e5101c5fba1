import { endpoint, operator, pdList } from "./endpoint";
import {
  changeDraft,
  changeList,
  changeMembers,
  changeMembersQuery,
  changeParams,
  changeRow,
  changeWithdraw,
  publicChangeDetail,
  publicChanges,
} from "../schemas/change-notices";

const area = operator("changes");
const pub = { kind: "public" } as const;

/** Notices of change (약관 변경·가맹점 축소 고지, issue 53 item 2): the operators' drafts and postings, the public list. */
export const changeNoticesApi = {
  changes: endpoint({
    method: "GET",
    path: "/api/operation/changes",
    access: area,
    summary: "Every change (terms versions and shop removals) with its state, recipients told and refunds taken",
    response: changeList,
  }),
  changeCreate: endpoint({
    method: "POST",
    path: "/api/operation/changes",
    access: area,
    summary: "Draft a change: a new voucher-terms version or a shop to remove, with its effective date",
    body: changeDraft,
    response: changeRow,
  }),
  changeUpdate: endpoint({
    method: "PUT",
    path: "/api/operation/changes/:changeId",
    access: area,
    summary: "Edit a draft, or a posted change (its notice restarts: the date is checked again and members told again)",
    params: changeParams,
    body: changeDraft,
    response: changeRow,
  }),
  changePost: endpoint({
    method: "POST",
    path: "/api/operation/changes/:changeId/post",
    access: area,
    summary: "Post a draft: refused inside the notice period; tells every affected member",
    params: changeParams,
    response: changeRow,
  }),
  changeWithdraw: endpoint({
    method: "POST",
    path: "/api/operation/changes/:changeId/withdraw",
    access: area,
    summary: "Withdraw a draft or a posted change before it applies, with a reason",
    params: changeParams,
    body: changeWithdraw,
    response: changeRow,
  }),
  changeMembers: endpoint({
    method: "GET",
    path: "/api/operation/changes/:changeId/members",
    access: area,
    summary: "The members a change concerns: when each was told, and the refund each took since it was posted",
    params: changeParams,
    query: changeMembersQuery,
    response: changeMembers,
    personalData: pdList("변경 고지"),
  }),
  publicChanges: endpoint({
    method: "GET",
    path: "/api/changes",
    access: pub,
    summary: "The changes posted now (no login): what changes, from when, and the members' rights",
    response: publicChanges,
  }),
  publicChange: endpoint({
    method: "GET",
    path: "/api/changes/:changeId",
    access: pub,
    summary: "One posted change with the new terms' text",
    params: changeParams,
    response: publicChangeDetail,
  }),
};
