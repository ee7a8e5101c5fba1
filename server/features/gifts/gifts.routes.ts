import type { Router } from "express";
import type { AppContext } from "../../context";
import { authOf } from "../../auth/middleware";
import { AppError } from "../../http/errors";
import { idempotencyOf, idempotent } from "../../money/idempotency";
import { createRoutes } from "../../http/routes";
import { marketRecipient, pay, paymentResultOf } from "./gifts.service";
import { giftsApi as api } from "../../../domain/api/gifts";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { PaymentType } from "../../../domain/constants";

export function giftRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  // Only a wrong password answers 400 on a payment; a body that breaks a rule is 1130. A keyed retry replays the answer.
  const payment = () => ({ refusalCode: Code.AMOUNT_REFUSED, use: [idempotent(ctx, { transfer: (row) => paymentResultOf(ctx, row) })] });

  handle(api.gift, payment(), async ({ body }, req, res) => {
    if (body.type !== PaymentType.GIFT) throw new AppError(Code.AMOUNT_REFUSED, Msg.badRequest);
    return pay(ctx, authOf(req).member!, body, "gift", idempotencyOf(res));
  });

  handle(api.use, payment(), async ({ body }, req, res) => {
    if (body.type !== PaymentType.USE) throw new AppError(Code.AMOUNT_REFUSED, Msg.badRequest);
    return pay(ctx, authOf(req).member!, body, "use", idempotencyOf(res));
  });

  handle(api.p2pCheck, async ({ body: { address } }) => {
    const owner = await marketRecipient(ctx, address);
    return { address: owner.address, username: owner.username };
  });

  return router;
}
