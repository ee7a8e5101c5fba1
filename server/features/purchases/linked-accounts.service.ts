import crypto from "node:crypto";
import type { AppContext } from "../../context";
import type { MemberRow } from "../../auth/middleware";
import { AppError } from "../../http/errors";
import { checkPaymentPassword, RESOLVE_WAIT_MS } from "../../money/payment-password";
import { ensureChainUpForOutbox } from "../../money/chain-status";
import { BankRefused, BankUnavailable } from "../../providers/bank";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { amountProblem } from "../../../domain/amount";
import { maskBankAccount } from "../../../domain/mask";
import { BUY_EXPIRY_HOURS } from "../../../domain/constants";
import { CHARGE_WAIT_MS } from "../../../domain/policy/bank";
import type { LinkedAccount } from "../../../domain/schemas/purchases";
import * as repo from "./money-in.repo";
import * as orders from "./purchases.repo";
import type { BuyOrderRow } from "./purchases.repo";
import { insertWithinLimit } from "./purchases.service";

/** The holder check's refusals, as the refunds word them (the same check: the account in the member's verified name). */
const HOLDER_REFUSAL: Record<string, [number, string]> = {
  notFound: [Code.REFUND_ACCOUNT_NOT_FOUND, Msg.refundAccountNotFound],
  closed: [Code.REFUND_ACCOUNT_CLOSED, Msg.refundAccountClosed],
  mismatch: [Code.REFUND_HOLDER_MISMATCH, Msg.refundHolderMismatch],
};

const bankDown = (err: unknown): never => {
  if (err instanceof BankUnavailable) throw new AppError(Code.BANK_UNAVAILABLE, Msg.bankUnavailable);
  throw err;
};

const dto = (l: { id: number; bank_name: string; account_masked: string; created_at: string }): LinkedAccount => ({
  id: Number(l.id),
  bankName: l.bank_name,
  accountMasked: l.account_masked,
  createdAt: l.created_at,
});

export async function linkedAccountOf(ctx: AppContext, memberId: number): Promise<LinkedAccount | null> {
  const l = await repo.activeLink(ctx.db, memberId);
  return l ? dto(l) : null;
}

/**
 * Links an account in the member's verified name (one at a time): the payment password, the consent the body
 * carries, then the bank checks the holder and registers the debit consent. Only the masked number is kept.
 */
export async function linkAccount(
  ctx: AppContext,
  member: MemberRow,
  bank: string,
  account: string,
  password: string,
): Promise<LinkedAccount> {
  await checkPaymentPassword(ctx, member, password);
  if (await repo.activeLink(ctx.db, member.id)) throw new AppError(Code.LINKED_ACCOUNT, Msg.linkedAccountExists);
  const { linkId } = await ctx.bank.link({ bank, account, name: member.username }).catch((err) => {
    if (err instanceof BankRefused && HOLDER_REFUSAL[err.reason]) {
      const [code, message] = HOLDER_REFUSAL[err.reason];
      throw new AppError(code as Code, message);
    }
    return bankDown(err);
  });
  await repo.insertLink(ctx.db, { memberId: member.id, bankName: bank, accountMasked: maskBankAccount(bank, account), linkId });
  return (await linkedAccountOf(ctx, member.id))!;
}

export async function unlinkAccount(ctx: AppContext, member: MemberRow): Promise<void> {
  const l = await repo.activeLink(ctx.db, member.id);
  if (!l) throw new AppError(Code.LINKED_ACCOUNT, Msg.noLinkedAccount);
  await ctx.bank.unlink(l.link_id).catch(bankDown);
  await repo.removeLink(ctx.db, member.id, Number(l.id));
}

/**
 * 계좌 연결 충전: the order (method linked) is recorded under the member's wallet lock with the monthly limit
 * checked there (concurrent charges cannot pass it), then the bank is asked to debit. The bank down: the order is
 * dropped (nothing recorded) and 503. The bank's `debit.succeeded` notice confirms the order through the same path
 * as an operator's approval (money-in.service.ts); this waits for it and the issuance a few seconds, else answers
 * the order still pending (the result page and the notice follow it).
 */
export async function chargeLinked(
  ctx: AppContext,
  member: MemberRow,
  value: number,
  password: string,
  now: Date = new Date(),
): Promise<BuyOrderRow & { txHash: string | null }> {
  await checkPaymentPassword(ctx, member, password);
  const problem = amountProblem("buy", value);
  if (problem) throw new AppError(Code.AMOUNT_REFUSED, problem);
  const link = await repo.activeLink(ctx.db, member.id);
  if (!link) throw new AppError(Code.LINKED_ACCOUNT, Msg.noLinkedAccount);
  await ensureChainUpForOutbox(ctx);
  const stamp = now.toISOString().slice(0, 10).replace(/-/g, "");
  const orderNo = `C${stamp}${crypto.randomBytes(4).toString("hex").toUpperCase()}`;
  const debitId = `D${orderNo.slice(1)}`;
  const order = await insertWithinLimit(ctx, member.id, now, {
    order_no: orderNo,
    member_id: member.id,
    value,
    bank_name: link.bank_name,
    bank_account: link.account_masked,
    owner_name: member.username,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + BUY_EXPIRY_HOURS * 3600_000).toISOString(),
    method: "linked",
    debit_id: debitId,
  });
  try {
    await ctx.bank.debit({ debitId, linkId: link.link_id, amount: value });
  } catch (err) {
    if (err instanceof BankUnavailable) {
      await repo.dropUnsentCharge(ctx.db, order.id);
      throw new AppError(Code.BANK_UNAVAILABLE, Msg.bankUnavailable);
    }
    if (err instanceof BankRefused) {
      await orders.cancelBuyOrder(ctx.db, order.id);
      throw new AppError(Code.DEBIT_FAILED, Msg.debitFailed);
    }
    throw err;
  }
  const settled = await untilDecided(ctx, order.id, Date.now() + CHARGE_WAIT_MS);
  if (settled.state === "cancelled")
    throw new AppError(Code.DEBIT_FAILED, `${Msg.debitFailed} ${await repo.debitFailure(ctx.db, order.id)}`.trim());
  if (settled.state !== "confirmed" || settled.transfer_id === null) return { ...settled, txHash: null };
  const moved = await ctx.relayer.waitFor(Number(settled.transfer_id), RESOLVE_WAIT_MS);
  return { ...((await orders.buyOrder(ctx.db, order.id)) ?? settled), txHash: moved.tx_hash };
}

/** Reads the order until the bank's notice (in this or another process) decided it, or `deadline`. */
async function untilDecided(ctx: AppContext, id: number, deadline: number): Promise<BuyOrderRow> {
  for (;;) {
    const o = (await orders.buyOrder(ctx.db, id))!;
    if (o.state !== "pending" || Date.now() >= deadline) return o;
    await new Promise((r) => setTimeout(r, 25));
  }
}
