import type { Router } from "express";
import type { AppContext } from "../../context";
import { authOf } from "../../auth/middleware";
import { idempotent } from "../../money/idempotency";
import { createRoutes } from "../../http/routes";
import { buyCapacity, cancelOwnBuy, mainBank, requestBuy } from "./purchases.service";
import { chargeLinked, linkAccount, linkedAccountOf, unlinkAccount } from "./linked-accounts.service";
import type { BuyOrderRow } from "./purchases.repo";
import { purchasesApi as api } from "../../../domain/api/purchases";
import { Code } from "../../../domain/codes";

const orderDto = (order: BuyOrderRow) => ({
  id: Number(order.id),
  orderNo: order.order_no,
  value: Number(order.value),
  expiredAt: order.expires_at,
  state: order.state,
  bankInfo: { bankName: order.bank_name, bankAccount: order.bank_account, ownerName: order.owner_name },
  method: order.method,
});

export function purchaseRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);

  handle(api.buy, async (_in, req) => {
    const m = authOf(req).member!;
    const address = (await ctx.custody.memberWallet(m.id))!.address;
    const linked = await linkedAccountOf(ctx, m.id);
    return {
      balance: await ctx.outbox.spendable(address),
      capacity: await buyCapacity(ctx, m.id),
      bankInfo: await mainBank(ctx),
      linkedAccount: linked && { bankName: linked.bankName, accountMasked: linked.accountMasked },
    };
  });

  handle(api.buyCharge, { refusalCode: Code.AMOUNT_REFUSED, use: [idempotent(ctx)] }, async ({ body: { value, password, method } }, req) =>
    orderDto(await requestBuy(ctx, authOf(req).member!, value, password, new Date(), method ?? "deposit")),
  );

  handle(api.buyLinked, { refusalCode: Code.AMOUNT_REFUSED, use: [idempotent(ctx)] }, async ({ body: { value, password } }, req) => {
    const order = await chargeLinked(ctx, authOf(req).member!, value, password);
    return { ...orderDto(order), txHash: order.txHash };
  });

  handle(api.buyCancel, async ({ body: { id } }, req) => {
    await cancelOwnBuy(ctx, authOf(req).member!.id, id);
    return { id, state: "cancelled" };
  });

  // 마이페이지 계좌 연결: always the caller's own (the member id comes from the session, never from the request).
  handle(api.linkedAccountGet, async (_in, req) => ({ account: await linkedAccountOf(ctx, authOf(req).member!.id) }));
  handle(api.linkedAccountLink, async ({ body: { bank, account, password } }, req) => ({
    account: await linkAccount(ctx, authOf(req).member!, bank, account, password),
  }));
  handle(api.linkedAccountUnlink, async (_in, req) => {
    await unlinkAccount(ctx, authOf(req).member!);
    return { account: null };
  });

  return router;
}
