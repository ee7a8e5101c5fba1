import { Router } from "express";
import type { AppContext } from "../context";
import { ok } from "../http/errors";
import { validate, valid } from "../http/validate";
import { authOf, requireMember, type MemberRow } from "../auth/middleware";
import { nowIso } from "../db/app-db";
import { myInfoUpdateBody, type MyInfoUpdateBody } from "../../domain/schemas/info";

/** What GET/PUT /api/info/myinfo answer: profile, custodial wallet and its spendable balance. */
function myInfo(ctx: AppContext, member: MemberRow) {
  const wallet = ctx.custody.memberWallet(member.id);
  const address = wallet?.address ?? null;
  return {
    username: member.username,
    address,
    balance: address ? ctx.outbox.spendable(address) : 0,
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
export function infoAccountRoutes(ctx: AppContext): Router {
  const r = Router();

  r.get("/api/info/myinfo", requireMember(ctx), (req, res) => {
    ok(res, myInfo(ctx, authOf(req).member!));
  });

  r.put("/api/info/myinfo", requireMember(ctx), validate(myInfoUpdateBody), (req, res) => {
    const body = valid<MyInfoUpdateBody>(req).body;
    const me = authOf(req).member!;
    const next = {
      nickname: edit(body.nickname, me.nickname),
      email: edit(body.email, me.email),
      home_address: edit(body.address, me.home_address),
    };
    ctx.db
      .prepare("UPDATE members SET nickname = ?, email = ?, home_address = ?, updated_at = ? WHERE id = ?")
      .run(next.nickname, next.email, next.home_address, nowIso(), me.id);
    ok(res, myInfo(ctx, ctx.db.prepare("SELECT * FROM members WHERE id = ?").get(me.id) as MemberRow));
  });

  return r;
}
