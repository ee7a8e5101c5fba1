import type { AppContext } from "../context";
import type { AppTx, OutboxKind } from "../db/schema";
import { AppError } from "../http/errors";
import { ensureChainUp, ensureChainUpForOutbox } from "./chain-status";
import { recordCall, sendCall } from "./chain-calls";
import type { IdempotencyRef } from "./idempotency";
import { RESOLVE_WAIT_MS } from "./payment-password";
import { Code } from "../../domain/codes";

/**
 * The escrow order's life, one for every flow whose order holds money in an escrow wallet while it waits (정산
 * settlement, 환불 refunds; docs/architecture.md, "The escrow order"). The order's own move into the escrow is an
 * outbox row its feature records with the order. Then either:
 * - the escrowed amount is burned: the burn call is recorded and the order moved to its in-progress state naming
 *   it, in one transaction, before anything is sent; sent; the order finished, or put back to waiting when the burn
 *   failed or never left. A burn sent whose outcome is not known yet (202) leaves the order in progress for
 *   `followBurn`, so it can be neither burned nor returned a second time meanwhile;
 * - or the amount goes back: the order moved to its returned state and the outbox row recorded, in one transaction;
 *   sent by the relayer; the order put back to waiting when that transfer failed.
 * Every step is a conditional update from the state before it, so a second action on one order is refused (409),
 * and the jobs (`followBurn`, `followFailedMoves`) finish what a request did not see after a timeout or a crash.
 */

/** The states a flow declares for its orders. */
export interface EscrowStates<S extends string> {
  /** Money in the escrow, no decision yet (승인 대기, 환불 대기). */
  waiting: S;
  /** A burn recorded or sent, its outcome not known yet. */
  burning: S;
  /** Burned: the order is done. */
  burned: S;
  /** Sent back (or being sent back) to the wallet it came from. */
  returned: S;
  /** Where an order goes when its own move into the escrow failed (nothing reached the escrow). */
  requestFailed: S;
}

/** The columns the lifecycle sets on an order row besides its state. */
export interface EscrowFields {
  burn_call_id?: number | null;
  return_transfer_id?: number | null;
}

/**
 * One flow's orders: its states and its conditional move (`from` → `to`, setting `set`, only while the row still
 * names `of`'s burn call or return transfer), which answers whether the row moved.
 */
export interface EscrowOrderKind<S extends string, F extends EscrowFields> {
  states: EscrowStates<S>;
  move: (db: AppTx, id: number, from: S, to: S, set?: F, of?: { burnCallId?: number; returnTransferId?: number }) => Promise<boolean>;
  /** The refusal when an order is no longer waiting (409). */
  notWaiting: string;
}

export interface BurnPlan<F> {
  /** The escrow wallet the order's money is in, and the amount to burn from it. */
  escrow: string;
  value: number;
  adminId: number;
  idempotency?: IdempotencyRef;
  /** Set when the burn is taken (besides its call), and cleared again when the order is put back. */
  taken?: F;
  putBack?: F;
  /** Set when it is burned. */
  done: F;
  /** Written in the transaction that records the burn (the audit entry). */
  audit?: (trx: AppTx) => Promise<void>;
  /** The answer when the burn failed on chain (500). */
  failed: string;
}

/** Burns an order's escrowed amount once; answers the confirmed call (its tx hash). */
export async function burnEscrowed<S extends string, F extends EscrowFields>(
  ctx: AppContext,
  kind: EscrowOrderKind<S, F>,
  id: number,
  plan: BurnPlan<F>,
) {
  const { waiting, burning, burned } = kind.states;
  await ensureChainUp(ctx);
  const burn = await ctx.db.transaction().execute(async (trx) => {
    const recorded = await recordCall(ctx, trx, "burn", [plan.escrow, BigInt(plan.value)], plan.adminId, plan.idempotency);
    if (!(await kind.move(trx, id, waiting, burning, { ...plan.taken, burn_call_id: recorded.id } as F)))
      throw new AppError(Code.CONFLICT, kind.notWaiting);
    await plan.audit?.(trx);
    return recorded;
  });
  const putBack = () => kind.move(ctx.db, id, burning, waiting, { ...plan.putBack, burn_call_id: null } as F, { burnCallId: burn.id });
  let call: Awaited<ReturnType<typeof sendCall>>;
  try {
    call = await sendCall(ctx, burn);
  } catch (err) {
    // Sent, outcome unknown (202): it stays in progress for followBurn. Otherwise it never left: back to waiting.
    if (!(err instanceof AppError && err.code === Code.ACCEPTED)) await putBack();
    throw err;
  }
  if (call.status !== "confirmed") {
    await putBack();
    ctx.log.warn({ order: id, error: call.error }, "escrow burn failed");
    throw new AppError(Code.SERVER_ERROR, plan.failed);
  }
  await kind.move(ctx.db, id, burning, burned, plan.done, { burnCallId: burn.id });
  return call;
}

export interface ReturnPlan<F> {
  escrow: string;
  /** The wallet the money goes back to, the amount, the member it concerns, the outbox kind of the move. */
  to: string;
  value: number;
  counterpartyMemberId: number;
  outboxKind: OutboxKind;
  /** Set when the order is returned, and cleared again when the return failed. */
  returned: F;
  putBack: F;
  audit?: (trx: AppTx) => Promise<void>;
  /** The refusal when the escrow cannot pay it (the outbox's balance check), and the answer when it failed on chain. */
  refused: string;
  failed: string;
}

/** Sends an order's escrowed amount back; answers the resolved transfer (its tx hash). */
export async function returnEscrowed<S extends string, F extends EscrowFields>(
  ctx: AppContext,
  kind: EscrowOrderKind<S, F>,
  id: number,
  plan: ReturnPlan<F>,
) {
  const { waiting, returned } = kind.states;
  await ensureChainUpForOutbox(ctx);
  const transfer = await ctx.db.transaction().execute(async (trx) => {
    if (!(await kind.move(trx, id, waiting, returned, plan.returned))) throw new AppError(Code.CONFLICT, kind.notWaiting);
    const row = await ctx.outbox.enqueue(
      trx,
      { kind: plan.outboxKind, from: plan.escrow, to: plan.to, value: plan.value, counterpartyMemberId: plan.counterpartyMemberId },
      plan.refused,
    );
    await kind.move(trx, id, returned, returned, { return_transfer_id: row.id } as F);
    await plan.audit?.(trx);
    return row;
  });
  ctx.relayer.kick();
  const resolved = await ctx.relayer.waitFor(transfer.id, RESOLVE_WAIT_MS);
  if (resolved.status === "failed") {
    await kind.move(ctx.db, id, returned, waiting, { ...plan.putBack, return_transfer_id: null } as F, { returnTransferId: transfer.id });
    throw new AppError(Code.SERVER_ERROR, plan.failed);
  }
  return resolved;
}

/**
 * An in-progress order whose burn a request did not see to the end, moved by its call's record (after the calls
 * were resolved by their hash): confirmed → burned (`doneAt` its time), failed or never sent → waiting. A burn still
 * unmined leaves it as it is. True when it moved.
 */
export async function followBurn<S extends string, F extends EscrowFields>(
  db: AppTx,
  kind: EscrowOrderKind<S, F>,
  o: { id: number; burn_call_id: number | null; call_status: string | null; call_updated_at: string | null },
  fields: { done: (at: string) => F; putBack?: F },
): Promise<boolean> {
  const { waiting, burning, burned } = kind.states;
  const of = o.burn_call_id === null ? {} : { burnCallId: Number(o.burn_call_id) };
  if (o.call_status === "confirmed")
    return kind.move(db, o.id, burning, burned, fields.done(o.call_updated_at ?? new Date().toISOString()), of);
  if (o.call_status === "failed" || o.call_status === null)
    return kind.move(db, o.id, burning, waiting, { ...fields.putBack, burn_call_id: null } as F, of);
  return false;
}

/**
 * Orders whose own move failed on chain after their request stopped waiting for it (or while the server was down),
 * moved as the request would have: a failed move into the escrow → `requestFailed` (nothing reached it), a failed
 * return → waiting again (the money is still in the escrow). Returns how many moved.
 */
export async function followFailedMoves<S extends string, F extends EscrowFields>(
  db: AppTx,
  kind: EscrowOrderKind<S, F>,
  rows: { id: number; state: string; transfer_id: number }[],
  fields: { requestFailed?: F; putBack: F },
): Promise<number> {
  const { waiting, returned, requestFailed } = kind.states;
  let moved = 0;
  for (const o of rows) {
    if (o.state === waiting) moved += Number(await kind.move(db, o.id, waiting, requestFailed, fields.requestFailed));
    else if (o.state === returned)
      moved += Number(
        await kind.move(db, o.id, returned, waiting, { ...fields.putBack, return_transfer_id: null } as F, {
          returnTransferId: Number(o.transfer_id),
        }),
      );
  }
  return moved;
}
