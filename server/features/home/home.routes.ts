import type { Router } from "express";
import type { AppContext } from "../../context";
import { createRoutes } from "../../http/routes";
import { homeApi as api } from "../../../domain/api/home";
import { walletsWithOwnerPermission } from "../../custody/wallets.repo";
import { countMembers } from "../../records/members.repo";
import { confirmedSums } from "./home.repo";

/**
 * Sums of indexed balances by wallet owner type: operator wallets, shop owners, users. One read of the
 * wallets and one read of their balances (not one per wallet).
 */
async function balanceTotals(ctx: AppContext) {
  const wallets = await walletsWithOwnerPermission(ctx.db);
  const balances = await ctx.view.balancesOf(wallets.map((w) => w.address));
  const totals = { masterTotal: 0n, ownerTotal: 0n, userTotal: 0n };
  for (const w of wallets) {
    const b = balances.get(w.address) ?? 0n;
    if (w.kind !== "member") totals.masterTotal += b;
    else if (w.permission === "exchanger") totals.ownerTotal += b;
    else totals.userTotal += b;
  }
  return { masterTotal: Number(totals.masterTotal), ownerTotal: Number(totals.ownerTotal), userTotal: Number(totals.userTotal) };
}

export function homeRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);

  // The 7 toolbar totals: only the full admin (permission 0) sees them.
  handle(api.toolbar, async () => {
    const s = await confirmedSums(ctx.db);
    return { ...(await balanceTotals(ctx)), sales: s.sell, refunds: s.refundsPaid, gifts: s.gift, usage: s.use };
  });

  handle(api.mainData, async () => {
    const s = await confirmedSums(ctx.db);
    const events = async (kind: "mint" | "burn") => (await ctx.view.tokenEvents({ kind, limit: 1 })).total;
    return {
      account_count: await countMembers(ctx.db),
      sellSum: s.sell,
      useSum: s.use,
      giftSum: s.gift,
      exchangeSum: s.exchange,
      tokenBurnCount: await events("burn"),
      tokenMintCount: await events("mint"),
      tokenCommissionSum: s.fees,
    };
  });

  return router;
}
