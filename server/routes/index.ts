import type { Router } from "express";
import type { AppContext } from "../context";
import { authRoutes } from "./auth";
import { csRoutes } from "./cs";
import { favoriteRoutes } from "./favorite";
import { infoAccountRoutes } from "./info-account";
import { policyRoutes } from "./policy";
import { buyRoutes } from "./buy";
import { infoMoneyRoutes } from "./info-money";
import { tradeRoutes } from "./trade";
import { operationRoutes } from "./operation";
import { operationMemberRoutes } from "./operation-members";
import { operationOperatorRoutes } from "./operation-operators";
import { operationApiKeyRoutes } from "./operation-apikey";
import { partnerRoutes } from "./partner";
import { dashboardRoutes } from "./dashboard";
import { rpcRoutes } from "./rpc";
import { boardRoutes } from "./board";
import { saleRoutes } from "./sale";
import { addressBankRoutes } from "./address-bank";
import { tokenRoutes } from "./token";
import { addressWalletRoutes } from "./address-wallet";
import { calcRoutes } from "./calc";

/** Feature route modules, one per area (server/routes/<area>.ts). Add new areas here. */
export const routeModules: ((ctx: AppContext) => Router)[] = [
  buyRoutes,
  tradeRoutes,
  infoMoneyRoutes,
  authRoutes,
  infoAccountRoutes,
  favoriteRoutes,
  csRoutes,
  policyRoutes,
  operationRoutes,
  operationMemberRoutes,
  operationOperatorRoutes,
  operationApiKeyRoutes,
  partnerRoutes,
  dashboardRoutes,
  rpcRoutes,
  boardRoutes,
  saleRoutes,
  addressBankRoutes,
  tokenRoutes,
  addressWalletRoutes,
  calcRoutes,
];
