import type { AppTx } from "../../db/schema";
import { pagedQuery } from "../../db/paged";
import type { Paged } from "../../../domain/schemas/shared/list";
import type { NotifyRowDto } from "../../../domain/schemas/notifications";

/** Stored notifications of the given categories (the ones the operator may see), paged. */
export async function listNotifications(
  db: AppTx,
  categories: string[],
  q: { page: number; perPage: number; sortBy: "id"; sortDesc: boolean },
): Promise<Paged<NotifyRowDto>> {
  if (categories.length === 0) return { list: [], total: 0, page: q.page, perPage: q.perPage };
  const base = db.selectFrom("notifications").where("category", "in", categories);
  const page = await pagedQuery(
    db,
    base,
    (qb) => qb.select(["id", "category", "message", "created_at", "type", "ref_id"]),
    q,
    { id: "id" },
    "id",
  );
  return { ...page, list: page.list.map((r) => ({ ...r, id: Number(r.id), ref_id: r.ref_id === null ? null : Number(r.ref_id) })) };
}
