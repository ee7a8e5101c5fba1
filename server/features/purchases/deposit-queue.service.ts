import type { AppContext } from "../../context";
import type { AppTx } from "../../db/schema";
import { amountProblem } from "../../../domain/amount";
import { AppError, notFound } from "../../http/errors";
import { appendAction } from "../../records/audit.repo";
import { propose } from "../../dual-control/proposals";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { DEPOSIT_RETURN_DUAL_CONTROL_WON } from "../../../domain/policy/bank";
import type { ProposalRowDto } from "../../../domain/schemas/proposals";
import * as repo from "./money-in.repo";
import * as orders from "./purchases.repo";
import { buyCapacity, confirmPending, orderParties, type Actor } from "./purchases.service";

/**
 * The operators' queue (입금 확인 필요): deposits the machine could not match. Each is matched to an order (that
 * order confirmed through the one confirmation path, by hand), returned to its sender (a recorded return
 * instruction; above DEPOSIT_RETURN_DUAL_CONTROL_WON a second operator approves it), or held with a reason. Every
 * decision is audited in the transaction that makes it; a deposit decided already answers 409.
 */
const waiting = async (ctx: AppContext, id: number) => {
  const d = await repo.depositById(ctx.db, id);
  if (!d) throw notFound();
  if (d.state !== "review" && d.state !== "held") throw new AppError(Code.CONFLICT, Msg.depositNotWaiting);
  return d;
};

const audit = (trx: AppTx, actor: Actor, action: string, id: number, after: unknown) =>
  appendAction(trx, {
    adminId: actor.id,
    adminLoginId: actor.login_id,
    action,
    targetType: "bank_deposit",
    targetId: id,
    before: "review",
    after,
  });

/**
 * Matches a queued deposit to an order: a waiting order, or one cancelled by its deadline (a late deposit). The
 * order is confirmed for the amount received (a wrong amount's order takes the deposit's amount, if that amount is
 * one a purchase may have and fits the member's monthly limit), by hand, through the one confirmation path.
 */
export async function matchDeposit(ctx: AppContext, id: number, orderNo: string, note: string, actor: Actor): Promise<void> {
  const d = await waiting(ctx, id);
  const order = await ctx.db.selectFrom("buy_orders").selectAll().where("order_no", "=", orderNo).executeTakeFirst();
  if (!order || order.state === "confirmed") throw new AppError(Code.CONFLICT, Msg.orderNotPending);
  const amount = Number(d.amount);
  const problem = amountProblem("buy", amount);
  if (problem) throw new AppError(Code.AMOUNT_REFUSED, problem);
  // The limit counts a waiting order's own value already; a cancelled one's not at all.
  const counted = order.state === "pending" ? Number(order.value) : 0;
  if (amount - counted > (await buyCapacity(ctx, Number(order.member_id)))) throw new AppError(Code.AMOUNT_REFUSED, Msg.buyOverCapacity);
  const parties = await orderParties(ctx, Number(order.member_id));
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.decideDeposit(trx, id, { state: "matched", orderId: Number(order.id), note, adminId: actor.id })))
      throw new AppError(Code.CONFLICT, Msg.depositNotWaiting);
    await orders.reopenForDeposit(trx, Number(order.id), amount);
    const row = await confirmPending(ctx, trx, { ...order, state: "pending", value: amount }, parties, "manual", new Date());
    await audit(trx, actor, "deposit.match", id, { orderNo, orderValue: Number(order.value), value: amount, transferId: row.id, note });
  });
  ctx.relayer.kick();
}

export async function holdDeposit(ctx: AppContext, id: number, note: string, actor: Actor): Promise<void> {
  await waiting(ctx, id);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.decideDeposit(trx, id, { state: "held", note, adminId: actor.id })))
      throw new AppError(Code.CONFLICT, Msg.depositNotWaiting);
    await audit(trx, actor, "deposit.hold", id, { note });
  });
}

/**
 * Returns a queued deposit to its sender: at or below the threshold at once (recorded, the bank transfer made by the
 * operator), above it as a proposal another operator approves.
 */
export async function returnDeposit(
  ctx: AppContext,
  id: number,
  note: string,
  actor: Actor & { permission: number; flags: Record<string, boolean> },
): Promise<ProposalRowDto | null> {
  const d = await waiting(ctx, id);
  if (Number(d.amount) > DEPOSIT_RETURN_DUAL_CONTROL_WON) {
    return propose(ctx, actor, { kind: "depositReturn", payload: { depositId: id, value: Number(d.amount) }, reason: note });
  }
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.decideDeposit(trx, id, { state: "returned", note, adminId: actor.id })))
      throw new AppError(Code.CONFLICT, Msg.depositNotWaiting);
    await audit(trx, actor, "deposit.return", id, { note, value: Number(d.amount) });
  });
  return null;
}
