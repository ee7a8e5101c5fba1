import { Router } from "express";
import type { AppContext } from "../context";
import { ok } from "../http/errors";
import { chainHead } from "../services/chain-status";

export function healthRoutes(ctx: AppContext): Router {
  const r = Router();
  r.get("/api/health", async (_req, res) => {
    const head = await chainHead(ctx);
    const indexed = await ctx.view.indexedHead();
    const indexedHead = indexed?.number ?? null;
    ok(res, {
      status: head === null ? "chain-unreachable" : "ok",
      chainId: ctx.chain.deployment.chainId,
      token: ctx.chain.deployment.token,
      chainHead: head,
      indexedHead,
      lag: head !== null && indexedHead !== null ? head - indexedHead : null,
    });
  });
  return r;
}
