import type { Router } from "express";
import type { AppContext } from "../../context";
import { createRoutes } from "../../http/routes";
import { chainHead, tokenPaused } from "../../money/chain-status";
import { gasStatus } from "../../money/gas";
import { Msg } from "../../../domain/messages";
import { healthApi } from "../../../domain/api/health";

export function healthRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  handle(healthApi.health, async () => {
    const head = await chainHead(ctx);
    const indexed = await ctx.view.indexedHead();
    const indexedHead = indexed?.number ?? null;
    // While the journal replays: entries done / total, rate (entries/s), time left (ms).
    const replay = ctx.chain.replayProgress();
    return {
      status:
        head === null ? "chain-unreachable" : ctx.chain.replayError() ? "replay-failed" : ctx.chain.replaying() ? "catching-up" : "ok",
      replayError: ctx.chain.replayError(),
      replay: replay && {
        reason: replay.reason,
        done: replay.done,
        total: replay.total,
        rate: Math.round(replay.rate),
        etaMs: replay.etaMs === null ? null : Math.round(replay.etaMs),
      },
      chainId: ctx.chain.deployment.chainId,
      token: ctx.chain.deployment.token,
      chainHead: head,
      indexedHead,
      lag: head !== null && indexedHead !== null ? head - indexedHead : null,
      gas:
        head === null
          ? null
          : await gasStatus(ctx).then(
              (g) => ({ txsLeft: g.accounts[0].txsLeft, low: g.low, refusing: g.refusing }),
              () => null,
            ),
    };
  });
  // Read by the member app for its maintenance banner; reads keep working while paused, money calls answer 503.
  handle(healthApi.serviceStatus, async () => {
    const paused = await tokenPaused(ctx);
    return { paused, message: paused ? Msg.maintenance : null };
  });
  return router;
}
