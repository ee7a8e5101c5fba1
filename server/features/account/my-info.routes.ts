import { Router } from "express";
import type { AppContext } from "../../context";
import { ok } from "../../http/errors";
import { validate, valid } from "../../http/validate";
import { authOf, requireMember, type MemberRow } from "../../auth/middleware";
import { memberById, updateMemberProfile } from "../members/members.repo";
import { myInfoUpdateBody, type MyInfoUpdateBody } from "../../../domain/schemas/info";

/** What GET/PUT /api/info/myinfo answer: profile, custodial wallet and its spendable balance. */
async function myInfo(ctx: AppContext, member: MemberRow) {
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
  const r = Router();

  r.get("/api/info/myinfo", requireMember(ctx), async (req, res) => {
    ok(res, await myInfo(ctx, authOf(req).member!));
  });

  r.put("/api/info/myinfo", requireMember(ctx), validate(myInfoUpdateBody), async (req, res) => {
    const body = valid<MyInfoUpdateBody>(req).body;
    const me = authOf(req).member!;
    const next = {
      nickname: edit(body.nickname, me.nickname),
      email: edit(body.email, me.email),
      home_address: edit(body.address, me.home_address),
    };
    await updateMemberProfile(ctx.db, me.id, next);
    ok(res, await myInfo(ctx, (await memberById(ctx.db, me.id))!));
  });

  return r;
}
