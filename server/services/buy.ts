import crypto from "node:crypto";
import type { AppContext } from "../context";
import type { MemberRow } from "../auth/middleware";
import { nowIso } from "../db/app-db";
import { AppError } from "../http/errors";
import { checkPaymentPassword, SETTLE_WAIT_MS } from "./payment";
import { ensureChainUp } from "./chain-status";
import type { Scheduler } from "../scheduler";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";
import { BUY_EXPIRY_HOURS, BUY_MIN_WON, MONTHLY_BUY_LIMIT_WON } from "../../domain/constants";
import { seoulMonthRange } from "../../domain/format";

export interface BuyOrderRow {
  id: number;
  order_no: string;
  member_id: number;
  value: number;
  state: "pending" | "confirmed" | "cancelled";
  bank_name: string | null;
  bank_account: string | null;
  owner_name: string | null;
  transfer_id: number | null;
  created_at: string;
  expires_at: string;
  confirmed_at: string | null;
  cancelled_at: string | null;
}

export function mainBank(ctx: AppContext) {
  const row = ctx.db.prepare("SELECT bank_name, bank_account, owner_name FROM bank_accounts WHERE is_main = 1 ORDER BY id LIMIT 1").get() as
    | { bank_name: string; bank_account: string; owner_name: string }
    | undefined;
  return row ? { bankName: row.bank_name, bankAccount: row.bank_account, ownerName: row.owner_name } : null;
}

/** Remaining monthly allowance: the limit minus pending and confirmed orders of this Asia/Seoul calendar month. */
export function buyCapacity(ctx: AppContext, memberId: number, now: Date = new Date()): number {
  const { start, end } = seoulMonthRange(now);
  const used = ctx.db
    .prepare("SELECT COALESCE(SUM(value), 0) AS n FROM buy_orders WHERE member_id = ? AND state IN ('pending','confirmed') AND created_at >= ? AND created_at < ?")
    .get(memberId, start.toISOString(), end.toISOString()) as { n: number };
  return Math.max(0, MONTHLY_BUY_LIMIT_WON - used.n);
}

/** A purchase request (구매대기) with a 24-hour expiry; the limit check and the insert are one transaction. */
export async function requestBuy(ctx: AppContext, member: MemberRow, value: number, password: string, now: Date = new Date()): Promise<BuyOrderRow> {
  await checkPaymentPassword(ctx, member, password);
  if (value < BUY_MIN_WON) throw new AppError(Code.BAD_REQUEST, Msg.buyBelowMin);
  const bank = mainBank(ctx);
  if (!bank) throw new AppError(Code.BAD_REQUEST, Msg.noMainBank);
  const order = ctx.db.transaction(() => {
    if (value > buyCapacity(ctx, member.id, now)) throw new AppError(Code.BAD_REQUEST, Msg.buyOverCapacity);
    const orderNo = `B${now.toISOString().slice(0, 10).replace(/-/g, "")}${crypto.randomBytes(4).toString("hex").toUpperCase()}`;
    const info = ctx.db
      .prepare(
        `INSERT INTO buy_orders (order_no, member_id, value, state, bank_name, bank_account, owner_name, created_at, expires_at)
         VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, ?)`,
      )
      .run(orderNo, member.id, value, bank.bankName, bank.bankAccount, bank.ownerName, now.toISOString(), new Date(now.getTime() + BUY_EXPIRY_HOURS * 3600_000).toISOString());
    return ctx.db.prepare("SELECT * FROM buy_orders WHERE id = ?").get(info.lastInsertRowid) as BuyOrderRow;
  })();
  ctx.notifier.notify("입금", `${member.username}님의 상품권 구매 신청 ${order.value.toLocaleString("ko-KR")}원 (입금 대기)`, order.id);
  return order;
}

/**
 * Operator approval: treasury → buyer on-chain. The order turns 구매확정 with its outbox row in one
 * transaction; if the transfer fails on-chain the order goes back to 구매대기.
 */
export async function acceptBuy(ctx: AppContext, orderId: number, now: Date = new Date()): Promise<BuyOrderRow & { txHash: string | null; status: string }> {
  const order = ctx.db.prepare("SELECT * FROM buy_orders WHERE id = ?").get(orderId) as BuyOrderRow | undefined;
  if (!order) throw new AppError(Code.NOT_FOUND, Msg.notFound);
  if (order.state !== "pending" || new Date(order.expires_at) <= now) throw new AppError(Code.CONFLICT, Msg.orderNotPending);
  await ensureChainUp(ctx);
  const treasury = ctx.custody.byKind("treasury")!.address;
  const buyer = ctx.custody.memberWallet(order.member_id)!.address;
  const transfer = ctx.db.transaction(() => {
    const fresh = ctx.db.prepare("SELECT state FROM buy_orders WHERE id = ?").get(orderId) as { state: string };
    if (fresh.state !== "pending") throw new AppError(Code.CONFLICT, Msg.orderNotPending);
    const row = ctx.outbox.enqueue({ kind: "buy", from: treasury, to: buyer, value: order.value, counterpartyMemberId: order.member_id }, Msg.treasuryShort);
    ctx.db.prepare("UPDATE buy_orders SET state = 'confirmed', transfer_id = ?, confirmed_at = ? WHERE id = ?").run(row.id, now.toISOString(), orderId);
    return row;
  })();
  ctx.relayer.kick();
  const settled = await ctx.relayer.waitFor(transfer.id, SETTLE_WAIT_MS);
  if (settled.status === "failed") {
    ctx.db.prepare("UPDATE buy_orders SET state = 'pending', transfer_id = NULL, confirmed_at = NULL WHERE id = ?").run(orderId);
    throw new AppError(Code.SERVER_ERROR, Msg.approveFailed);
  }
  const updated = ctx.db.prepare("SELECT * FROM buy_orders WHERE id = ?").get(orderId) as BuyOrderRow;
  return { ...updated, txHash: settled.tx_hash, status: settled.status };
}

export function cancelBuy(ctx: AppContext, orderId: number): void {
  const info = ctx.db.prepare("UPDATE buy_orders SET state = 'cancelled', cancelled_at = ? WHERE id = ? AND state = 'pending'").run(nowIso(), orderId);
  if (info.changes === 0) {
    const exists = ctx.db.prepare("SELECT 1 FROM buy_orders WHERE id = ?").get(orderId);
    throw exists ? new AppError(Code.CONFLICT, Msg.orderNotPending) : new AppError(Code.NOT_FOUND, Msg.notFound);
  }
}

/** The scheduler's job: unpaid orders past their 24 hours are cancelled. */
export function expireBuyOrders(ctx: Pick<AppContext, "db">, now: Date = new Date()): number {
  return ctx.db.prepare("UPDATE buy_orders SET state = 'cancelled', cancelled_at = ? WHERE state = 'pending' AND expires_at <= ?").run(now.toISOString(), now.toISOString()).changes;
}

export const expireBuyOrdersJob: Scheduler = { name: "expire-buy-orders", everyMs: 60_000, run: (ctx) => void expireBuyOrders(ctx) };
