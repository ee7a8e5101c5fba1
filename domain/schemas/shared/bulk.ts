import { z } from "zod";
import { Msg, bulkTooMany } from "../../messages";

/**
 * Bulk actions (issue item 9): one request acts on several rows, each through the single call's own service, one
 * after another. At most BULK_MAX ids: each money item waits for its move (up to the resolve wait), so a request
 * stays bounded; the screens refuse a larger selection before sending.
 */
export const BULK_MAX = 50;

/** `{ids}`: one to BULK_MAX ids; an id named twice counts once (first place kept). */
export function bulkIds<T extends z.ZodType<string | number>>(id: T) {
  return z
    .array(id, { error: Msg.selectItem })
    .min(1, { error: Msg.selectItem })
    .max(BULK_MAX, { error: bulkTooMany(BULK_MAX) })
    .transform((ids) => [...new Set(ids)] as z.output<T>[]);
}

/** One item's outcome: done (code 200) or refused with the single call's code and Korean message. */
export const bulkOutcome = <T extends z.ZodType<string | number>>(id: T) =>
  z.object({ id, ok: z.boolean(), code: z.number().int(), message: z.string(), txHash: z.string().nullable().optional() });

/** The answer: every item's outcome in the request's order, and how many were done and refused. */
export const bulkAnswer = <T extends z.ZodType<string | number>>(id: T) =>
  z.object({ results: z.array(bulkOutcome(id)), done: z.number().int(), refused: z.number().int() });

export type BulkOutcome<I extends string | number = string | number> = {
  id: I;
  ok: boolean;
  code: number;
  message: string;
  txHash?: string | null;
};
export type BulkAnswer<I extends string | number = string | number> = { results: BulkOutcome<I>[]; done: number; refused: number };
