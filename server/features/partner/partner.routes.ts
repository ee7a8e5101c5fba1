import { Router } from "express";
import { requireApiKey } from "../apikey/partner-key";
import type { AppContext } from "../../context";
import { AppError, badRequest, notFound, ok } from "../../http/errors";
import { valid, validate } from "../../http/validate";
import { rateLimit } from "../../http/rate-limit";
import { apiKeyByHash } from "../apikey/apikey.repo";
import { hashApiKey } from "../apikey/keys";
import { marketAddresses } from "./partner.repo";
import { partnerPaymentsQuery, partnerTxParams, type PartnerPayment, type PartnerPaymentsQuery } from "../../../domain/schemas/partner";
import { Code } from "../../../domain/codes";
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
  const r = Router();
  const gate = [rateLimit({ windowMs: 60_000, max: 120 }), requireApiKey(ctx)];

  r.get("/api/partner/payments", ...gate, validate(partnerPaymentsQuery, "query"), async (req, res) => {
    const q = valid<unknown, unknown, PartnerPaymentsQuery>(req).query;
    const markets = await marketAddresses(ctx.db);
    const lower = q.address?.toLowerCase();
    const targets = lower ? markets.filter((a) => a.toLowerCase() === lower) : markets;
    if (lower && targets.length === 0) throw badRequest(Msg.notMarketAddress);
    const from = q.since ? new Date(q.since) : new Date(Date.now() - 24 * 3600_000);
    const [received, head] = await Promise.all([ctx.view.receivedBy(targets, { from, limit: q.limit }), ctx.view.indexedHead()]);
    const payments = received.map((t) => toPayment(t, head?.number ?? null));
    ok(res, { payments });
  });

  r.get("/api/partner/payments/:txHash", ...gate, validate(partnerTxParams, "params"), async (req, res) => {
    const { txHash } = valid<unknown, { txHash: string }>(req).params;
    const markets = new Set((await marketAddresses(ctx.db)).map((a) => a.toLowerCase()));
    const [transfers, head] = await Promise.all([ctx.view.transfersByTx(txHash), ctx.view.indexedHead()]);
    const paid = transfers.find((t) => markets.has(t.to.toLowerCase()));
    if (!paid) throw notFound();
    ok(res, toPayment(paid, head?.number ?? null));
  });

  return r;
}
