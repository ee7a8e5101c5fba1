import { z } from "zod";

/** GET /api/health: the chain node, the journal replay and the indexer, for monitoring. */
export const health = z.object({
  status: z.enum(["ok", "chain-unreachable", "replay-failed", "catching-up"]),
  replayError: z.string().nullable(),
  /** While the journal replays: entries done / total, rate (entries/s), time left (ms). */
  replay: z
    .object({ reason: z.enum(["start", "revive"]), done: z.number(), total: z.number(), rate: z.number(), etaMs: z.number().nullable() })
    .nullable(),
  chainId: z.number().int(),
  token: z.string(),
  chainHead: z.number().int().nullable(),
  indexedHead: z.number().int().nullable(),
  lag: z.number().int().nullable(),
  /** The gas-paying account (server/money/gas.ts): transactions left at the recent fee; low: warn; refusing: money calls 503. */
  gas: z.object({ txsLeft: z.number().int(), low: z.boolean(), refusing: z.boolean() }).nullable(),
});

/** GET /api/status: paused (emergency pause through dual control) → the member app shows `message` as a banner. */
export const serviceStatus = z.object({ paused: z.boolean(), message: z.string().nullable() });
