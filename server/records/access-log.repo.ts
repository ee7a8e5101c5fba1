import type { AppTx } from "../db/schema";
import { nowIso } from "../db/app-db";
import { allPages, pagedQuery } from "../db/paged";
import type { Paged } from "../../domain/schemas/shared/list";
import type { AccessLogRequest, AccessLogRowDto } from "../../domain/schemas/access-log";

export interface NewAccess {
  adminId: number;
  adminLoginId: string;
  action: "read" | "download";
  screen: string;
  endpoint: string;
  filter: unknown;
  rowCount: number;
  reason?: string | null;
  reasonText?: string | null;
  ip: string;
}

/** The longest filter text kept (a filter is a few short fields; a longer one is cut, never refused). */
const FILTER_MAX = 2_000;

/** Appends one access. The table is only ever inserted into: triggers refuse UPDATE and DELETE (the migration). */
export async function appendAccess(db: AppTx, a: NewAccess): Promise<void> {
  const filter = JSON.stringify(a.filter ?? {});
  await db
    .insertInto("access_log")
    .values({
      admin_id: a.adminId,
      admin_login_id: a.adminLoginId,
      action: a.action,
      screen: a.screen,
      endpoint: a.endpoint,
      filter_json: filter.length > FILTER_MAX ? filter.slice(0, FILTER_MAX) : filter,
      row_count: a.rowCount,
      reason: a.reason ?? null,
      reason_text: a.reasonText ?? null,
      ip: a.ip,
      created_at: nowIso(),
    })
    .execute();
}

const from = (db: AppTx) => db.selectFrom("access_log");
const columns = (qb: ReturnType<typeof from>) =>
  qb.select([
    "id",
    "admin_id",
    "admin_login_id",
    "action",
    "screen",
    "endpoint",
    "filter_json",
    "row_count",
    "reason",
    "reason_text",
    "ip",
    "created_at",
  ]);
type Row = Awaited<ReturnType<ReturnType<typeof columns>["execute"]>>[number];

const toDto = (r: Row): AccessLogRowDto => ({
  id: Number(r.id),
  adminId: Number(r.admin_id),
  adminLoginId: r.admin_login_id,
  action: r.action,
  screen: r.screen,
  endpoint: r.endpoint,
  filter: r.filter_json,
  rowCount: Number(r.row_count),
  reason: r.reason,
  reasonText: r.reason_text,
  ip: r.ip,
  createdAt: r.created_at,
});

/** The log in a date range (UTC bounds), optionally one operator (login id) and one screen. */
export async function listAccess(db: AppTx, q: AccessLogRequest): Promise<Paged<AccessLogRowDto>> {
  let base = from(db).where("created_at", ">=", q.start!).where("created_at", "<=", q.end!);
  if (q.adminLoginId) base = base.where("admin_login_id", "=", q.adminLoginId);
  if (q.screen) base = base.where("screen", "=", q.screen);
  if (q.keyword) base = base.where((eb) => eb.or([eb("admin_login_id", "=", q.keyword!), eb("screen", "=", q.keyword!)]));
  const page = await pagedQuery(db, base, columns, q, { createdAt: "created_at" }, "id");
  return { ...page, list: page.list.map(toDto) };
}

/** Every row of the filter, for the log's own download. */
export function streamAccess(db: AppTx, q: AccessLogRequest): AsyncGenerator<AccessLogRowDto> {
  return allPages((page, perPage) => listAccess(db, { ...q, page, perPage }));
}
