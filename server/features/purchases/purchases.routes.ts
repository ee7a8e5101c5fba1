import type { Router } from "express";
import type { AppContext } from "../../context";
import { authOf } from "../../auth/middleware";
import { idempotent } from "../../money/idempotency";
import { createRoutes } from "../../http/routes";
import { buyCapacity, cancelOwnBuy, mainBank, requestBuy } from "./purchases.service";
import { purchasesApi as api } from "../../../domain/api/purchases";
import { Code } from "../../../domain/codes";

export function purchaseRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);

  handle(api.buy, async (_in, req) => {
    const m = authOf(req).member!;
    const address = (await ctx.custody.memberWallet(m.id))!.address;
    return { balance: await ctx.outbox.spendable(address), capacity: await buyCapacity(ctx, m.id), bankInfo: await mainBank(ctx) };
  });

  handle(api.buyCharge, { refusalCode: Code.AMOUNT_REFUSED, use: [idempotent(ctx)] }, async ({ body: { value, password } }, req) => {
    const order = await requestBuy(ctx, authOf(req).member!, value, password);
    const bankInfo = { bankName: order.bank_name, bankAccount: order.bank_account, ownerName: order.owner_name };
    return { id: order.id, orderNo: order.order_no, value: order.value, expiredAt: order.expires_at, state: order.state, bankInfo };
  });

  handle(api.buyCancel, async ({ body: { id } }, req) => {
    await cancelOwnBuy(ctx, authOf(req).member!.id, id);
    return { id, state: "cancelled" };
  });

  return router;
}
