import { endpoint, operator, pdDetail, pdList } from "./endpoint";
import { connectList, operatorCreateBody, operatorDetail, operatorDetailBody, operatorIdParams, operatorList } from "../schemas/operators";

const operators = operator("operators");

/** Operator accounts (spec §7, §8): linkable members, create, list, detail, delete; every change audited. */
export const operatorsApi = {
  connectable: endpoint({
    method: "GET",
    path: "/api/operation/connect",
    access: operators,
    summary: "Members a new operator account may be linked to",
    personalData: pdList("관리자 계정 생성"),
    response: connectList,
  }),
  operatorCreate: endpoint({
    method: "POST",
    path: "/api/operation/create",
    access: operators,
    summary: "Create an operator account linked to a member, with its permission arrays",
    body: operatorCreateBody,
  }),
  operatorList: endpoint({
    method: "GET",
    path: "/api/operation/admin_list",
    access: operators,
    summary: "Every operator account and its linked member",
    personalData: pdList("관리자 목록"),
    response: operatorList,
  }),
  operatorDetail: endpoint({
    method: "POST",
    path: "/api/operation/admin_detail",
    access: operators,
    summary: "One operator account with its permission arrays",
    personalData: pdDetail("관리자 상세"),
    body: operatorDetailBody,
    response: operatorDetail,
  }),
  operatorDelete: endpoint({
    method: "DELETE",
    path: "/api/operation/admin_delete/:id",
    access: operators,
    summary: "Delete an operator account (its sessions end at once)",
    params: operatorIdParams,
  }),
};
