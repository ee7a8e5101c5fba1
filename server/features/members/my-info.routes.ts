import type { Router } from "express";
import type { AppContext } from "../../context";
import { createRoutes } from "../../http/routes";
import { authOf, type MemberRow } from "../../auth/middleware";
import { memberById, updateMemberProfile } from "../../records/members.repo";
import { memberSelfApi } from "../../../domain/api/members";
import type { MyInfo } from "../../../domain/schemas/members";

/** What GET/PUT /api/info/myinfo answer: profile, custodial wallet and its spendable balance. */
async function myInfo(ctx: AppContext, member: MemberRow): Promise<MyInfo> {
  const wallet = await ctx.custody.memberWallet(member.id);
  const address = wallet?.address ?? null;
  return {
    username: member.username,
    address,
    balance: address ? await ctx.outbox.spendable(address) : 0,
    nickname: member.nickname,
    email: member.email,
    phonenumber: member.phonenumber,
    homeAddress: member.home_address,
    wallets: address ? [{ address }] : [],
  };
}

/** A field left out of the body keeps its value; null or blank text clears it. */
const edit = (sent: string | null | undefined, current: string | null) => (sent === undefined ? current : sent?.trim() || null);

/** My info (/info/detail): the member's own profile. */
export function myInfoRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);

  handle(memberSelfApi.myInfo, async (_in, req) => myInfo(ctx, authOf(req).member!));

  handle(memberSelfApi.myInfoUpdate, async ({ body }, req) => {
    const me = authOf(req).member!;
    const next = {
      nickname: edit(body.nickname, me.nickname),
      email: edit(body.email, me.email),
      home_address: edit(body.address, me.home_address),
    };
    await updateMemberProfile(ctx.db, me.id, next);
    return myInfo(ctx, (await memberById(ctx.db, me.id))!);
  });

  return router;
}
