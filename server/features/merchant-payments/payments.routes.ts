import type { Router } from "express";
import type { AppContext } from "../../context";
import { authOf } from "../../auth/middleware";
import { createRoutes } from "../../http/routes";
import { AppError } from "../../http/errors";
import { rateLimit } from "../../http/rate-limit";
import { idempotencyOf, idempotent } from "../../money/idempotency";
import { cancelPayment, cancelResultOf, createPayment, getPayment, listPayments } from "./payments.service";
import { checkoutResultOf, checkoutView, payCheckout } from "./checkout.service";
import { checkoutApi, paymentApi } from "../../../domain/api/merchant-payments";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { PAYMENT_MAX_WON } from "../../../domain/policy/merchant-payments";

/**
 * An amount that is not a positive integer won within PAYMENT_MAX_WON answers its own code (1150) before the body's
 * other rules (docs/merchant-api.md "Errors"), so a shop's developer can tell it from any other 400.
 */
const amountGuard =
  (required: boolean): import("express").RequestHandler =>
  (req, _res, next) => {
    const a = (req.body as { amount?: unknown } | undefined)?.amount;
    if (a === undefined && !required) return next();
    if (typeof a !== "number" || !Number.isSafeInteger(a) || a < 1 || a > PAYMENT_MAX_WON)
      return next(new AppError(Code.PAYMENT_AMOUNT, Msg.paymentAmountInvalid));
    next();
  };

/** The payment API (merchant key) and the member's checkout. */
export function paymentRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  const limited = [rateLimit(ctx, { windowMs: 60_000, max: 600 })];
  const merchantOf = (req: import("express").Request) => authOf(req).merchant!;

  handle(paymentApi.paymentCreate, { pre: limited, afterAccess: [amountGuard(true)], use: [idempotent(ctx)] }, async ({ body }, req) =>
    createPayment(ctx, merchantOf(req), body),
  );
  handle(paymentApi.payment, { pre: limited }, async ({ params }, req) => getPayment(ctx, merchantOf(req), params.paymentId));
  handle(paymentApi.payments, { pre: limited }, async ({ query }, req) => listPayments(ctx, merchantOf(req).id, query));
  handle(
    paymentApi.paymentCancel,
    { pre: limited, afterAccess: [amountGuard(false)], use: [idempotent(ctx, { transfer: (row) => cancelResultOf(ctx, row) })] },
    async ({ params, body }, req, res) => cancelPayment(ctx, merchantOf(req), params.paymentId, body, idempotencyOf(res)),
  );

  handle(checkoutApi.checkout, async ({ params }, req) => checkoutView(ctx, authOf(req).member!, params.paymentId));
  handle(
    checkoutApi.checkoutPay,
    { refusalCode: Code.AMOUNT_REFUSED, use: [idempotent(ctx, { transfer: (row) => checkoutResultOf(ctx, row) })] },
    async ({ params, body }, req, res) => payCheckout(ctx, authOf(req).member!, params.paymentId, body.password, idempotencyOf(res)),
  );

  return router;
}
