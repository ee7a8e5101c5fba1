import type { AppContext } from "../../context";
import type { AppTx } from "../../db/schema";
import { dialectOf } from "../../../db/open";
import type { BankEvent } from "../../providers/bank";
import { AppError } from "../../http/errors";
import { Msg } from "../../../domain/messages";
import { memberById } from "../../records/members.repo";
import { appendAction } from "../../records/audit.repo";
import { noticePurchaseCancelled } from "../../records/member-notices/hooks";
import { formatWon } from "../../../domain/format";
import { DEPOSIT_REVIEW_LABEL, DepositReview, type DepositReviewReason } from "../../../domain/policy/bank";
import * as repo from "./money-in.repo";
import * as orders from "./purchases.repo";
import type { BuyOrderRow } from "./purchases.repo";
import { confirmPending, orderParties } from "./purchases.service";

/** What a callback did: confirmed an order, queued a deposit for a person, failed a charge, or nothing new. */
export type EventOutcome = "confirmed" | "queued" | "known" | "debitFailed" | "duplicate" | "ignored";

const sameName = (a: string, b: string) => a.replace(/\s/g, "") === b.replace(/\s/g, "");

/**
 * The issuance, or null when the outbox refused it before writing anything (the treasury's balance short): money the
 * bank received is never lost to a refusal, it is recorded and queued for a person instead.
 */
async function issueOrQueue<T>(issue: () => Promise<T>): Promise<T | null> {
  try {
    return await issue();
  } catch (err) {
    if (err instanceof AppError && err.message === Msg.treasuryShort) return null;
    throw err;
  }
}

/**
 * Why the machine may not confirm `order` with this deposit (null: it may). Only the exact amount, into an open
 * order's own account, before its deadline (the bank's time of the deposit, not of a late callback), from the
 * member's own name confirms by itself.
 */
export function reviewReason(
  order: BuyOrderRow | undefined,
  d: { amount: number; depositorName: string; at: Date },
  memberName: string | undefined,
): DepositReviewReason | null {
  if (!order) return DepositReview.UNKNOWN_ACCOUNT;
  if (order.state === "cancelled" || new Date(order.expires_at) <= d.at) return DepositReview.LATE;
  if (d.amount !== Number(order.value)) return DepositReview.AMOUNT;
  if (!memberName || !sameName(d.depositorName, memberName)) return DepositReview.NAME;
  return null;
}

/**
 * One verified callback, exactly once: its event id, the order's change, the outbox row and the deposit's record
 * commit together, so a repeated event (the same id, in this or another process) changes nothing and a crash
 * before the commit leaves the bank to send it again (it retries until answered 2xx). The issuance itself is the
 * outbox's: recorded here, sent by the relayer, resumed after a restart.
 */
export async function handleBankEvent(ctx: AppContext, event: BankEvent, payload: string, now: Date = new Date()): Promise<EventOutcome> {
  const pg = dialectOf(ctx.db) === "postgres";
  const find = (db: AppTx, lock: boolean) =>
    event.type === "deposit" ? repo.orderOfAccount(db, event.data.accountNumber, lock) : repo.orderOfDebit(db, event.data.debitId, lock);
  // The wallets and the member's name are read before the transaction (SQLite's one connection is then the transaction's).
  const seen = await find(ctx.db, false);
  const parties = seen ? await orderParties(ctx, Number(seen.member_id)) : null;
  const member = seen ? await memberById(ctx.db, Number(seen.member_id)) : undefined;
  const actor = await repo.bankActor(ctx.db);

  const result = await ctx.db.transaction().execute(async (trx) => {
    const eventRow = await repo.recordEvent(trx, { eventId: event.eventId, type: event.type, payload, outcome: "received" });
    if (eventRow === null) return { outcome: "duplicate" as const, order: undefined, reason: null };
    const order = seen ? await find(trx, pg) : undefined;
    let outcome: EventOutcome = "ignored";
    let reason: DepositReviewReason | null = null;
    if (event.type === "deposit") {
      const { accountNumber, amount, depositorName } = event.data;
      const at = new Date(Math.min(new Date(event.occurredAt).getTime() || now.getTime(), now.getTime()));
      const deposit = {
        source: "callback" as const,
        eventId: event.eventId,
        accountNumber,
        amount,
        depositorName,
        depositedAt: at.toISOString(),
      };
      if (order?.state === "confirmed" && amount === Number(order.value)) {
        // Confirmed already (an operator approved it by hand): recorded against it, never issued twice.
        await repo.insertDeposit(trx, { ...deposit, state: "known", orderId: order.id });
        outcome = "known";
      } else {
        reason = reviewReason(order, { amount, depositorName, at }, member?.username);
        const row =
          order && parties && reason === null ? await issueOrQueue(() => confirmPending(ctx, trx, order, parties, "auto", now)) : null;
        if (order && reason === null && row === null) reason = DepositReview.TREASURY;
        if (order && row) {
          await repo.insertDeposit(trx, { ...deposit, state: "confirmed", orderId: order.id });
          await appendAction(trx, {
            adminId: actor.id,
            adminLoginId: actor.login_id,
            action: "sale.autoAccept",
            targetType: "buy_order",
            targetId: order.id,
            before: "pending",
            after: { state: "confirmed", transferId: row.id, eventId: event.eventId },
          });
          outcome = "confirmed";
        } else {
          await repo.insertDeposit(trx, { ...deposit, state: "review", reason, orderId: order?.id ?? null });
          outcome = "queued";
        }
      }
    } else if (!order && event.type === "debit.succeeded") {
      // Money taken for no order known here (a charge dropped as unsent while the bank did take it): a person decides.
      reason = DepositReview.UNKNOWN_ACCOUNT;
      const { amount, debitId } = event.data;
      await repo.insertDeposit(trx, {
        source: "callback",
        eventId: event.eventId,
        accountNumber: null,
        amount,
        depositorName: debitId,
        depositedAt: now.toISOString(),
        state: "review",
        reason,
      });
      outcome = "queued";
    } else if (order && parties) {
      const base = { source: "callback" as const, eventId: event.eventId, accountNumber: null, amount: event.data.amount };
      const depositedAt = now.toISOString();
      if (event.type === "debit.succeeded") {
        const row = order.state === "pending" ? await issueOrQueue(() => confirmPending(ctx, trx, order, parties, "linked", now)) : null;
        if (row) {
          await repo.insertDeposit(trx, {
            ...base,
            depositorName: member?.username ?? "",
            depositedAt,
            state: "confirmed",
            orderId: order.id,
          });
          outcome = "confirmed";
        } else {
          // Money taken for an order no longer waiting (cancelled meanwhile), or that the treasury could not issue:
          // a person returns or matches it.
          reason = order.state === "pending" ? DepositReview.TREASURY : DepositReview.LATE;
          await repo.insertDeposit(trx, {
            ...base,
            depositorName: member?.username ?? "",
            depositedAt,
            state: "review",
            reason,
            orderId: order.id,
          });
          outcome = "queued";
        }
      } else if (order.state === "pending" && (await orders.cancelBuyOrder(trx, order.id))) {
        outcome = "debitFailed";
      }
    }
    await repo.setEventOutcome(trx, eventRow, outcome, order?.id ?? null);
    return { outcome, order, reason };
  });

  const { outcome, order, reason } = result;
  if (outcome === "confirmed") {
    ctx.relayer.kick();
    // The operators hear of it as of a deposit request, with how it was confirmed (no one needs to act).
    if (order) {
      const how = order.method === "linked" ? "계좌연결" : "자동 확인";
      await ctx.notifier.notify("입금", `${how}: ${member?.username ?? ""}님 ${formatWon(Number(order.value))}원 구매 확정`, order.id);
    }
    if (order?.method === "virtual" && order.bank_account) void ctx.bank.closeVirtualAccount(order.bank_account).catch(() => undefined);
  } else if (outcome === "queued" && reason) {
    const amount = event.data.amount;
    await ctx.notifier.notify("확인", `입금 확인 필요: ${formatWon(amount)}원 (${DEPOSIT_REVIEW_LABEL[reason]})`, order?.id);
  } else if (outcome === "debitFailed" && order && event.type === "debit.failed") {
    noticePurchaseCancelled(ctx, { ...order, value: Number(order.value) }, { debitFailed: event.data.reason ?? "출금이 거절되었습니다." });
  }
  return outcome;
}
