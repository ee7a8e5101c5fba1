import type { AppContext } from "../../context";
import type { MemberRow } from "../../auth/middleware";
import { AppError } from "../../http/errors";
import { memberByAddress } from "../../records/members.repo";
import { checkPaymentPassword, RESOLVE_WAIT_MS } from "../../money/payment-password";
import { ensureChainUpForOutbox } from "../../money/chain-status";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { FEE_WON, MemberState } from "../../../domain/constants";
import type { PaymentBody, PaymentResult } from "../../../domain/schemas/gifts";
import type { IdempotencyRef } from "../../money/idempotency";
import type { OutboxRow } from "../../db/schema";
import { memberById } from "../../records/members.repo";

/** A marketplace address: the wallet of an active shop-owner member. */
export async function marketRecipient(ctx: AppContext, address: string) {
  const owner = await memberByAddress(ctx.db, address);
  if (owner?.permission !== "exchanger" || owner.state !== MemberState.NORMAL)
    throw new AppError(Code.NOT_MARKET_ADDRESS, Msg.notMarketAddress);
  return owner;
}

/**
 * Gift (type 1) or market use (type 0): checks, then the business record and the outbox row in one
 * transaction after the spendable-balance check, then waits (bounded) for the on-chain settlement.
 * value goes to the recipient and the 200-won fee to the fee collector in the same transaction.
 */
export async function pay(
  ctx: AppContext,
  member: MemberRow,
  body: PaymentBody,
  kind: "gift" | "use",
  idempotency?: IdempotencyRef,
): Promise<PaymentResult> {
  await checkPaymentPassword(ctx, member, body.password);
  const from = (await ctx.custody.memberWallet(member.id))!.address;
  let recipient;
  if (kind === "use") {
    recipient = await marketRecipient(ctx, body.opponentAddress);
  } else {
    recipient = await memberByAddress(ctx.db, body.opponentAddress);
    if (!recipient) throw new AppError(Code.SERVER_ERROR, Msg.recipientAddressNotFound, undefined, 404);
    if (recipient.state === MemberState.KICKED) throw new AppError(Code.RECIPIENT_REFUSED, Msg.recipientBlocked);
  }
  if (recipient.id === member.id) throw new AppError(Code.GIFT_TO_SELF, Msg.giftToSelf);
  if (await ctx.view.isBlocked(from)) throw new AppError(Code.FORBIDDEN, Msg.senderBlocked);
  if (await ctx.view.isBlocked(recipient.address)) throw new AppError(Code.RECIPIENT_REFUSED, Msg.recipientBlocked);
  await ensureChainUpForOutbox(ctx);
  const row = await ctx.outbox.send({
    kind,
    from,
    to: recipient.address,
    value: body.value,
    fee: FEE_WON,
    memberId: member.id,
    counterpartyMemberId: recipient.id,
    idempotency,
  });
  ctx.relayer.kick();
  const resolved = await ctx.relayer.waitFor(row.id, RESOLVE_WAIT_MS, row);
  if (resolved.status === "failed") {
    ctx.log.warn({ id: row.id, error: resolved.error }, "trade failed on-chain");
    throw new AppError(Code.SERVER_ERROR, Msg.paymentFailed);
  }
  return resultOf(resolved, recipient.username);
}

function resultOf(row: OutboxRow, toUsername: string): PaymentResult {
  return {
    id: row.id,
    status: row.status === "confirmed" ? "confirmed" : "pending",
    txHash: row.tx_hash,
    value: row.value,
    fee: row.fee,
    total: row.value + row.fee,
    to: row.to_address,
    toUsername,
  };
}

/** The answer of a gift or use, rebuilt from its outbox row (an Idempotency-Key replay after a crash). */
export async function paymentResultOf(ctx: Pick<AppContext, "db">, row: OutboxRow): Promise<PaymentResult> {
  const recipient = row.counterparty_member_id === null ? undefined : await memberById(ctx.db, row.counterparty_member_id);
  return resultOf(row, recipient?.username ?? "");
}
