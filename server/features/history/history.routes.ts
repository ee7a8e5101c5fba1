import type { Router } from "express";
import { ethers } from "ethers";
import type { AppContext } from "../../context";
import { authOf } from "../../auth/middleware";
import { AppError } from "../../http/errors";
import { createRoutes } from "../../http/routes";
import { rateLimit } from "../../http/rate-limit";
import { memberByAddress, memberByPhone } from "../../records/members.repo";
import { historyPage } from "./history.service";
import { historyApi as api } from "../../../domain/api/history";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { MemberState } from "../../../domain/constants";

export function historyRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);

  handle(api.balance, async (_in, req) => {
    const address = (await ctx.custody.memberWallet(authOf(req).member!.id))!.address;
    const [balance, pending] = await Promise.all([ctx.outbox.spendable(address), ctx.outbox.pendingOutgoing(address)]);
    return { balance, pending };
  });

  // Recipient lookup for a gift, by phone or by wallet address. Not found is code 500 (spec), HTTP 404.
  // Recipient lookups reveal names behind phone numbers and addresses: 30 a minute per member.
  const lookupLimiter = rateLimit(ctx, { windowMs: 60_000, max: 30, per: "account" });
  handle(api.userLookup, { afterAccess: [lookupLimiter] }, async ({ body }, req) => {
    const byPhone = Boolean(body.phonenumber);
    const found = byPhone
      ? await memberByPhone(ctx.db, body.phonenumber!.replace(/\D/g, ""))
      : await memberByAddress(ctx.db, body.address ?? "");
    const notFound = new AppError(Code.SERVER_ERROR, byPhone ? Msg.recipientPhoneNotFound : Msg.recipientAddressNotFound, undefined, 404);
    if (!found || found.state === MemberState.KICKED) throw notFound;
    // Refused here, before the confirm step and the password (it would fail there anyway).
    if (found.id === authOf(req).member!.id) throw new AppError(Code.GIFT_TO_SELF, Msg.giftToSelf);
    const address = (await ctx.custody.memberWallet(found.id))?.address;
    if (!address) throw notFound;
    return {
      address: ethers.getAddress(address),
      username: found.username,
      phonenumber: maskPhone(found.phonenumber),
      isApp: Boolean(found.is_app),
    };
  });

  handle(api.history, async ({ body }, req) => historyPage(ctx, authOf(req).member!.id, body));

  return router;
}

/** 01012345678 → 010-****-5678: a lookup confirms the person without exposing the whole number. */
export function maskPhone(phone: string): string {
  return phone.length >= 10 ? `${phone.slice(0, 3)}-****-${phone.slice(-4)}` : phone;
}
