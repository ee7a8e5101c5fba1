import { Router } from "express";
import type { AppContext } from "../context";
import { authOf, requireMember } from "../auth/middleware";
import { adminGate } from "../auth/admin-flags";
import { appendAction } from "../audit/audit.repo";
import { ok } from "../http/errors";
import { idempotent } from "../http/idempotency";
import { validate, validatePayment, valid } from "../http/validate";
import { acceptBuy, buyCapacity, cancelBuy, cancelOwnBuy, mainBank, requestBuy } from "../services/buy";
import { buyCancelBody, chargeBody, saleAcceptBody } from "../../domain/schemas/money";
import { idParam } from "../../domain/schemas/common";
import { closedAt } from "../buy/buy.repo";
import { z } from "zod";

export function buyRoutes(ctx: AppContext): Router {
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

  // Operator: approve a deposit (treasury → buyer on-chain) or cancel a pending order.
  r.post("/api/sale/accept", adminGate(ctx), validate(saleAcceptBody), idempotent(ctx), async (req, res) => {
    const { id } = valid<{ id: number }>(req).body;
    const order = await acceptBuy(ctx, id, new Date(), authOf(req).admin!);
    ok(res, { id: order.id, orderNo: order.order_no, type: "입금 완료", value: order.value, expiredAt: closedAt(order), txHash: order.txHash, status: order.status });
  });

  r.delete("/api/sale/delete/:id", adminGate(ctx), validate(z.strictObject({ id: idParam }), "params"), async (req, res) => {
    await cancelBuy(ctx, valid<unknown, { id: number }>(req).params.id, authOf(req).admin!);
    ok(res, "OK");
  });

  return r;
}
