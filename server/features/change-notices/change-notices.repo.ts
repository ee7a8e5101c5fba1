import { sql } from "kysely";
import type { AppTx } from "../../db/schema";
import type { ChangeKind } from "../../../domain/policy/change-notice";
import { MemberState } from "../../../domain/constants";

/** The SQL of notices of change (README.md): the changes, the members each concerns, the counts operators see. */

export const changeById = (db: AppTx, id: number) =>
  db
    .selectFrom("change_notices as c")
    .leftJoin("merchants as m", "m.id", "c.merchant_id")
    .selectAll("c")
    .select("m.name as merchant_name")
    .where("c.id", "=", id)
    .executeTakeFirst();
export type ChangeRecord = NonNullable<Awaited<ReturnType<typeof changeById>>>;

export const allChanges = (db: AppTx) =>
  db
    .selectFrom("change_notices as c")
    .leftJoin("merchants as m", "m.id", "c.merchant_id")
    .selectAll("c")
    .select("m.name as merchant_name")
    .orderBy("c.id", "desc")
    .limit(500)
    .execute();

/** Per change: members it concerns, those told of its current version, refunds taken under its right since it was posted. */
export async function changeCounts(db: AppTx, ids: number[]) {
  const out = new Map<number, { recipients: number; told: number; refunds: number }>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom("change_notice_members as r")
    .innerJoin("change_notices as c", "c.id", "r.change_id")
    .select((eb) => [
      "r.change_id",
      eb.fn.countAll<number>().as("recipients"),
      eb.fn.sum<number>(sql`CASE WHEN r.told_version = c.version THEN 1 ELSE 0 END`).as("told"),
      eb.fn
        .sum<number>(
          sql`CASE WHEN EXISTS (SELECT 1 FROM refund_orders o WHERE o.member_id = r.member_id AND o.rule = 'notice'
            AND o.state <> 'failed' AND o.created_at >= c.posted_at) THEN 1 ELSE 0 END`,
        )
        .as("refunds"),
    ])
    .where("r.change_id", "in", ids)
    .groupBy("r.change_id")
    .execute();
  for (const r of rows)
    out.set(Number(r.change_id), { recipients: Number(r.recipients), told: Number(r.told ?? 0), refunds: Number(r.refunds ?? 0) });
  return out;
}

/**
 * Fixes the members a change concerns as it is posted (or its posting restarts): every open account for a terms
 * change; for a shop removal, the open accounts that ever paid at that shop (a payment the member completed).
 */
export async function fixRecipients(trx: AppTx, change: { id: number; kind: ChangeKind; merchant_id: number | null }) {
  await trx.deleteFrom("change_notice_members").where("change_id", "=", change.id).execute();
  const open = trx.selectFrom("members as mb").where("mb.state", "=", MemberState.NORMAL).where("mb.closed_at", "is", null);
  const concerned =
    change.kind === "terms"
      ? open
      : open.where((eb) =>
          eb.exists(
            eb
              .selectFrom("payments as p")
              .select("p.id")
              .whereRef("p.member_id", "=", "mb.id")
              .where("p.merchant_id", "=", change.merchant_id!)
              .where("p.paid_at", "is not", null),
          ),
        );
  await trx
    .insertInto("change_notice_members")
    .columns(["change_id", "member_id"])
    .expression(concerned.select([sql<number>`${change.id}`.as("change_id"), "mb.id as member_id"]))
    .execute();
}

/** Members of posted changes not yet told the change's current version (a batch). */
export const untold = (db: AppTx, limit: number) =>
  db
    .selectFrom("change_notice_members as r")
    .innerJoin("change_notices as c", "c.id", "r.change_id")
    .leftJoin("merchants as m", "m.id", "c.merchant_id")
    .select(["r.change_id", "r.member_id", "c.version", "c.kind", "c.title", "c.summary", "c.effective_date", "m.name as merchant_name"])
    .where("c.state", "=", "posted")
    .where((eb) => eb.or([eb("r.told_version", "is", null), eb("r.told_version", "<", eb.ref("c.version"))]))
    .orderBy("r.change_id")
    .orderBy("r.member_id")
    .limit(limit)
    .execute();

export async function markTold(db: AppTx, changeId: number, version: number, memberIds: number[], at: string) {
  if (memberIds.length === 0) return;
  await db
    .updateTable("change_notice_members")
    .set({ told_version: version, told_at: at })
    .where("change_id", "=", changeId)
    .where("member_id", "in", memberIds)
    .execute();
}

/** A page of the members a change concerns, with the refund each took under the right since it was posted. */
export async function recipientsPage(db: AppTx, changeId: number, postedAt: string | null, page: number, perPage: number) {
  const base = db.selectFrom("change_notice_members as r").where("r.change_id", "=", changeId);
  const [rows, total] = await Promise.all([
    base
      .innerJoin("members as mb", "mb.id", "r.member_id")
      .select(["r.member_id", "r.told_at", "r.told_version", "mb.username", "mb.phonenumber"])
      .orderBy("r.member_id")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const ids = rows.map((r) => Number(r.member_id));
  const refunds =
    ids.length === 0 || !postedAt
      ? []
      : await db
          .selectFrom("refund_orders")
          .select(["member_id", "order_no", "kind", "value", "state", "created_at"])
          .where("member_id", "in", ids)
          .where("rule", "=", "notice")
          .where("state", "<>", "failed")
          .where("created_at", ">=", postedAt)
          .orderBy("id")
          .execute();
  const byMember = new Map(refunds.map((o) => [Number(o.member_id), o]));
  return { rows: rows.map((r) => ({ ...r, refund: byMember.get(Number(r.member_id)) ?? null })), total: Number(total.n) };
}

/** Posted changes whose effective day has begun (`today` a Seoul day): the apply job's candidates. */
export const dueChanges = (db: AppTx, today: string) =>
  db.selectFrom("change_notices").selectAll().where("state", "=", "posted").where("effective_date", "<=", today).orderBy("id").execute();

/** Changes posted or applied, newest effective first: the public list (the service drops those whose notice is down). */
export const postedChanges = (db: AppTx) =>
  db
    .selectFrom("change_notices as c")
    .leftJoin("merchants as m", "m.id", "c.merchant_id")
    .selectAll("c")
    .select("m.name as merchant_name")
    .where("c.state", "in", ["posted", "applied"])
    .orderBy("c.effective_date", "desc")
    .orderBy("c.id", "desc")
    .limit(200)
    .execute();
