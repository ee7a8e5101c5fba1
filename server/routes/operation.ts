import { Router } from "express";
import type { AppContext } from "../context";
import { adminGate } from "../auth/admin-flags";
import { ok } from "../http/errors";

/** Sums of indexed balances by wallet owner type: operator wallets, shop owners, users. */
function balanceTotals(ctx: AppContext) {
  const wallets = ctx.db
    .prepare("SELECT w.address, w.kind, m.permission FROM wallets w LEFT JOIN members m ON m.id = w.member_id")
    .all() as { address: string; kind: string; permission: string | null }[];
  const totals = { masterTotal: 0n, ownerTotal: 0n, userTotal: 0n };
  for (const w of wallets) {
    const b = ctx.view.balanceOf(w.address);
    if (w.kind !== "member") totals.masterTotal += b;
    else if (w.permission === "exchanger") totals.ownerTotal += b;
    else totals.userTotal += b;
  }
  return { masterTotal: Number(totals.masterTotal), ownerTotal: Number(totals.ownerTotal), userTotal: Number(totals.userTotal) };
}

function sums(ctx: AppContext) {
  const one = (sql: string) => (ctx.db.prepare(sql).get() as { n: number }).n;
  return {
    sell: one("SELECT COALESCE(SUM(value), 0) AS n FROM buy_orders WHERE state = 'confirmed'"),
    use: one("SELECT COALESCE(SUM(value), 0) AS n FROM transfers WHERE kind = 'use' AND status = 'confirmed'"),
    gift: one("SELECT COALESCE(SUM(value), 0) AS n FROM transfers WHERE kind = 'gift' AND status = 'confirmed'"),
    exchange: one("SELECT COALESCE(SUM(value), 0) AS n FROM transfers WHERE kind = 'settlement' AND status = 'confirmed'"),
    fees: one("SELECT COALESCE(SUM(fee), 0) AS n FROM transfers WHERE kind IN ('gift','use') AND status = 'confirmed'"),
    refunds: one("SELECT COALESCE(SUM(value), 0) AS n FROM transfers WHERE kind = 'settlement_return' AND status = 'confirmed'"),
  };
}

export function operationRoutes(ctx: AppContext): Router {
  const r = Router();

  // The 7 toolbar totals: only the full admin (permission 0) sees them.
  r.get("/api/operation/toolbar", adminGate(ctx), (_req, res) => {
    const s = sums(ctx);
    ok(res, { ...balanceTotals(ctx), sales: s.sell, refunds: s.refunds, gifts: s.gift, usage: s.use });
  });

  r.get("/api/operation/maindata", adminGate(ctx), (_req, res) => {
    const s = sums(ctx);
    const events = (kind: string) => ctx.view.tokenEvents({ kind: kind as "mint" | "burn", limit: 1 }).total;
    ok(res, {
      account_count: (ctx.db.prepare("SELECT COUNT(*) AS n FROM members").get() as { n: number }).n,
      sellSum: s.sell,
      useSum: s.use,
      giftSum: s.gift,
      exchangeSum: s.exchange,
      tokenBurnCount: events("burn"),
      tokenMintCount: events("mint"),
      tokenCommissionSum: s.fees,
    });
  });

  return r;
}
