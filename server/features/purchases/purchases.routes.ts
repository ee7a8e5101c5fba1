import { Router } from "express";
import type { AppContext } from "../../context";
import { authOf, requireMember } from "../../auth/middleware";
import { ok } from "../../http/errors";
import { idempotent } from "../../money/idempotency";
import { validate, validatePayment, valid } from "../../http/validate";
import { buyCapacity, cancelOwnBuy, mainBank, requestBuy } from "./purchases.service";
import { buyCancelBody, chargeBody } from "../../../domain/schemas/money";
import { z } from "zod";

export function purchaseRoutes(ctx: AppContext): Router {
  const r = Router();
  const member = requireMember(ctx);

  r.get("/api/buy", member, async (req, res) => {
    const m = authOf(req).member!;
    const address = (await ctx.custody.memberWallet(m.id))!.address;
    ok(res, { balance: await ctx.outbox.spendable(address), capacity: await buyCapacity(ctx, m.id), bankInfo: await mainBank(ctx) });
  });

  r.post("/api/buy/charge", member, validatePayment(chargeBody), idempotent(ctx), async (req, res) => {
    const { value, password } = valid<z.infer<typeof chargeBody>>(req).body;
    const order = await requestBuy(ctx, authOf(req).member!, value, password);
    const bankInfo = { bankName: order.bank_name, bankAccount: order.bank_account, ownerName: order.owner_name };
    ok(res, { id: order.id, orderNo: order.order_no, value: order.value, expiredAt: order.expires_at, state: order.state, bankInfo });
  });

  r.post("/api/buy/cancel", member, validate(buyCancelBody), async (req, res) => {
    const { id } = valid<z.infer<typeof buyCancelBody>>(req).body;
    await cancelOwnBuy(ctx, authOf(req).member!.id, id);
    ok(res, { id, state: "cancelled" });
  });

  return r;
}
