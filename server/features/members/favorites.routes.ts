import type { Router } from "express";
import type { AppContext } from "../../context";
import { AppError, notFound } from "../../http/errors";
import { createRoutes } from "../../http/routes";
import { authOf } from "../../auth/middleware";
import type { Favorite } from "../../db/schema";
import { deleteFavorites, favoriteOf, favoritesOf, insertFavorite, setFavoriteChecked } from "./favorites.repo";
import { memberSelfApi as api } from "../../../domain/api/members";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";

const toItem = (f: Favorite) => ({ id: f.id, nickname: f.nickname, address: f.address, check: f.checked === 1, updatedAt: f.updated_at });

/** The address book (/info/address). Every query is scoped to the caller: other members' ids simply do not exist. */
export function favoriteRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);

  handle(api.favoriteCreate, async ({ body: { nickname, address } }, req) => {
    const me = authOf(req).member!;
    // A voucher address is a member's (or shop owner's) custodial wallet; operator wallets are not.
    const wallet = await ctx.custody.byAddress(address);
    // Code 401 is the spec's "not a voucher address"; HTTP 400 so clients do not read it as a lost session.
    if (wallet?.kind !== "member") throw new AppError(Code.UNAUTHORIZED, Msg.favoriteNotVoucher, undefined, 400);
    const id = await insertFavorite(ctx.db, me.id, nickname, wallet.address);
    if (id === undefined) throw new AppError(Code.BAD_REQUEST, Msg.favoriteExists);
    return toItem((await favoriteOf(ctx.db, me.id, id))!);
  });

  handle(api.favorites, async (_in, req) => {
    const rows = await favoritesOf(ctx.db, authOf(req).member!.id);
    return { list: rows.map(toItem) };
  });

  handle(api.favoriteCheck, async ({ body: { id, check } }, req) => {
    const me = authOf(req).member!;
    if (!(await setFavoriteChecked(ctx.db, me.id, id, check))) throw notFound();
    return toItem((await favoriteOf(ctx.db, me.id, id))!);
  });

  handle(api.favoriteDelete, async ({ body: { select_list } }, req) => {
    const deleted = await deleteFavorites(ctx.db, authOf(req).member!.id, select_list);
    return { deleted };
  });

  return router;
}
