import type { Router } from "express";
import type { AppContext } from "../../context";
import { badRequest, notFound } from "../../http/errors";
import { createRoutes } from "../../http/routes";
import { rateLimit } from "../../http/rate-limit";
import { marketAddresses } from "./partner.repo";
import { partnerApi as api } from "../../../domain/api/partner";
import type { PartnerPayment } from "../../../domain/schemas/partner";
import { Msg } from "../../../domain/messages";
import type { TransferRecord } from "../../../indexer/reader";

const toPayment = (t: TransferRecord, head: number | null): PartnerPayment => ({
  txHash: t.txHash,
  logIndex: t.logIndex,
  to: t.to,
  payer: t.from,
  amount: t.value.toString(),
  blockNumber: t.blockNumber,
  confirmations: head === null ? 0 : Math.max(0, head - t.blockNumber + 1),
  timestamp: t.timestamp.toISOString(),
});

/** The partner marketplace's read-only API (docs/partner-api.md). */
export function partnerRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  // Counted before the key check, as every client's calls are.
  const limited = { pre: [rateLimit(ctx, { windowMs: 60_000, max: 120 })] };

  handle(api.partnerPayments, limited, async ({ query: q }) => {
    const markets = await marketAddresses(ctx.db);
    const lower = q.address?.toLowerCase();
    const targets = lower ? markets.filter((a) => a.toLowerCase() === lower) : markets;
    if (lower && targets.length === 0) throw badRequest(Msg.notMarketAddress);
    const from = q.since ? new Date(q.since) : new Date(Date.now() - 24 * 3600_000);
    const [received, head] = await Promise.all([ctx.view.receivedBy(targets, { from, limit: q.limit }), ctx.view.indexedHead()]);
    const payments = received.map((t) => toPayment(t, head?.number ?? null));
    return { payments };
  });

  handle(api.partnerPayment, limited, async ({ params: { txHash } }) => {
    const markets = new Set((await marketAddresses(ctx.db)).map((a) => a.toLowerCase()));
    const [transfers, head] = await Promise.all([ctx.view.transfersByTx(txHash), ctx.view.indexedHead()]);
    const paid = transfers.find((t) => markets.has(t.to.toLowerCase()));
    if (!paid) throw notFound();
    return toPayment(paid, head?.number ?? null);
  });

  return router;
}
