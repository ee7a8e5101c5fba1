import { sql, type Insertable } from "kysely";
import type { AppTx, MemberNotice, OutboundMessagesTable } from "../../db/schema";
import { pagedQuery } from "../../db/paged";
import type { Paged, TableHandler } from "../../../domain/schemas/shared/list";
import { MemberState } from "../../../domain/constants";

export interface NewNotice {
  member_id: number;
  kind: string;
  title: string;
  body: string;
  ref_type: string | null;
  ref_id: string | null;
  dedupe_key: string | null;
  created_at: string;
}

/** Stores a notice; undefined when one with the same dedupe key is already there (raised twice, stored once). */
export async function insertNotice(db: AppTx, n: NewNotice): Promise<MemberNotice | undefined> {
  return db
    .insertInto("member_notices")
    .values(n)
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Several notices in one statement (one commit instead of one each); the rows stored, without those whose dedupe key
 * was already used.
 */
export async function insertNotices(db: AppTx, ns: NewNotice[]): Promise<MemberNotice[]> {
  if (ns.length === 0) return [];
  return db
    .insertInto("member_notices")
    .values(ns)
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .returningAll()
    .execute();
}

/**
 * The same notice to every member who is not deleted (an operator's announcement), one statement whatever their
 * number; the count of rows stored.
 */
export async function insertNoticeForAll(
  db: AppTx,
  n: Omit<NewNotice, "member_id" | "dedupe_key"> & { dedupe_prefix: string },
): Promise<number> {
  const r = await db
    .insertInto("member_notices")
    .columns(["member_id", "kind", "title", "body", "ref_type", "ref_id", "dedupe_key", "created_at"])
    .expression((eb) =>
      eb
        .selectFrom("members")
        .where("state", "!=", MemberState.KICKED)
        .select((s) => [
          "id",
          s.val(n.kind).as("kind"),
          s.val(n.title).as("title"),
          s.val(n.body).as("body"),
          s.val(n.ref_type).as("ref_type"),
          s.val(n.ref_id).as("ref_id"),
          sql<string>`${n.dedupe_prefix} || cast(${sql.ref("members.id")} as text)`.as("dedupe_key"),
          s.val(n.created_at).as("created_at"),
        ]),
    )
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0);
}

export async function noticesPage(db: AppTx, memberId: number, page: number, perPage: number) {
  const base = db.selectFrom("member_notices").where("member_id", "=", memberId);
  const [count, unread, list] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    unreadCount(db, memberId),
    base
      .selectAll()
      .orderBy("id", "desc")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
  ]);
  return { total: Number(count.n), unread, list };
}

export async function unreadCount(db: AppTx, memberId: number): Promise<number> {
  const r = await db
    .selectFrom("member_notices")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("member_id", "=", memberId)
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Marks the member's own notices read (another member's ids are left alone). */
export async function markRead(db: AppTx, memberId: number, ids: number[] | "all", at: string): Promise<void> {
  let q = db.updateTable("member_notices").set({ read_at: at }).where("member_id", "=", memberId).where("read_at", "is", null);
  if (ids !== "all") q = q.where("id", "in", ids);
  await q.execute();
}

export async function noticeByKey(db: AppTx, key: string): Promise<MemberNotice | undefined> {
  return db.selectFrom("member_notices").selectAll().where("dedupe_key", "=", key).executeTakeFirst();
}

export type NewOutbound = Insertable<OutboundMessagesTable>;

/** Records several messages in one statement. */
export async function insertOutbounds(db: AppTx, ms: NewOutbound[]): Promise<void> {
  if (ms.length > 0) await db.insertInto("outbound_messages").values(ms).execute();
}

export async function insertOutbound(db: AppTx, m: NewOutbound): Promise<void> {
  await insertOutbounds(db, [m]);
}

export async function outboundPage(db: AppTx, q: TableHandler<"id">): Promise<Paged<Record<string, unknown>>> {
  return pagedQuery(
    db,
    db.selectFrom("outbound_messages"),
    (qb) => qb.select(["id", "channel", "template", "to_masked", "body", "provider", "status", "created_at"]),
    q,
    { id: "id" },
    "id",
  );
}
