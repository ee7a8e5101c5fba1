import type { Router } from "express";
import type { AppContext } from "../../context";
import { authOf } from "../../auth/middleware";
import { createRoutes } from "../../http/routes";
import { rateLimit } from "../../http/rate-limit";
import { receiptOf, verifyTransaction } from "./receipts.service";
import { receiptsApi as api } from "../../../domain/api/receipts";

/** A member's receipts, and the public verification of a transaction (60 a minute per address: it reads the node). */
export function receiptRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  handle(api.receipt, async ({ params }, req) => receiptOf(ctx, authOf(req).member!.id, params.type, params.id));
  handle(api.verifyTx, { pre: [rateLimit(ctx, { windowMs: 60_000, max: 60, per: "ip" })] }, async ({ params }) =>
    verifyTransaction(ctx, params.hash),
  );
  return router;
}
