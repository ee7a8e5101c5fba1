import { endpoint, operator } from "./endpoint";
import { tokenRoles } from "../schemas/token-roles";

/** The token's roles and minter allowances read from the chain (issue 35: who holds which role). */
export const tokenRolesApi = {
  tokenRoles: endpoint({
    method: "GET",
    path: "/api/token/roles",
    access: operator("tokenView"),
    summary: "Who holds each token role (index events, checked with hasRole on chain) and each minter's allowance (minterAllowance)",
    response: tokenRoles,
  }),
};
