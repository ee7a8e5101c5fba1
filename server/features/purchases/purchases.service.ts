import crypto from "node:crypto";
import type { AppContext } from "../../context";
import type { MemberRow } from "../../auth/middleware";
import type { AppTx } from "../../db/schema";
import { orderedBetween } from "../../records/members.repo";
import * as repo from "./purchases.repo";
import type { BuyOrderRow } from "./purchases.repo";
import { lockWallet } from "../../money/outbox.repo";
import { dialectOf } from "../../../db/open";
import { AppError } from "../../http/errors";
import { checkPaymentPassword, RESOLVE_WAIT_MS } from "../../money/payment-password";
import { ensureChainUpForOutbox } from "../../money/chain-status";
import type { Job } from "../../job";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { BUY_EXPIRY_HOURS, MONTHLY_BUY_LIMIT_WON } from "../../../domain/constants";
import { amountProblem } from "../../../domain/amount";
import { seoulMonthRange } from "../../../domain/format";
import { appendAction } from "../../records/audit.repo";
import { noticePurchaseCancelled } from "../../records/member-notices/hooks";
import type { OutboxRow } from "../../money/outbox";
import { BankRefused, BankUnavailable } from "../../providers/bank";
import type { ConfirmedBy, PayMethod } from "../../../domain/policy/bank";

/** The holder a virtual account shows (예금주): the issuer, as a payment gateway's virtual accounts do. */
export const VIRTUAL_ACCOUNT_HOLDER = "(주)KRW바우처";

/** The operator behind a back-office change, for the audit log. */
export interface Actor {
  id: number;
  login_id: string;
}

export type { BuyOrderRow } from "./purchases.repo";

export async function mainBank(ctx: Pick<AppContext, "db">) {
  const row = await repo.mainBankAccount(ctx.db);
  return row ? { bankName: row.bank_name, bankAccount: row.bank_account, ownerName: row.owner_name } : null;
}

/** Remaining monthly allowance: the limit minus pending and confirmed orders of this Asia/Seoul calendar month. */
export async function buyCapacity(
  ctx: Pick<AppContext, "db">,
  memberId: number,
  now: Date = new Date(),
  db: AppTx = ctx.db,
): Promise<number> {
  const { start, end } = seoulMonthRange(now);
  const used = await orderedBetween(db, memberId, start.toISOString(), end.toISOString());
  return Math.max(0, MONTHLY_BUY_LIMIT_WON - used);
}

/** A purchase request's payment: the main account (an operator approves) or its own virtual account (the bank's notice confirms); a linked charge is `chargeLinked`'s. */
type RequestMethod = Exclude<PayMethod, "linked">;

/**
 * A purchase request (구매대기) with a 24-hour expiry; the limit check and the insert are one transaction. A virtual
 * account is opened at the bank first (the provider down: 503, nothing recorded) and closes with the deadline.
 */
export async function requestBuy(
  ctx: AppContext,
  member: MemberRow,
  value: number,
  password: string,
  now: Date = new Date(),
  method: RequestMethod = "deposit",
): Promise<BuyOrderRow> {
  await checkPaymentPassword(ctx, member, password);
  const problem = amountProblem("buy", value);
  if (problem) throw new AppError(Code.AMOUNT_REFUSED, problem);
  const orderNo = `B${now.toISOString().slice(0, 10).replace(/-/g, "")}${crypto.randomBytes(4).toString("hex").toUpperCase()}`;
  const expiresAt = new Date(now.getTime() + BUY_EXPIRY_HOURS * 3600_000).toISOString();
  // The capacity is checked before the bank is asked (no account opened for a refused amount) and again under the lock.
  if (value > (await buyCapacity(ctx, member.id, now))) throw new AppError(Code.AMOUNT_REFUSED, Msg.buyOverCapacity);
  const bank =
    method === "virtual"
      ? await openAccount(ctx, { orderNo, amount: value, customerName: member.username, expiresAt })
      : await mainBank(ctx);
  if (!bank) throw new AppError(Code.NO_MAIN_BANK, Msg.noMainBank);
  const order = await insertWithinLimit(ctx, member.id, now, {
    order_no: orderNo,
    member_id: member.id,
    value,
    bank_name: bank.bankName,
    bank_account: bank.bankAccount,
    owner_name: bank.ownerName,
    created_at: now.toISOString(),
    expires_at: expiresAt,
    method,
  }).catch(async (err) => {
    if (method === "virtual") await ctx.bank.closeVirtualAccount(bank.bankAccount).catch(() => undefined);
    throw err;
  });
  await ctx.notifier.notify(
    "입금",
    `${member.username}님의 상품권 구매 신청 ${order.value.toLocaleString("ko-KR")}원 (${method === "virtual" ? "가상계좌" : "입금 대기"})`,
    order.id,
  );
  return order;
}

/**
 * Writes a purchase order within the member's monthly limit: the member's wallet row is the lock that serialises
 * their requests across processes, and the limit is read again under it (concurrent requests cannot pass it).
 */
export async function insertWithinLimit(
  ctx: AppContext,
  memberId: number,
  now: Date,
  order: Parameters<typeof repo.insertBuyOrder>[1],
): Promise<BuyOrderRow> {
  const wallet = await ctx.custody.memberWallet(memberId);
  // Inside a transaction only `trx` may be used: SQLite's one connection is held by it.
  return ctx.db.transaction().execute(async (trx) => {
    if (wallet) await lockWallet(trx, wallet.address);
    if (order.value > (await buyCapacity(ctx, memberId, now, trx))) throw new AppError(Code.AMOUNT_REFUSED, Msg.buyOverCapacity);
    return repo.insertBuyOrder(trx, order);
  });
}

/** The order's own virtual account at the bank, as the order records it (bank, number, holder). */
async function openAccount(ctx: AppContext, req: { orderNo: string; amount: number; customerName: string; expiresAt: string }) {
  try {
    const va = await ctx.bank.openVirtualAccount({ ...req, holderName: VIRTUAL_ACCOUNT_HOLDER });
    return { bankName: va.bankName, bankAccount: va.accountNumber, ownerName: va.holderName };
  } catch (err) {
    if (err instanceof BankUnavailable || err instanceof BankRefused) throw new AppError(Code.BANK_UNAVAILABLE, Msg.bankUnavailable);
    throw err;
  }
}

/** Who a confirmation moves between: the treasury and the buyer's wallet (read before a transaction holds the store). */
export async function orderParties(ctx: AppContext, memberId: number): Promise<{ treasury: string; buyer: string }> {
  const treasury = (await ctx.custody.byKind("treasury"))!.address;
  const buyer = (await ctx.custody.memberWallet(memberId))!.address;
  return { treasury, buyer };
}

/**
 * The one path that confirms a buy order, whoever decides (an operator, the bank's deposit notice, a debit's
 * result, a matched statement line): under the order's lock it must still wait, then treasury → buyer goes into the
 * outbox and the order turns 구매확정 in `trx`. The caller kicks the relayer after its commit.
 */
export async function confirmPending(
  ctx: AppContext,
  trx: AppTx,
  order: BuyOrderRow,
  parties: { treasury: string; buyer: string },
  by: ConfirmedBy,
  now: Date,
): Promise<OutboxRow> {
  const fresh = await repo.buyOrderForUpdate(trx, order.id, dialectOf(ctx.db) === "postgres");
  if (fresh?.state !== "pending") throw new AppError(Code.CONFLICT, Msg.orderNotPending);
  const row = await ctx.outbox.enqueue(
    trx,
    { kind: "buy", from: parties.treasury, to: parties.buyer, value: order.value, counterpartyMemberId: order.member_id },
    Msg.treasuryShort,
  );
  await repo.confirmBuyOrder(trx, order.id, row.id, now.toISOString(), by);
  return row;
}

/**
 * Operator approval: treasury → buyer on-chain. The order turns 구매확정 with its outbox row in one
 * transaction; if the transfer fails on-chain, whenever that is known, the order goes back to 구매대기
 * (`resolveBuyOrders` listens to the relayer).
 */
export async function acceptBuy(
  ctx: AppContext,
  orderId: number,
  now: Date = new Date(),
  actor?: Actor,
): Promise<BuyOrderRow & { txHash: string | null; status: string }> {
  const order = await repo.buyOrder(ctx.db, orderId);
  if (!order) throw new AppError(Code.NOT_FOUND, Msg.notFound);
  if (order.state !== "pending" || new Date(order.expires_at) <= now) throw new AppError(Code.CONFLICT, Msg.orderNotPending);
  await ensureChainUpForOutbox(ctx);
  const parties = await orderParties(ctx, order.member_id);
  const transfer = await ctx.db.transaction().execute(async (trx) => {
    const row = await confirmPending(ctx, trx, order, parties, "manual", now);
    if (actor)
      await appendAction(trx, {
        adminId: actor.id,
        adminLoginId: actor.login_id,
        action: "sale.accept",
        targetType: "buy_order",
        targetId: orderId,
        before: "pending",
        after: { state: "confirmed", transferId: row.id },
      });
    return row;
  });
  ctx.relayer.kick();
  const resolved = await ctx.relayer.waitFor(transfer.id, RESOLVE_WAIT_MS);
  if (resolved.status === "failed") {
    await repo.reopenBuyOrderOfTransfer(ctx.db, transfer.id, reopenedDeadline());
    throw new AppError(Code.SERVER_ERROR, Msg.approveFailed);
  }
  const updated = (await repo.buyOrder(ctx.db, orderId))!;
  return { ...updated, txHash: resolved.tx_hash, status: resolved.status };
}

/** A reopened order's deadline: a full BUY_EXPIRY_HOURS from now, as a new request's. */
const reopenedDeadline = () => new Date(Date.now() + BUY_EXPIRY_HOURS * 3600_000).toISOString();

/** A buy transfer that failed on chain, even after the approval call answered, reopens its order. */
export function resolveBuyOrders(ctx: Pick<AppContext, "db" | "relayer" | "log">): void {
  ctx.relayer.on("resolved", (row) => {
    if (row.kind !== "buy" || row.status !== "failed") return;
    void repo
      .reopenBuyOrderOfTransfer(ctx.db, row.id, reopenedDeadline())
      .catch((err) => ctx.log.error({ err: (err as Error).message, id: row.id }, "reopening a buy order failed"));
  });
}

export async function cancelBuy(ctx: Pick<AppContext, "db" | "notifier" | "log" | "clock">, orderId: number, actor?: Actor): Promise<void> {
  const done = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.cancelBuyOrder(trx, orderId))) return false;
    if (actor)
      await appendAction(trx, {
        adminId: actor.id,
        adminLoginId: actor.login_id,
        action: "sale.delete",
        targetType: "buy_order",
        targetId: orderId,
        before: "pending",
        after: "cancelled",
      });
    return true;
  });
  if (done) {
    // The member is told (notification center and a message); the order is theirs to see again in the history.
    const order = await repo.buyOrder(ctx.db, orderId);
    if (order) noticePurchaseCancelled(ctx, order);
    return;
  }
  const exists = await repo.buyOrder(ctx.db, orderId);
  throw exists ? new AppError(Code.CONFLICT, Msg.orderNotPending) : new AppError(Code.NOT_FOUND, Msg.notFound);
}

/** A member cancels their own unpaid request: 404 when it is not theirs, 409 when no longer pending. */
export async function cancelOwnBuy(ctx: Pick<AppContext, "db">, memberId: number, orderId: number): Promise<void> {
  if (await repo.cancelMemberBuyOrder(ctx.db, orderId, memberId)) return;
  const order = await repo.buyOrder(ctx.db, orderId);
  if (!order || order.member_id !== memberId) throw new AppError(Code.NOT_FOUND, Msg.notFound);
  throw new AppError(Code.CONFLICT, Msg.orderNotPending);
}

/**
 * The job: orders whose approved transfer failed while no listener heard it (the server down) are
 * reopened first; then unpaid orders past their 24 hours are cancelled.
 */
export async function expireBuyOrders(
  ctx: Pick<AppContext, "db" | "notifier" | "log" | "clock" | "bank">,
  now: Date = new Date(),
): Promise<number> {
  for (const id of await repo.confirmedOrdersWithFailedTransfer(ctx.db))
    await repo.reopenBuyOrderOfTransfer(ctx.db, id, reopenedDeadline());
  const expired = await repo.expirePendingOrders(ctx.db, now.toISOString());
  // Cancelled by its deadline: the member is told as when an operator cancels it (once per order).
  for (const order of expired) {
    noticePurchaseCancelled(ctx, order, { expired: true });
    // Its virtual account closes with it: a deposit after this is the queue's (기한 후 입금), not the machine's.
    if (order.method === "virtual" && order.bank_account) await ctx.bank.closeVirtualAccount(order.bank_account).catch(() => undefined);
  }
  return expired.length;
}

export const expireBuyOrdersJob: Job = {
  name: "expire-buy-orders",
  everyMs: 60_000,
  run: async (ctx) => void (await expireBuyOrders(ctx)),
};
