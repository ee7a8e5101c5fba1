import type { AppTx, MemberPermission, MemberState } from "../../db/schema";
import { nowIso } from "../../db/app-db";
import { pagedQuery } from "../../db/paged";
import type { MemberListRequest } from "../../../domain/schemas/members";
import type { Paged } from "../../../domain/schemas/shared/list";

/** A member row of the back-office list, before holdings (which live in the chain store). */
export interface MemberAdminRow {
  id: number;
  username: string;
  permission: MemberPermission;
  phonenumber: string;
  state: MemberState;
  nickname: string | null;
  email: string | null;
  address: string | null;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
}

const SORT = { createdAt: "m.created_at", id: "m.id", username: "m.username", phonenumber: "m.phonenumber" } as const;

/** FROM and filters of the member list: keyword in name, phone or wallet address; state; grade. */
function filtered(db: AppTx, q: Pick<MemberListRequest, "keyword" | "state" | "permission">) {
  let base = db.selectFrom("members as m");
  if (q.state) base = base.where("m.state", "=", q.state);
  if (q.permission) base = base.where("m.permission", "=", q.permission);
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[\\%_]/g, "")}%`;
    const digits = q.keyword.replace(/\D/g, "");
    base = base.where((eb) =>
      eb.or([
        eb("m.username", "like", like),
        ...(digits.length >= 3 ? [eb("m.phonenumber", "like", `%${digits}%`)] : []),
        eb.exists(
          eb
            .selectFrom("wallets as w")
            .select("w.id")
            .whereRef("w.member_id", "=", "m.id")
            .where((e) => e(e.fn("lower", ["w.address"]), "=", q.keyword!.toLowerCase())),
        ),
      ]),
    );
  }
  return base;
}

const columns = (qb: ReturnType<typeof filtered>) =>
  qb.select([
    "m.id",
    "m.username",
    "m.permission",
    "m.phonenumber",
    "m.state",
    "m.nickname",
    "m.email",
    "m.home_address as address",
    "m.created_at as createdAt",
    "m.updated_at as updatedAt",
    "m.closed_at as closedAt",
  ]);

export async function listMembers(db: AppTx, q: MemberListRequest): Promise<Paged<MemberAdminRow>> {
  return pagedQuery(db, filtered(db, q), columns, q, SORT, "m.id");
}

/** The whole filtered list in id order, a batch at a time (keyset), for the download: memory stays flat. */
export async function* streamMembers(
  db: AppTx,
  q: Pick<MemberListRequest, "keyword" | "state" | "permission">,
  batch = 1000,
): AsyncGenerator<MemberAdminRow[]> {
  let after = 0;
  for (;;) {
    const rows = await columns(filtered(db, q)).where("m.id", ">", after).orderBy("m.id").limit(batch).execute();
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1].id;
  }
}

export async function walletsOfMembers(db: AppTx, ids: number[]): Promise<{ member_id: number; address: string }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("wallets")
    .select(["member_id", "address"])
    .where("kind", "=", "member")
    .where("member_id", "in", ids)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ member_id: Number(r.member_id), address: r.address }));
}

export async function memberAdminRow(db: AppTx, id: number): Promise<MemberAdminRow | undefined> {
  return columns(db.selectFrom("members as m")).where("m.id", "=", id).executeTakeFirst();
}

/** Totals of the member detail: confirmed purchases and confirmed uses, in won. */
export async function memberTotals(db: AppTx, id: number): Promise<{ totalPurchased: number; totalUsed: number }> {
  const [buy, used] = await Promise.all([
    db
      .selectFrom("buy_orders")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>("value"), eb.lit(0)).as("n"))
      .where("member_id", "=", id)
      .where("state", "=", "confirmed")
      .executeTakeFirst(),
    db
      .selectFrom("outbox_transfers")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>("value"), eb.lit(0)).as("n"))
      .where("member_id", "=", id)
      .where("kind", "=", "use")
      .where("status", "=", "confirmed")
      .executeTakeFirst(),
  ]);
  return { totalPurchased: Number(buy?.n ?? 0), totalUsed: Number(used?.n ?? 0) };
}

/** The member's wallet history, newest first: buy orders and the moves it sent or received. */
export async function memberHistory(db: AppTx, id: number, limit = 100) {
  const [buys, moves] = await Promise.all([
    db
      .selectFrom("buy_orders")
      .select(["order_no", "value", "state", "created_at", "expires_at"])
      .where("member_id", "=", id)
      .orderBy("id", "desc")
      .limit(limit)
      .execute(),
    db
      .selectFrom("outbox_transfers")
      .select(["id", "kind", "value", "status", "member_id", "created_at"])
      .where((eb) => eb.or([eb("member_id", "=", id), eb("counterparty_member_id", "=", id)]))
      // Buys are listed from their orders; every other move as it is.
      .where("kind", "!=", "buy")
      .orderBy("id", "desc")
      .limit(limit)
      .execute(),
  ]);
  return { buys, moves };
}

export async function setMemberPermission(db: AppTx, id: number, permission: MemberPermission): Promise<MemberPermission | undefined> {
  const before = await db.selectFrom("members").select("permission").where("id", "=", id).executeTakeFirst();
  if (!before) return undefined;
  await db.updateTable("members").set({ permission, updated_at: nowIso() }).where("id", "=", id).execute();
  return before.permission;
}
