import crypto from "node:crypto";
import { sql } from "kysely";
import type { Config } from "../config";
import { checksumAddress, isAddress } from "../../chain/checksum";
import { cutSessions } from "../auth/auth.repo";
import type { AppDb, AppTx, Member, MemberPermission } from "../db/schema";
import { hotQuery } from "../../db/hot";
import { nowIso } from "../db/app-db";
import { MemberState } from "../../domain/constants";

/** A member as the API sees it: everything but the password hash. */
export type MemberRow = Omit<Member, "password_hash" | "closed_phone_hash">;

const publicColumns = [
  "id",
  "phonenumber",
  "username",
  "birth",
  "carrier",
  "nickname",
  "email",
  "home_address",
  "state",
  "permission",
  "is_app",
  "created_at",
  "updated_at",
  "closed_at",
] as const;

const memberColumns = publicColumns.map((c) => `members.${c}` as const);

// Asked on every signed-in member request and every gift: compiled once (db/hot.ts).
const memberByIdQuery = hotQuery((db: AppDb, id: number) => db.selectFrom("members").select(publicColumns).where("id", "=", id));
const passwordHashQuery = hotQuery((db: AppDb, id: number) => db.selectFrom("members").select("password_hash").where("id", "=", id));
const memberByAddressQuery = hotQuery((db: AppDb, address: string) =>
  db
    .selectFrom("wallets")
    .innerJoin("members", "members.id", "wallets.member_id")
    .select([...memberColumns, "wallets.address"])
    .where("wallets.address", "=", address)
    .where("wallets.kind", "=", "member"),
);

export async function memberById(db: AppTx, id: number): Promise<MemberRow | undefined> {
  return (await memberByIdQuery(db, id))[0];
}

/** Several members by id, in one statement (ids not found are absent from the map). */
export async function membersByIds(db: AppTx, ids: number[]): Promise<Map<number, MemberRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom("members").select(publicColumns).where("id", "in", unique).execute();
  return new Map(rows.map((r) => [Number(r.id), r]));
}

export async function memberByPhone(db: AppTx, phone: string): Promise<MemberRow | undefined> {
  return db.selectFrom("members").select(publicColumns).where("phonenumber", "=", phone).executeTakeFirst();
}

/**
 * The login record of a phone: the member and its password hash; without an account on that phone, the latest
 * account closed with it (found by `closedPhoneHash`, its state kickOut and `closed_at` set), so that a login with
 * its password is told the account is closed.
 */
export async function memberLogin(
  db: AppTx,
  phone: string,
  closedPhoneHash?: string,
): Promise<(MemberRow & { password_hash: string }) | undefined> {
  const open = await db
    .selectFrom("members")
    .select([...publicColumns, "password_hash"])
    .where("phonenumber", "=", phone)
    .executeTakeFirst();
  if (open || closedPhoneHash === undefined) return open;
  return db
    .selectFrom("members")
    .select([...publicColumns, "password_hash"])
    .where("closed_phone_hash", "=", closedPhoneHash)
    .orderBy("closed_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

export async function memberPasswordHash(db: AppTx, id: number): Promise<string | undefined> {
  const [r] = await passwordHashQuery(db, id);
  return r?.password_hash;
}

/** The member that owns a custodial member wallet, with that address. */
export async function memberByAddress(db: AppTx, address: string): Promise<(MemberRow & { address: string }) | undefined> {
  if (!isAddress(address)) return undefined;
  return (await memberByAddressQuery(db, checksumAddress(address)))[0];
}

export interface NewMemberRecord {
  phonenumber: string;
  username: string;
  password_hash: string;
  birth?: string | null;
  carrier?: string | null;
  permission?: MemberPermission;
  nickname?: string | null;
  email?: string | null;
}

export async function insertMember(db: AppTx, m: NewMemberRecord): Promise<number> {
  const now = nowIso();
  const r = await db
    .insertInto("members")
    .values({
      phonenumber: m.phonenumber,
      username: m.username,
      birth: m.birth ?? null,
      carrier: m.carrier ?? null,
      password_hash: m.password_hash,
      nickname: m.nickname ?? null,
      email: m.email ?? null,
      permission: m.permission ?? "user",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function setMemberPassword(db: AppTx, id: number, passwordHash: string): Promise<void> {
  await db.updateTable("members").set({ password_hash: passwordHash, updated_at: nowIso() }).where("id", "=", id).execute();
}

export async function updateMemberProfile(
  db: AppTx,
  id: number,
  p: { nickname: string | null; email: string | null; home_address: string | null },
): Promise<void> {
  await db
    .updateTable("members")
    .set({ ...p, updated_at: nowIso() })
    .where("id", "=", id)
    .execute();
}

/**
 * Sets a member's state and returns the one before (undefined: no such member). A change away from 'repair'
 * (suspension, kick-out) also ends every session the member holds: reinstated later, they sign in again.
 */
export async function setMemberState(db: AppTx, id: number, state: MemberState): Promise<MemberState | undefined> {
  const before = await db.selectFrom("members").select("state").where("id", "=", id).executeTakeFirst();
  if (!before) return undefined;
  await db.updateTable("members").set({ state, updated_at: nowIso() }).where("id", "=", id).execute();
  if (state !== MemberState.NORMAL) await cutSessions(db, `m:${id}`);
  return before.state;
}

export async function countMembers(db: AppTx): Promise<number> {
  const r = await db
    .selectFrom("members")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Won of pending and confirmed orders a member created in [start, end). */
export async function orderedBetween(db: AppTx, memberId: number, start: string, end: string): Promise<number> {
  const r = await db
    .selectFrom("buy_orders")
    .select(sql<number | string>`COALESCE(SUM(value), 0)`.as("n"))
    .where("member_id", "=", memberId)
    .where("state", "in", ["pending", "confirmed"])
    .where("created_at", ">=", start)
    .where("created_at", "<", end)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * What a closed account keeps of its phone: HMAC-SHA256 with PIN_KEY (a keyed hash: without the key the few
 * hundred million mobile numbers cannot be tried against it). A login with that phone finds the closed account by it
 * and, with its password, is told '탈퇴한 회원입니다.'.
 */
export const closedPhoneHash = (ctx: { config: Pick<Config, "pinKey"> }, phone: string): string =>
  crypto.createHmac("sha256", ctx.config.pinKey).update(`closed-phone:${phone}`).digest("base64url");
