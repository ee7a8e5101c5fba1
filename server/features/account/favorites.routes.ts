import { Router } from "express";
import type { AppContext } from "../../context";
import { AppError, notFound, ok } from "../../http/errors";
import { validate, valid } from "../../http/validate";
import { authOf, requireMember } from "../../auth/middleware";
import type { Favorite } from "../../db/schema";
import { deleteFavorites, favoriteOf, favoritesOf, insertFavorite, setFavoriteChecked } from "./favorites.repo";
import {
  favoriteCheckBody,
  favoriteCreateBody,
  favoriteDeleteBody,
  type FavoriteCheckBody,
  type FavoriteCreateBody,
  type FavoriteDeleteBody,
} from "../../../domain/schemas/info";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";

const toItem = (f: Favorite) => ({ id: f.id, nickname: f.nickname, address: f.address, check: f.checked === 1, updatedAt: f.updated_at });

/** The address book (/info/address). Every query is scoped to the caller: other members' ids simply do not exist. */
export function favoriteRoutes(ctx: AppContext): Router {
  const r = Router();

  r.post("/api/favorite", requireMember(ctx), validate(favoriteCreateBody), async (req, res) => {
    const { nickname, address } = valid<FavoriteCreateBody>(req).body;
    const me = authOf(req).member!;
    // A voucher address is a member's (or shop owner's) custodial wallet; operator wallets are not.
    const wallet = await ctx.custody.byAddress(address);
    // Code 401 is the spec's "not a voucher address"; HTTP 400 so clients do not read it as a lost session.
    if (!wallet || wallet.kind !== "member") throw new AppError(Code.UNAUTHORIZED, Msg.favoriteNotVoucher, undefined, 400);
    const id = await insertFavorite(ctx.db, me.id, nickname, wallet.address);
    if (id === undefined) throw new AppError(Code.BAD_REQUEST, Msg.favoriteExists);
    ok(res, toItem((await favoriteOf(ctx.db, me.id, id))!));
  });

  r.get("/api/favorite", requireMember(ctx), async (req, res) => {
    const rows = await favoritesOf(ctx.db, authOf(req).member!.id);
    ok(res, { list: rows.map(toItem) });
  });

  r.put("/api/favorite/check", requireMember(ctx), validate(favoriteCheckBody), async (req, res) => {
    const { id, check } = valid<FavoriteCheckBody>(req).body;
    const me = authOf(req).member!;
    if (!(await setFavoriteChecked(ctx.db, me.id, id, check))) throw notFound();
    ok(res, toItem((await favoriteOf(ctx.db, me.id, id))!));
  });

  r.delete("/api/favorite", requireMember(ctx), validate(favoriteDeleteBody), async (req, res) => {
    const { select_list } = valid<FavoriteDeleteBody>(req).body;
    const deleted = await deleteFavorites(ctx.db, authOf(req).member!.id, select_list);
    ok(res, { deleted });
  });

  return r;
}
