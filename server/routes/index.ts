import type { Router } from "express";
import type { AppContext } from "../context";

/** Feature route modules, one per area (server/routes/<area>.ts). Add new areas here. */
export const routeModules: ((ctx: AppContext) => Router)[] = [];
