import type { AppContext } from "../context";
import type { MemberRow } from "../auth/middleware";
import { AppError } from "../http/errors";
import { memberByAddress } from "./members";
import { checkPaymentPassword, SETTLE_WAIT_MS } from "./payment";
import { ensureChainUp } from "./chain-status";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";
import { FEE_WON, GIFT_MIN_WON } from "../../domain/constants";
import type { TradeBody } from "../../domain/schemas/money";

export interface TradeResult {
  id: number;
  status: "confirmed" | "pending";
  txHash: string | null;
  value: number;
  fee: number;
  total: number;
  to: string;
  toUsername: string;
}

/** A marketplace address: the wallet of an active shop-owner member. */
export function marketRecipient(ctx: AppContext, address: string) {
  const owner = memberByAddress(ctx, address);
  if (!owner || owner.permission !== "exchanger" || owner.state !== "repair") throw new AppError(Code.NOT_MARKET_ADDRESS, Msg.notMarketAddress);
  return owner;
}

/**
 * Gift (type 1) or market use (type 0): checks, then the business record and the outbox row in one
 * transaction after the spendable-balance check, then waits (bounded) for the on-chain settlement.
 * value goes to the recipient and the 200-won fee to the fee collector in the same transaction.
 */
export async function trade(ctx: AppContext, member: MemberRow, body: TradeBody, kind: "gift" | "use"): Promise<TradeResult> {
  await checkPaymentPassword(ctx, member, body.password);
  const from = ctx.custody.memberWallet(member.id)!.address;
  let recipient;
  if (kind === "use") {
    recipient = marketRecipient(ctx, body.opponentAddress);
  } else {
    if (body.value < GIFT_MIN_WON) throw new AppError(Code.BAD_REQUEST, Msg.giftBelowMin);
    recipient = memberByAddress(ctx, body.opponentAddress);
    if (!recipient) throw new AppError(Code.SERVER_ERROR, Msg.recipientAddressNotFound, undefined, 404);
    if (recipient.state === "kickOut") throw new AppError(Code.BAD_REQUEST, Msg.recipientBlocked);
  }
  if (recipient.id === member.id) throw new AppError(Code.BAD_REQUEST, Msg.giftToSelf);
  if (ctx.view.isBlocked(from)) throw new AppError(Code.FORBIDDEN, Msg.senderBlocked);
  if (ctx.view.isBlocked(recipient.address)) throw new AppError(Code.BAD_REQUEST, Msg.recipientBlocked);
  await ensureChainUp(ctx);
  const row = ctx.db.transaction(() =>
    ctx.outbox.enqueue({ kind, from, to: recipient.address, value: body.value, fee: FEE_WON, memberId: member.id, counterpartyMemberId: recipient.id }),
  )();
  ctx.relayer.kick();
  const settled = await ctx.relayer.waitFor(row.id, SETTLE_WAIT_MS);
  if (settled.status === "failed") {
    ctx.log.warn({ id: row.id, error: settled.error }, "trade failed on-chain");
    throw new AppError(Code.SERVER_ERROR, Msg.serverError);
  }
  return {
    id: row.id,
    status: settled.status === "confirmed" ? "confirmed" : "pending",
    txHash: settled.tx_hash,
    value: row.value,
    fee: row.fee,
    total: row.value + row.fee,
    to: recipient.address,
    toUsername: recipient.username,
  };
}
