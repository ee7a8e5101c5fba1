import { ethers } from "ethers";
import type { AppContext } from "../context";
import { nowIso } from "../db/app-db";
import { hashPassword } from "../auth/passwords";
import type { MemberRow } from "../auth/middleware";

export interface NewMember {
  phonenumber: string;
  username: string;
  password: string;
  birth?: string | null;
  carrier?: string | null;
  permission?: MemberRow["permission"];
  nickname?: string | null;
  email?: string | null;
}

/** Creates a member and its custodial wallet in one transaction. Throws on a duplicate phone. */
export async function createMember(ctx: Pick<AppContext, "db" | "custody">, m: NewMember): Promise<MemberRow & { address: string }> {
  const hash = await hashPassword(m.password);
  return ctx.db.transaction(() => {
    const now = nowIso();
    const info = ctx.db
      .prepare(
        `INSERT INTO members (phonenumber, username, birth, carrier, password_hash, nickname, email, permission, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(m.phonenumber, m.username, m.birth ?? null, m.carrier ?? null, hash, m.nickname ?? null, m.email ?? null, m.permission ?? "user", now, now);
    const id = Number(info.lastInsertRowid);
    const wallet = ctx.custody.createWallet("member", { memberId: id });
    const row = ctx.db.prepare("SELECT * FROM members WHERE id = ?").get(id) as MemberRow;
    return { ...row, address: wallet.address };
  })();
}

export function memberByPhone(ctx: Pick<AppContext, "db">, phone: string): MemberRow | undefined {
  return ctx.db.prepare("SELECT * FROM members WHERE phonenumber = ?").get(phone) as MemberRow | undefined;
}

/** The member that owns a custodial wallet address, if any. */
export function memberByAddress(ctx: Pick<AppContext, "db">, address: string): (MemberRow & { address: string }) | undefined {
  if (!ethers.isAddress(address)) return undefined;
  return ctx.db
    .prepare("SELECT m.*, w.address AS address FROM wallets w JOIN members m ON m.id = w.member_id WHERE w.address = ? AND w.kind = 'member'")
    .get(ethers.getAddress(address)) as (MemberRow & { address: string }) | undefined;
}
