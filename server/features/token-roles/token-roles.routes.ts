import type { Router } from "express";
import type { AppContext } from "../../context";
import { createRoutes } from "../../http/routes";
import { tokenRolesApi as api } from "../../../domain/api/token-roles";
import { tokenRoles } from "./token-roles.service";

/** GET /api/token/roles: the roles screen (토큰 역할); changing an allowance is a proposal (features/proposals). */
export function tokenRolesRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  handle(api.tokenRoles, () => tokenRoles(ctx));
  return router;
}
