import type { Response } from "express";
import type { AppContext } from "../context";
import { AppError } from "./errors";
import { holdIdempotency } from "../money/idempotency";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";
import type { BulkAnswer, BulkOutcome } from "../../domain/schemas/shared/bulk";

/** What one item's single call answered when it was done: its message and, for a money move, the tx hash. */
export interface ItemDone {
  message: string;
  txHash?: string | null;
}

/**
 * A bulk request's items, one after another, each through `act` (the single call's own service and audit): an
 * item's AppError is its outcome (code and Korean message) and the next item runs; an error that is not one is
 * logged and answered as the single call's 500 would be. Between items a keyed request tells the Idempotency-Key
 * it is still alive. `done` counts code 200, `refused` codes 400 and up; a move sent and not yet seen (202) is
 * neither and shows in its outcome.
 */
export async function eachItem<I extends string | number>(
  ctx: Pick<AppContext, "db" | "log">,
  res: Response,
  ids: readonly I[],
  act: (id: I) => Promise<ItemDone>,
): Promise<BulkAnswer<I>> {
  const results: BulkOutcome<I>[] = [];
  for (const id of ids) {
    if (results.length > 0) await holdIdempotency(ctx.db, res);
    try {
      const done = await act(id);
      results.push({ id, ok: true, code: Code.OK, message: done.message, ...(done.txHash !== undefined ? { txHash: done.txHash } : {}) });
    } catch (err) {
      if (err instanceof AppError) results.push({ id, ok: false, code: err.code, message: err.message });
      else {
        ctx.log.error({ err, id, path: res.req.path }, "bulk item failed");
        results.push({ id, ok: false, code: Code.SERVER_ERROR, message: Msg.serverError });
      }
    }
  }
  return { results, done: results.filter((r) => r.ok).length, refused: results.filter((r) => r.code >= 400).length };
}
