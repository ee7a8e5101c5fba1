import type { Router } from "express";
import type { AppContext } from "../context";
import { buyRoutes } from "./buy";
import { infoMoneyRoutes } from "./info-money";
import { tradeRoutes } from "./trade";

/** Feature route modules, one per area (server/routes/<area>.ts). Add new areas here. */
export const routeModules: ((ctx: AppContext) => Router)[] = [buyRoutes, tradeRoutes, infoMoneyRoutes];
