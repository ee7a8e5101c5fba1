import type { AppContext } from "../context";
import type { AppTx, ProposalRecord } from "../db/schema";
import type { Job } from "../job";
import type { OperatorRow } from "../auth/middleware";
import type { IdempotencyRef } from "../money/idempotency";
import { AppError, forbidden, notFound } from "../http/errors";
import { chainHead, ensureChainSynced, ensureChainUp } from "../money/chain-status";
import { recordCall, sendCall, type RecordedCall } from "../money/chain-calls";
import { chainCall } from "../money/chain-calls.repo";
import { RESOLVE_WAIT_MS } from "../money/payment-password";
import { appendAction } from "../records/audit.repo";
import * as repo from "./proposals.repo";
import { handlerOf, payloadOf } from "./kinds";
import { allowsArea } from "../../domain/admin-access";
import { PROPOSAL_EXPIRY_HOURS } from "../../domain/constants";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";
import { PROPOSAL_KIND_NAMES, type ProposalKind, type ProposalRowDto, type ProposeBody } from "../../domain/schemas/proposals";

type Operator = Pick<OperatorRow, "id" | "login_id" | "permission" | "flags">;

export { payloadOf };

export function proposalDto(p: ProposalRecord, viewer: Operator, now = Date.now()): ProposalRowDto {
  return {
    id: Number(p.id),
    kind: p.kind as ProposalKind,
    payload: JSON.parse(p.payload_json) as Record<string, unknown>,
    reason: p.reason,
    state: p.state,
    proposerId: Number(p.proposer_id),
    proposerLoginId: p.proposer_login_id,
    approverId: p.approver_id === null ? null : Number(p.approver_id),
    approverLoginId: p.approver_login_id,
    decidedAt: p.decided_at,
    expiresAt: p.expires_at,
    txHash: p.tx_hash,
    error: p.error,
    createdAt: p.created_at,
    canDecide:
      p.state === "pending" &&
      Number(p.proposer_id) !== viewer.id &&
      Date.parse(p.expires_at) > now &&
      allowsArea("proposalApprove", viewer),
  };
}

const actor = (a: Operator) => ({ adminId: a.id, adminLoginId: a.login_id });

/** Records a proposal (nothing moves), audits it and tells the operators who may approve. */
export async function propose(
  ctx: Pick<AppContext, "db" | "notifier">,
  by: Operator,
  body: ProposeBody,
  now = Date.now(),
): Promise<ProposalRowDto> {
  const handler = handlerOf(body.kind);
  if (!allowsArea(handler.area, by)) throw forbidden();
  await handler.check?.(ctx, body.payload);
  const expiresAt = new Date(now + PROPOSAL_EXPIRY_HOURS * 3600_000).toISOString();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const id = await repo.insertProposal(trx, {
      kind: body.kind,
      payload: body.payload,
      reason: body.reason,
      proposerId: by.id,
      proposerLoginId: by.login_id,
      expiresAt,
    });
    await appendAction(trx, {
      ...actor(by),
      action: "proposal.create",
      targetType: "proposal",
      targetId: id,
      after: { kind: body.kind, payload: body.payload, reason: body.reason, expiresAt },
    });
    return id;
  });
  await ctx.notifier.notify("승인", `${Msg.proposalNotify}: ${PROPOSAL_KIND_NAMES[body.kind]} (${by.login_id})`, id);
  return proposalDto((await repo.proposalById(ctx.db, id))!, by);
}

/** The decision's preconditions: it exists, it is another operator's, it is still pending. */
async function decidable(ctx: Pick<AppContext, "db">, id: number, by: Operator): Promise<ProposalRecord> {
  const p = await repo.proposalById(ctx.db, id);
  if (!p) throw notFound();
  if (Number(p.proposer_id) === by.id) throw new AppError(Code.FORBIDDEN, Msg.proposalSelfApproval);
  if (p.state !== "pending" || Date.parse(p.expires_at) <= Date.now()) throw new AppError(Code.CONFLICT, Msg.proposalNotPending);
  return p;
}

export async function reject(ctx: AppContext, id: number, by: Operator, reason?: string): Promise<ProposalRowDto> {
  const p = await decidable(ctx, id, by);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.decide(trx, id, "rejected", { id: by.id, loginId: by.login_id }, reason || undefined)))
      throw new AppError(Code.CONFLICT, Msg.proposalNotPending);
    await appendAction(trx, {
      ...actor(by),
      action: "proposal.reject",
      targetType: "proposal",
      targetId: id,
      after: {
        kind: p.kind,
        payload: JSON.parse(p.payload_json),
        proposer: p.proposer_login_id,
        proposedAt: p.created_at,
        approver: by.login_id,
        reason: reason ?? null,
      },
    });
  });
  await handlerOf(p.kind).followUp?.(ctx, id);
  return proposalDto((await repo.proposalById(ctx.db, id))!, by);
}

/**
 * Approves another operator's proposal and runs its move once: the conditional pending → executing change and
 * the move's record (chain call or outbox row, named by the request's Idempotency-Key) are one transaction, so
 * a second approval (or a concurrent one) finds it no longer pending and moves nothing. Then the move is sent and
 * the proposal resolves as 승인 (with its tx hash) or 실패 (with the reason).
 */
export async function approve(ctx: AppContext, id: number, by: Operator, idempotency?: IdempotencyRef): Promise<ProposalRowDto> {
  const p = await decidable(ctx, id, by);
  const handler = handlerOf(p.kind);
  // Unpause must run while paused: its own check is only that the chain answers.
  if (handler.needs === "node") {
    ensureChainSynced(ctx);
    if ((await chainHead(ctx)) === null) throw new AppError(Code.CHAIN_UNAVAILABLE, Msg.chainUnavailable);
  } else if (handler.needs === "chain") await ensureChainUp(ctx);
  const who = { id: by.id, loginId: by.login_id };
  const move = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.decide(trx, id, "executing", who))) throw new AppError(Code.CONFLICT, Msg.proposalNotPending);
    const planned = await handler.move(ctx, payloadOf(p), trx);
    if ("call" in planned) {
      const recorded = await recordCall(ctx, trx, planned.call[0], planned.call[1], by.id, idempotency);
      await repo.linkMove(trx, id, { call_id: recorded.id });
      return { call: recorded };
    }
    if ("transfer" in planned) {
      // The balance refusal answers as the direct transfer does (402, HTTP 400); nothing is recorded, it stays pending.
      const row = await ctx.outbox.enqueue(trx, { ...planned.transfer, idempotency }, planned.refused).catch((e: unknown) => {
        throw e instanceof AppError && e.message === planned.refused ? new AppError(402, planned.refused, undefined, 400) : e;
      });
      await repo.linkMove(trx, id, { transfer_id: row.id });
      return { transfer: row.id };
    }
    await planned.apply(trx);
    await repo.finish(trx, id, "approved", null, null);
    return {};
  });
  if (move.call) await sendRecorded(ctx, p, move.call);
  else if (move.transfer !== undefined) {
    ctx.relayer.kick();
    const resolved = await ctx.relayer.waitFor(move.transfer, RESOLVE_WAIT_MS);
    if (resolved.status === "confirmed") await repo.finish(ctx.db, id, "approved", resolved.tx_hash, null);
    else if (resolved.status === "failed") await repo.finish(ctx.db, id, "failed", resolved.tx_hash, resolved.error ?? Msg.transferFailed);
  }
  const now = (await repo.proposalById(ctx.db, id))!;
  await auditApproval(ctx.db, now, by);
  await handler.followUp?.(ctx, id);
  if (now.state === "approved") await afterApproved(ctx, now);
  // A token call sent whose outcome the request did not see: 202 as the direct calls answered (the key is kept, a
  // retry with it is 'in progress' until the receipt or the job resolves it, then told the outcome; never a second move).
  if (now.state === "executing" && move.call) throw new AppError(Code.ACCEPTED, Msg.chainCallUnresolved, proposalDto(now, by));
  return proposalDto(now, by);
}

/** Sends an approved proposal's token call; an outcome not seen yet (202) leaves it executing for the job. */
async function sendRecorded(ctx: AppContext, p: ProposalRecord, call: RecordedCall): Promise<void> {
  try {
    const done = await sendCall(ctx, call);
    await repo.finish(
      ctx.db,
      p.id,
      done.status === "confirmed" ? "approved" : "failed",
      done.tx_hash,
      done.status === "confirmed" ? null : (done.error ?? Msg.proposalFailed),
    );
  } catch (err) {
    if (err instanceof AppError && err.code === Code.ACCEPTED) return;
    await repo.finish(ctx.db, p.id, "failed", null, err instanceof AppError ? err.message : Msg.proposalFailed);
  }
}

async function auditApproval(db: AppTx, p: ProposalRecord, by: Operator): Promise<void> {
  await appendAction(db, {
    ...actor(by),
    action: "proposal.approve",
    targetType: "proposal",
    targetId: p.id,
    after: {
      kind: p.kind,
      payload: JSON.parse(p.payload_json),
      reason: p.reason,
      proposer: p.proposer_login_id,
      proposedAt: p.created_at,
      approver: by.login_id,
      approvedAt: p.decided_at,
      state: p.state,
      error: p.error,
    },
    txHash: p.tx_hash,
  });
}

/** What follows a confirmed move outside the chain, as its kind says (a blocked member is suspended, the pause noted). */
async function afterApproved(ctx: AppContext, p: ProposalRecord): Promise<void> {
  await handlerOf(p.kind).afterApproved?.(ctx, payloadOf(p));
}

/** Expires pending proposals past their 24 h; resolves executing ones whose move's outcome is now known. */
export async function followProposals(ctx: AppContext, now = new Date()): Promise<void> {
  await repo.expireDue(ctx.db, now.toISOString());
  for (const p of await repo.executing(ctx.db)) {
    if (p.call_id !== null) {
      const c = await chainCall(ctx.db, Number(p.call_id));
      if (c?.status === "confirmed" && (await repo.finish(ctx.db, p.id, "approved", c.tx_hash, null))) await afterApproved(ctx, p);
      else if (c?.status === "failed") await repo.finish(ctx.db, p.id, "failed", c.tx_hash, c.error ?? Msg.proposalFailed);
      await handlerOf(p.kind).followUp?.(ctx, Number(p.id));
    } else if (p.transfer_id !== null) {
      const t = await ctx.db
        .selectFrom("outbox_transfers")
        .select(["status", "tx_hash", "error"])
        .where("id", "=", Number(p.transfer_id))
        .executeTakeFirst();
      if (t?.status === "confirmed") await repo.finish(ctx.db, p.id, "approved", t.tx_hash, null);
      else if (t?.status === "failed") await repo.finish(ctx.db, p.id, "failed", t.tx_hash, t.error ?? Msg.transferFailed);
    }
  }
}

export const followProposalsJob: Job = { name: "proposals", everyMs: 60_000, run: (ctx) => followProposals(ctx) };
