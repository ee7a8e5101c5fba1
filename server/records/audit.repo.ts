import type { AppTx } from "../db/schema";
import { nowIso } from "../db/app-db";
import { pagedQuery } from "../db/paged";
import type { Paged } from "../../domain/schemas/shared/list";
import type { AuditRowDto } from "../../domain/schemas/audit";

export interface NewAction {
  adminId: number;
  adminLoginId: string;
  action: string;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
  txHash?: string | null;
}

/** Appends one operator action. The table is only ever inserted into (no update or delete exists). */
export async function appendAction(db: AppTx, a: NewAction): Promise<void> {
  await db
    .insertInto("admin_actions")
    .values({
      admin_id: a.adminId,
      admin_login_id: a.adminLoginId,
      action: a.action,
      target_type: a.targetType,
      target_id: String(a.targetId),
      before_json: a.before === undefined ? null : JSON.stringify(a.before),
      after_json: a.after === undefined ? null : JSON.stringify(a.after),
      tx_hash: a.txHash ?? null,
      created_at: nowIso(),
    })
    .execute();
}

const columns = (qb: ReturnType<typeof from>) =>
  qb.select([
    "id",
    "admin_id",
    "admin_login_id",
    "action",
    "target_type",
    "target_id",
    "before_json",
    "after_json",
    "tx_hash",
    "created_at",
  ]);
const from = (db: AppTx) => db.selectFrom("admin_actions");

type Row = Awaited<ReturnType<ReturnType<typeof columns>["execute"]>>[number];
const parse = (s: string | null): unknown => (s === null ? null : JSON.parse(s));
export const toAuditDto = (r: Row): AuditRowDto => ({
  id: Number(r.id),
  adminId: Number(r.admin_id),
  adminLoginId: r.admin_login_id,
  action: r.action,
  targetType: r.target_type,
  targetId: r.target_id,
  before: parse(r.before_json),
  after: parse(r.after_json),
  txHash: r.tx_hash,
  createdAt: r.created_at,
});

/** The log in a date range (UTC bounds), optionally one action or a keyword in operator or target. */
export async function listActions(
  db: AppTx,
  q: {
    start: string;
    end: string;
    action?: string;
    keyword?: string;
    page: number;
    perPage: number;
    sortBy: "createdAt";
    sortDesc: boolean;
  },
): Promise<Paged<AuditRowDto>> {
  let base = from(db).where("created_at", ">=", q.start).where("created_at", "<=", q.end);
  if (q.action) base = base.where("action", "=", q.action);
  if (q.keyword) base = base.where((eb) => eb.or([eb("admin_login_id", "=", q.keyword!), eb("target_id", "=", q.keyword!)]));
  const page = await pagedQuery(db, base, columns, q, { createdAt: "created_at" }, "id");
  return { ...page, list: page.list.map(toAuditDto) };
}

/** Every action on one target, newest first. */
export async function actionsOn(db: AppTx, targetType: string, targetId: string | number, limit = 200): Promise<AuditRowDto[]> {
  const rows = await columns(from(db))
    .where("target_type", "=", targetType)
    .where("target_id", "=", String(targetId))
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toAuditDto);
}
