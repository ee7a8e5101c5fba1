import { Router } from "express";
import type { AppContext } from "../context";
import { AppError, notFound, ok } from "../http/errors";
import { validate, valid } from "../http/validate";
import { authOf, requireMember } from "../auth/middleware";
import { nowIso } from "../db/app-db";
import {
  favoriteCheckBody,
  favoriteCreateBody,
  favoriteDeleteBody,
  type FavoriteCheckBody,
  type FavoriteCreateBody,
  type FavoriteDeleteBody,
} from "../../domain/schemas/info";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";

interface FavoriteRow {
  id: number;
  member_id: number;
  nickname: string;
  address: string;
  checked: number;
  created_at: string;
  updated_at: string;
}

const toItem = (f: FavoriteRow) => ({ id: f.id, nickname: f.nickname, address: f.address, check: f.checked === 1, updatedAt: f.updated_at });

/** The address book (/info/address). Every query is scoped to the caller: other members' ids simply do not exist. */
export function favoriteRoutes(ctx: AppContext): Router {
  const r = Router();
  const own = (memberId: number, id: number) =>
    ctx.db.prepare("SELECT * FROM favorites WHERE id = ? AND member_id = ?").get(id, memberId) as FavoriteRow | undefined;

  r.post("/api/favorite", requireMember(ctx), validate(favoriteCreateBody), (req, res) => {
    const { nickname, address } = valid<FavoriteCreateBody>(req).body;
    const me = authOf(req).member!;
    // A voucher address is a member's (or shop owner's) custodial wallet; operator wallets are not.
    const wallet = ctx.custody.byAddress(address);
    // Code 401 is the spec's "not a voucher address"; HTTP 400 so clients do not read it as a lost session.
    if (!wallet || wallet.kind !== "member") throw new AppError(Code.UNAUTHORIZED, Msg.favoriteNotVoucher, undefined, 400);
    const now = nowIso();
    const info = ctx.db
      .prepare(
        `INSERT INTO favorites (member_id, nickname, address, checked, created_at, updated_at) VALUES (?, ?, ?, 0, ?, ?)
         ON CONFLICT (member_id, address) DO NOTHING`,
      )
      .run(me.id, nickname, wallet.address, now, now);
    if (info.changes === 0) throw new AppError(Code.BAD_REQUEST, Msg.favoriteExists);
    ok(res, toItem(own(me.id, Number(info.lastInsertRowid))!));
  });

  r.get("/api/favorite", requireMember(ctx), (req, res) => {
    const rows = ctx.db
      .prepare("SELECT * FROM favorites WHERE member_id = ? ORDER BY checked DESC, updated_at DESC, id DESC")
      .all(authOf(req).member!.id) as FavoriteRow[];
    ok(res, { list: rows.map(toItem) });
  });

  r.put("/api/favorite/check", requireMember(ctx), validate(favoriteCheckBody), (req, res) => {
    const { id, check } = valid<FavoriteCheckBody>(req).body;
    const me = authOf(req).member!;
    const changed = ctx.db
      .prepare("UPDATE favorites SET checked = ?, updated_at = ? WHERE id = ? AND member_id = ?")
      .run(check ? 1 : 0, nowIso(), id, me.id).changes;
    if (changed === 0) throw notFound();
    ok(res, toItem(own(me.id, id)!));
  });

  r.delete("/api/favorite", requireMember(ctx), validate(favoriteDeleteBody), (req, res) => {
    const { select_list } = valid<FavoriteDeleteBody>(req).body;
    const me = authOf(req).member!;
    const del = ctx.db.prepare("DELETE FROM favorites WHERE id = ? AND member_id = ?");
    const deleted = ctx.db.transaction(() => select_list.reduce((n, id) => n + del.run(id, me.id).changes, 0))();
    ok(res, { deleted });
  });

  return r;
}
