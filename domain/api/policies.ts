import { endpoint, operator, publicAccess } from "./endpoint";
import { policyParams, policyList, policyRow, policyWriteBody } from "../schemas/policies";

const policies = operator("policies");

/** The three policies (1 terms, 2 privacy, 3 voucher terms): read by anyone, written by operators with the policy's flag. */
export const policiesApi = {
  policy: endpoint({
    method: "GET",
    path: "/api/policy/:id",
    access: publicAccess,
    summary: "One policy's HTML",
    params: policyParams,
    response: policyRow,
  }),
  policyList: endpoint({
    method: "GET",
    path: "/api/policy",
    access: policies,
    summary: "The policies the operator may write",
    response: policyList,
  }),
  policyCreate: endpoint({
    method: "POST",
    path: "/api/policy",
    access: policies,
    summary: "Write a policy that has none yet",
    body: policyWriteBody,
    response: policyRow,
  }),
  policyUpdate: endpoint({
    method: "PUT",
    path: "/api/policy",
    access: policies,
    summary: "Rewrite a policy",
    body: policyWriteBody,
    response: policyRow,
  }),
};
