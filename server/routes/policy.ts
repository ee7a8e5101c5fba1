import { Router } from "express";
import type { AppContext } from "../context";
import { notFound, ok } from "../http/errors";
import { validate, valid } from "../http/validate";
import { policyParams } from "../../domain/schemas/info";

interface PolicyRow {
  id: number;
  content: string;
  state: number;
  created_at: string;
  updated_at: string;
}

/** The three policies (1 terms, 2 privacy, 3 voucher terms), public. Content is operator HTML, sanitised when written. */
export function policyRoutes(ctx: AppContext): Router {
  const r = Router();
  r.get("/api/policy/:id", validate(policyParams, "params"), (req, res) => {
    const { id } = valid<unknown, { id: number }>(req).params;
    const p = ctx.db.prepare("SELECT * FROM policies WHERE id = ?").get(id) as PolicyRow | undefined;
    if (!p) throw notFound();
    ok(res, { id: p.id, content: p.content, createdAt: p.created_at, state: p.state, updatedAt: p.updated_at });
  });
  return r;
}
