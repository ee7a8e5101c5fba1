import { ethers } from "ethers";
import type { AppContext } from "../context";
import type { Sender } from "../../chain/sender";
import type { AppDb, AppTx } from "../db/schema";
import type { IdempotencyRef } from "./idempotency";
import { linkIdempotencyMove } from "./idempotency.repo";
import * as repo from "./chain-calls.repo";
import { AppError } from "../http/errors";
import { durably } from "../../db/open";
import { describeRevert } from "./relayer/outcome";
import { hashFamily } from "./tx-replacements.repo";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";
import { METHOD_ACCOUNT } from "../../chain/roles";

export type TokenMethod = "mint" | "burn" | "blockAccount" | "unblockAccount" | "pause" | "unpause" | "configureMinter";

export interface ChainCallRow {
  id: number;
  method: TokenMethod;
  args: string;
  status: "pending" | "submitted" | "confirmed" | "failed";
  tx_hash: string | null;
  block_number: number | null;
  error: string | null;
}

type CallCtx = Pick<AppContext, "db" | "chain">;

/** The sender of the account holding the role a call needs (the minter's for a mint…; chain/roles.ts METHOD_ACCOUNT). */
export const senderOf = (ctx: Pick<AppContext, "chain">, method: TokenMethod) => ctx.chain.senders[METHOD_ACCOUNT[method]];

/** A call as recorded: its id and the calldata `sendCall` sends. */
export interface RecordedCall {
  id: number;
  data: string;
  method: TokenMethod;
}

/**
 * Records an operator call on the token (in the caller's transaction, so a business row can name it) before it is
 * sent; with the request's Idempotency-Key, the key names it (a retry is resolved from the call).
 */
export async function recordCall(
  ctx: Pick<AppContext, "chain">,
  db: AppTx,
  method: TokenMethod,
  args: (string | bigint | number)[],
  adminId?: number,
  idempotency?: IdempotencyRef,
): Promise<RecordedCall> {
  const data = ctx.chain.iface.encodeFunctionData(method, args);
  const record = async (trx: AppTx) => {
    const id = await repo.insertChainCall(trx, method, args.map(String), adminId ?? null);
    if (idempotency) await linkIdempotencyMove(trx, idempotency, { call_id: id });
    return id;
  };
  // The call and the key's link in one transaction (the caller's, if it is in one).
  const id = idempotency && !db.isTransaction ? await (db as AppDb).transaction().execute(record) : await record(db);
  return { id, data, method };
}

/**
 * Sends a recorded call: marked submitted with its hash before the send, resolved from the receipt. Refused
 * before it left (node down): the call is failed and 503 answers, nothing happened. Sent but its outcome not
 * known (no receipt in time, the node gone after the send): 202 answers and the call stays 'submitted', to be
 * resolved by its hash (`resolveSubmittedCalls`); it may still be mined, so nothing may treat it as not done.
 */
export async function sendCall(ctx: CallCtx, { id, data, method }: RecordedCall): Promise<ChainCallRow> {
  try {
    // A call given up as never sent (`resolveSubmittedCalls`, after UNSENT_CALL_MS in a queue) is not sent late:
    // its business row has moved on (a settlement back to 승인 대기), and a late burn would be a second one.
    const beforeSend = async (hash: string, nonce: number) => {
      if (!(await durably(ctx.db, (conn) => repo.markCallSubmitted(conn, id, hash, nonce))))
        throw new Error(`chain call ${id} is no longer pending; not sent`);
    };
    const receipt = await senderOf(ctx, method).send({ to: ctx.chain.deployment.token, data }, { beforeSend });
    await resolveFromReceipt(ctx, id, method, data, receipt);
  } catch {
    await repo.failUnsentCall(ctx.db, id);
    const now = (await repo.chainCall(ctx.db, id))!;
    if (now.status === "submitted") throw new AppError(Code.ACCEPTED, Msg.chainCallUnresolved, { id, txHash: now.tx_hash });
    throw new AppError(Code.CHAIN_UNAVAILABLE, Msg.chainUnavailable);
  }
  return (await repo.chainCall(ctx.db, id)) as ChainCallRow;
}

/** An operator call on the token (mint, burn, block…): recorded, then sent (see `sendCall`). */
export async function callToken(
  ctx: CallCtx,
  method: TokenMethod,
  args: (string | bigint | number)[],
  adminId?: number,
  idempotency?: IdempotencyRef,
): Promise<ChainCallRow> {
  return sendCall(ctx, await recordCall(ctx, ctx.db, method, args, adminId, idempotency));
}

async function resolveFromReceipt(
  ctx: CallCtx,
  id: number,
  method: TokenMethod,
  data: string,
  receipt: { status: number | null; blockNumber: number; hash: string },
): Promise<void> {
  let error: string | null = null;
  if (receipt.status !== 1) {
    error = "reverted";
    try {
      await ctx.chain.provider.call({
        to: ctx.chain.deployment.token,
        data,
        from: senderOf(ctx, method).address,
        blockTag: receipt.blockNumber - 1,
      });
    } catch (e) {
      const revertData = (e as { data?: string }).data;
      if (revertData) error = describeRevert(ctx.chain.iface, revertData);
    }
  }
  // The hash that landed: the one sent, or a replacement of it (same nonce, higher fee).
  await repo.resolveCall(ctx.db, id, receipt.status === 1 ? "confirmed" : "failed", receipt.blockNumber, error, receipt.hash);
}

/** A call still 'pending' this long after its last change never left its process (it is marked submitted before the send). */
export const UNSENT_CALL_MS = 5 * 60_000;

/**
 * Resolves calls whose outcome their request did not see: 'submitted' ones by their receipt (none yet: left
 * as they are, they may still be mined), and 'pending' ones older than UNSENT_CALL_MS as not sent. Returns
 * the calls it resolved.
 */
export async function resolveSubmittedCalls(ctx: CallCtx, now = Date.now()): Promise<ChainCallRow[]> {
  const resolved: ChainCallRow[] = [];
  for (const c of await repo.unresolvedCalls(ctx.db)) {
    if (c.status === "pending") {
      if (now - Date.parse(c.updated_at) < UNSENT_CALL_MS) continue;
      await repo.failUnsentCall(ctx.db, c.id);
    } else {
      if (!c.tx_hash) continue;
      let receipt = null;
      const family = await hashFamily(ctx.db, c.tx_hash);
      for (const h of family) receipt ??= await ctx.chain.provider.getTransactionReceipt(h);
      // Not yet deep enough (an external chain's CONFIRMATIONS) or not mined: watched by the sender (re-sent if the
      // node lost it, replaced if it is stuck) and resolved by a later run; a failure's reversal waits for the depth too.
      const head = receipt ? await ctx.chain.provider.getBlockNumber() : 0;
      const method = c.method as TokenMethod;
      const sender = senderOf(ctx, method);
      if (!receipt || head - receipt.blockNumber + 1 < sender.confirmations) {
        // Every hash of its nonce: the one it names may be a replacement its process recorded and died before sending.
        const held = receipt ? [receipt.hash] : family;
        let watched = held.some((h) => sender.inFlight(h));
        for (const h of held) if (!watched) watched = await sender.adopt(h);
        // Neither mined nor in the node's pool: dropped while no process watched it (an external chain only).
        if (!receipt && !watched && !ctx.chain.node && (await sendDroppedAgain(ctx, c, family, sender))) {
          resolved.push((await repo.chainCall(ctx.db, c.id)) as ChainCallRow);
        }
        continue;
      }
      const data = ctx.chain.iface.encodeFunctionData(method, JSON.parse(c.args) as string[]);
      await resolveFromReceipt(ctx, c.id, method, data, receipt);
    }
    resolved.push((await repo.chainCall(ctx.db, c.id)) as ChainCallRow);
  }
  return resolved;
}

/**
 * A call's transaction that an external chain's node no longer has, mined or pending (dropped from its pool while no
 * process watched it: the node restarted, or evicted it while this one was down). Sent again as it was signed, from
 * the journal, when its nonce is still free; failed ('dropped', nothing happened) once another transaction of that
 * nonce is `confirmations` deep, so its business row follows as after any failed call (a settlement back to 승인
 * 대기, a refund's payout to be retried). A process whose journal does not hold it (another process of a
 * multi-process deployment sent it) cannot send it again, but knows its nonce from the call's row: it fails the call
 * the same way once that nonce is taken (the sender's gap filler, or the next transaction of the process that sent
 * it). Not on the embedded node: its journal replay mines every journaled transaction in order, and one sent again
 * out of that order would break the replay. True when the call failed.
 */
async function sendDroppedAgain(
  ctx: CallCtx,
  call: { id: number; nonce: number | string | null },
  family: string[],
  sender: Sender,
): Promise<boolean> {
  const signed = await ctx.chain.journal.rawOf(family);
  const nonce = signed.length > 0 ? ethers.Transaction.from(signed[0].payload).nonce : call.nonce === null ? null : Number(call.nonce);
  if (nonce === null) return false;
  const head = await ctx.chain.provider.getBlockNumber();
  const deepEnough = Math.max(0, head - sender.confirmations + 1);
  if ((await ctx.chain.provider.getTransactionCount(sender.address, deepEnough)) > nonce) return repo.failDroppedCall(ctx.db, call.id);
  for (const t of signed) {
    // The node may refuse it (another of its nonce pending, a fee now too low): the sender watches it only if it took it.
    await ctx.chain.provider.send("eth_sendRawTransaction", [t.payload]).catch(() => undefined);
    if (await sender.adopt(t.hash)) break;
  }
  return false;
}
