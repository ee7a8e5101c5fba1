import express, { type Router } from "express";
import type { AppContext } from "../../context";
import { rawBodyOf } from "../../http/raw-body";
import { SIGNATURE_HEADER, verifySignature } from "../../providers/bank/signature";
import { bankEventSchema } from "../../providers/bank/events";
import { handleBankEvent } from "./money-in.service";

/**
 * `POST /api/bank/callback`: the bank's signed notices (server/providers/bank/README.md). Refused with 401 and
 * logged, changing nothing: no signature, a wrong one, a timestamp outside the window. A seen event id answers 200
 * (the bank may stop sending it) and changes nothing. 200 means recorded: the bank retries anything else.
 */
export function bankCallbackRoutes(ctx: AppContext): Router {
  const r = express.Router();
  r.post("/api/bank/callback", async (req, res) => {
    const raw = rawBodyOf(req);
    const verdict = raw ? verifySignature(ctx.config.bank.callbackSecret, req.get(SIGNATURE_HEADER), raw) : "missing";
    if (verdict !== "ok") {
      ctx.log.warn({ verdict, ip: req.ip }, "bank callback refused: signature");
      res.status(401).json({ received: false, reason: verdict });
      return;
    }
    const parsed = bankEventSchema.safeParse(req.body);
    if (!parsed.success) {
      ctx.log.warn({ ip: req.ip }, "bank callback refused: body");
      res.status(400).json({ received: false, reason: "body" });
      return;
    }
    const outcome = await handleBankEvent(ctx, parsed.data, raw!.toString("utf8"));
    if (outcome === "duplicate") ctx.log.warn({ eventId: parsed.data.eventId }, "bank callback refused: event seen before");
    else ctx.log.info({ eventId: parsed.data.eventId, type: parsed.data.type, outcome }, "bank callback");
    res.json({ received: true, outcome });
  });
  return r;
}
