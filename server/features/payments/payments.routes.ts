import { Router } from "express";
import type { AppContext } from "../../context";
import { authOf, requireMember } from "../../auth/middleware";
import { AppError, ok } from "../../http/errors";
import { idempotencyOf, idempotent } from "../../money/idempotency";
import { validate, validatePayment, valid } from "../../http/validate";
import { marketRecipient, pay, paymentResultOf } from "./payments.service";
import { p2pCheckBody, paymentBody, type PaymentBody } from "../../../domain/schemas/money";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { PaymentType } from "../../../domain/constants";

export function paymentRoutes(ctx: AppContext): Router {
  const r = Router();
  const member = requireMember(ctx);

  r.post("/api/gift/trade/address", member, validatePayment(paymentBody), idempotent(ctx, { transfer: (row) => paymentResultOf(ctx, row) }), async (req, res) => {
    const body = valid<PaymentBody>(req).body;
    if (body.type !== PaymentType.GIFT) throw new AppError(Code.AMOUNT_REFUSED, Msg.badRequest);
    ok(res, await pay(ctx, authOf(req).member!, body, "gift", idempotencyOf(res)));
  });

  r.post("/api/use/trade/address", member, validatePayment(paymentBody), idempotent(ctx, { transfer: (row) => paymentResultOf(ctx, row) }), async (req, res) => {
    const body = valid<PaymentBody>(req).body;
    if (body.type !== PaymentType.USE) throw new AppError(Code.AMOUNT_REFUSED, Msg.badRequest);
    ok(res, await pay(ctx, authOf(req).member!, body, "use", idempotencyOf(res)));
  });

  r.post("/api/p2p/p2p-check", member, validate(p2pCheckBody), async (req, res) => {
    const { address } = valid<{ address: string }>(req).body;
    const owner = await marketRecipient(ctx, address);
    ok(res, { address: owner.address, username: owner.username });
  });

  return r;
}
