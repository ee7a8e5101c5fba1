import { Router } from "express";
import type { AppContext } from "../context";
import { notFound, ok } from "../http/errors";
import { validate, valid } from "../http/validate";
import { policyParams } from "../../domain/schemas/info";
import { policyById } from "../policies/policies.repo";

/** The three policies (1 terms, 2 privacy, 3 voucher terms), public. Content is operator HTML, sanitised when written. */
export function policyRoutes(ctx: AppContext): Router {
  const r = Router();
  r.get("/api/policy/:id", validate(policyParams, "params"), async (req, res) => {
    const { id } = valid<unknown, { id: number }>(req).params;
    const p = await policyById(ctx.db, id);
    if (!p) throw notFound();
    ok(res, { id: p.id, content: p.content, createdAt: p.created_at, state: p.state, updatedAt: p.updated_at });
  });
  return r;
}
