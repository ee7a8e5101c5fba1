import { Router } from "express";
import type { AppContext } from "../context";
import { authOf, requireMember } from "../auth/middleware";
import { AppError, ok } from "../http/errors";
import { idempotencyOf, idempotent } from "../http/idempotency";
import { validate, validatePayment, valid } from "../http/validate";
import { marketRecipient, trade, tradeResultOf } from "../services/trade";
import { p2pCheckBody, tradeBody, type TradeBody } from "../../domain/schemas/money";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";
import { TradeType } from "../../domain/constants";

export function tradeRoutes(ctx: AppContext): Router {
  const r = Router();
  const member = requireMember(ctx);

  r.post("/api/gift/trade/address", member, validatePayment(tradeBody), idempotent(ctx, { transfer: (row) => tradeResultOf(ctx, row) }), async (req, res) => {
    const body = valid<TradeBody>(req).body;
    if (body.type !== TradeType.GIFT) throw new AppError(Code.AMOUNT_REFUSED, Msg.badRequest);
    ok(res, await trade(ctx, authOf(req).member!, body, "gift", idempotencyOf(res)));
  });

  r.post("/api/use/trade/address", member, validatePayment(tradeBody), idempotent(ctx, { transfer: (row) => tradeResultOf(ctx, row) }), async (req, res) => {
    const body = valid<TradeBody>(req).body;
    if (body.type !== TradeType.USE) throw new AppError(Code.AMOUNT_REFUSED, Msg.badRequest);
    ok(res, await trade(ctx, authOf(req).member!, body, "use", idempotencyOf(res)));
  });

  r.post("/api/p2p/p2p-check", member, validate(p2pCheckBody), async (req, res) => {
    const { address } = valid<{ address: string }>(req).body;
    const owner = await marketRecipient(ctx, address);
    ok(res, { address: owner.address, username: owner.username });
  });

  return r;
}
