import { Router } from "express";
import type { AppContext } from "../context";
import { ok } from "../http/errors";

export function healthRoutes(ctx: AppContext): Router {
  const r = Router();
  r.get("/api/health", async (_req, res) => {
    let chainHead: number | null = null;
    try {
      chainHead = await withTimeout(ctx.chain.provider.getBlockNumber(), 2000);
    } catch {
      chainHead = null;
    }
    const indexed = ctx.view.indexedHead();
    const indexedHead = indexed?.number ?? null;
    ok(res, {
      status: chainHead === null ? "chain-unreachable" : "ok",
      chainId: ctx.chain.deployment.chainId,
      token: ctx.chain.deployment.token,
      chainHead,
      indexedHead,
      lag: chainHead !== null && indexedHead !== null ? chainHead - indexedHead : null,
    });
  });
  return r;
}

export function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error("timeout")), ms);
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e) => (clearTimeout(t), reject(e)),
    );
  });
}
