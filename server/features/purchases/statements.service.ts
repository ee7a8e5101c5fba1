import crypto from "node:crypto";
import type { AppContext } from "../../context";
import { AppError } from "../../http/errors";
import { appendAction } from "../../records/audit.repo";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { DepositReview } from "../../../domain/policy/bank";
import type { StatementResult } from "../../../domain/schemas/purchases";
import * as repo from "./money-in.repo";
import { parseStatement, StatementError, type StatementLine } from "./statement-parse";
import { confirmPending, orderParties, type Actor } from "./purchases.service";

/** How far a callback's time may be from the statement line's for the two to be one deposit (banks' clocks differ). */
const SAME_DEPOSIT_MS = 10 * 60_000;

const keyOf = (l: StatementLine) =>
  crypto
    .createHash("sha256")
    .update(`${l.at}|${l.amount}|${l.depositor}|${l.balance ?? ""}`)
    .digest("hex");

/**
 * An uploaded bank statement (거래내역 대조): every deposit line once (its key: time, amount, name, balance). A line the
 * bank's notice already reported, or whose order an operator approved by hand, is recognised and recorded against
 * it, never confirmed again; a line that pays exactly one waiting main-account order of that name and amount
 * confirms it (the one confirmation path, 자동); anything else goes to 입금 확인 필요. The closing balance is offered
 * as the day's safeguarded amount (the operator records it under maker–checker in 선불충전금 별도관리).
 */
export async function importStatement(
  ctx: AppContext,
  bytes: Buffer,
  fileName: string,
  reason: string,
  actor: Actor,
): Promise<StatementResult> {
  const statement = await parseStatement(bytes).catch((err) => {
    if (err instanceof StatementError) throw new AppError(Code.BAD_REQUEST, Msg.statementUnreadable);
    throw err;
  });
  if (statement.deposits.length === 0 && !statement.closing) throw new AppError(Code.BAD_REQUEST, Msg.statementEmpty);
  const result: StatementResult = { deposits: statement.deposits.length, confirmed: 0, known: 0, queued: 0, closing: statement.closing };
  for (const line of statement.deposits) {
    const key = keyOf(line);
    if (await repo.depositByStatementKey(ctx.db, key)) {
      result.known++;
      continue;
    }
    const near = (ms: number) => new Date(Date.parse(line.at) + ms).toISOString();
    if (
      await repo.claimReportedDeposit(ctx.db, {
        key,
        amount: line.amount,
        depositor: line.depositor,
        from: near(-SAME_DEPOSIT_MS),
        to: near(SAME_DEPOSIT_MS),
      })
    ) {
      result.known++;
      continue;
    }
    const base = {
      source: "statement" as const,
      statementKey: key,
      accountNumber: null,
      amount: line.amount,
      depositorName: line.depositor,
      depositedAt: line.at,
    };
    const approved = await repo.handApprovedOrder(ctx.db, line);
    if (approved) {
      await repo.insertDeposit(ctx.db, { ...base, state: "known", orderId: approved });
      result.known++;
      continue;
    }
    const waiting = await repo.waitingMainAccountOrders(ctx.db, line);
    if (waiting.length === 1) {
      const order = waiting[0];
      const parties = await orderParties(ctx, Number(order.member_id));
      const confirmed = await ctx.db
        .transaction()
        .execute(async (trx) => {
          await repo.insertDeposit(trx, { ...base, state: "confirmed", orderId: Number(order.id) });
          const row = await confirmPending(ctx, trx, order, parties, "auto", new Date());
          await appendAction(trx, {
            adminId: actor.id,
            adminLoginId: actor.login_id,
            action: "sale.autoAccept",
            targetType: "buy_order",
            targetId: Number(order.id),
            before: "pending",
            after: { state: "confirmed", transferId: row.id, statement: fileName },
          });
          return true;
        })
        .catch((err) => {
          if (err instanceof AppError && err.code === Code.CONFLICT) return false; // approved meanwhile: queued below
          throw err;
        });
      if (confirmed) {
        result.confirmed++;
        continue;
      }
    }
    await repo.insertDeposit(ctx.db, { ...base, state: "review", reason: DepositReview.STATEMENT });
    result.queued++;
  }
  await appendAction(ctx.db, {
    adminId: actor.id,
    adminLoginId: actor.login_id,
    action: "statement.upload",
    targetType: "bank_statement",
    targetId: fileName.slice(0, 100),
    after: { ...result, reason },
  });
  if (result.confirmed > 0) ctx.relayer.kick();
  if (result.queued > 0) await ctx.notifier.notify("확인", `입금 확인 필요: 거래내역 대조 ${result.queued}건`);
  return result;
}
