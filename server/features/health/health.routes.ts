import { Router } from "express";
import type { AppContext } from "../../context";
import { ok } from "../../http/errors";
import { chainHead } from "../../money/chain-status";

export function healthRoutes(ctx: AppContext): Router {
  const r = Router();
  r.get("/api/health", async (_req, res) => {
    const head = await chainHead(ctx);
    const indexed = await ctx.view.indexedHead();
    const indexedHead = indexed?.number ?? null;
    // While the journal replays: entries done / total, rate (entries/s), time left (ms).
    const replay = ctx.chain.replayProgress();
    ok(res, {
      status: head === null ? "chain-unreachable" : ctx.chain.replayError() ? "replay-failed" : ctx.chain.replaying() ? "catching-up" : "ok",
      replayError: ctx.chain.replayError(),
      replay: replay && { reason: replay.reason, done: replay.done, total: replay.total, rate: Math.round(replay.rate), etaMs: replay.etaMs === null ? null : Math.round(replay.etaMs) },
      chainId: ctx.chain.deployment.chainId,
      token: ctx.chain.deployment.token,
      chainHead: head,
      indexedHead,
      lag: head !== null && indexedHead !== null ? head - indexedHead : null,
    });
  });
  return r;
}
