import type { AppTx, ProposalRecord } from "../db/schema";
import { nowIso } from "../db/app-db";
import { pagedQuery } from "../db/paged";
import type { Paged } from "../../domain/schemas/shared/list";
import type { ProposalListRequest, ProposalState } from "../../domain/schemas/proposals";

export async function insertProposal(
  db: AppTx,
  p: { kind: string; payload: unknown; reason: string; proposerId: number; proposerLoginId: string; expiresAt: string },
): Promise<number> {
  const now = nowIso();
  const r = await db
    .insertInto("proposals")
    .values({
      kind: p.kind,
      payload_json: JSON.stringify(p.payload),
      reason: p.reason,
      state: "pending",
      proposer_id: p.proposerId,
      proposer_login_id: p.proposerLoginId,
      approver_id: null,
      approver_login_id: null,
      decided_at: null,
      expires_at: p.expiresAt,
      call_id: null,
      transfer_id: null,
      tx_hash: null,
      error: null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function proposalById(db: AppTx, id: number): Promise<ProposalRecord | undefined> {
  return db.selectFrom("proposals").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * The decision on a pending proposal, conditional on it still being pending, unexpired and not the decider's own:
 * of two approvals (or an approval and a rejection) only one changes the row. True when this call did.
 */
export async function decide(
  db: AppTx,
  id: number,
  to: "executing" | "rejected",
  by: { id: number; loginId: string },
  error?: string,
): Promise<boolean> {
  const now = nowIso();
  const r = await db
    .updateTable("proposals")
    .set({ state: to, approver_id: by.id, approver_login_id: by.loginId, decided_at: now, updated_at: now, error: error ?? null })
    .where("id", "=", id)
    .where("state", "=", "pending")
    .where("proposer_id", "<>", by.id)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Names the move an executing proposal recorded (same transaction as `decide`). */
export async function linkMove(db: AppTx, id: number, move: { call_id?: number; transfer_id?: number }): Promise<void> {
  await db
    .updateTable("proposals")
    .set({ ...move, updated_at: nowIso() })
    .where("id", "=", id)
    .execute();
}

/** An executing proposal's outcome: approved (moved) or failed (with the reason). */
export async function finish(
  db: AppTx,
  id: number,
  state: "approved" | "failed",
  txHash: string | null,
  error: string | null,
): Promise<boolean> {
  const r = await db
    .updateTable("proposals")
    .set({ state, tx_hash: txHash, error, updated_at: nowIso() })
    .where("id", "=", id)
    .where("state", "=", "executing")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Pending proposals past their expiry become expired; returns them. */
export async function expireDue(db: AppTx, now = nowIso()): Promise<ProposalRecord[]> {
  const due = await db.selectFrom("proposals").selectAll().where("state", "=", "pending").where("expires_at", "<=", now).execute();
  const done: ProposalRecord[] = [];
  for (const p of due) {
    const r = await db
      .updateTable("proposals")
      .set({ state: "expired", updated_at: now })
      .where("id", "=", p.id)
      .where("state", "=", "pending")
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) done.push(p);
  }
  return done;
}

/** Proposals still executing (their move's outcome was not seen by the approving request). */
export async function executing(db: AppTx): Promise<ProposalRecord[]> {
  return db.selectFrom("proposals").selectAll().where("state", "=", "executing").execute();
}

export async function listProposals(db: AppTx, q: ProposalListRequest): Promise<Paged<ProposalRecord>> {
  let base = db.selectFrom("proposals");
  if (q.state && q.state !== "all") base = base.where("state", "=", q.state as ProposalState);
  return pagedQuery(db, base, (qb) => qb.selectAll(), q, { createdAt: "created_at", id: "id" }, "id");
}
