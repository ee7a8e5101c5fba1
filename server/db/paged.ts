import { sql, type SelectQueryBuilder } from "kysely";
import type { AppDatabase, AppTx } from "./schema";
import { LIST_COUNT_CAP } from "../../domain/constants";
import type { Paged, TableHandler } from "../../domain/schemas/shared/list";

/**
 * The one paged list query: `base` holds the list's FROM, joins and filters (no select); `select` adds the
 * row's columns; `sortColumns` maps the schema's sortBy names to columns. Counts and reads the page
 * (the id breaks ties so pages never overlap).
 */
export async function pagedQuery<DB, TB extends keyof DB, O, S extends string>(
  db: AppTx,
  base: SelectQueryBuilder<DB, TB, {}>,
  select: (qb: SelectQueryBuilder<DB, TB, {}>) => SelectQueryBuilder<DB, TB, O>,
  h: TableHandler<S>,
  sortColumns: Record<S, string>,
  tieBreak: string,
): Promise<Paged<O>> {
  const dir = h.sortDesc ? "desc" : "asc";
  const [count, list] = await Promise.all([
    countCapped(db, base),
    select(base)
      .orderBy(sortColumns[h.sortBy] as never, dir)
      .orderBy(tieBreak as never, dir)
      .limit(h.perPage)
      .offset((h.page - 1) * h.perPage)
      .execute(),
  ]);
  return { list, ...count, page: h.page, perPage: h.perPage };
}

/**
 * How many rows `base` matches, counting at most LIST_COUNT_CAP + 1 of them: a list whose filter matches
 * most of a long table (a quarter of the outbox) costs a bounded read, and answers `capped` past the cap.
 * One statement (one round trip to PostgreSQL).
 */
export async function countCapped<DB, TB extends keyof DB>(
  db: AppTx,
  base: SelectQueryBuilder<DB, TB, {}>,
): Promise<{ total: number; capped?: true }> {
  const bounded = (
    base.select(sql.lit(1).as("one")).limit(LIST_COUNT_CAP + 1) as unknown as SelectQueryBuilder<AppDatabase, keyof AppDatabase, { one: 1 }>
  ).as("c");
  const r = await db
    .selectFrom(bounded)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirst();
  const n = Number(r?.n ?? 0);
  return n > LIST_COUNT_CAP ? { total: LIST_COUNT_CAP, capped: true } : { total: n };
}

/** Every row of a paged list, page after page (for a download streamed with the list's own query). */
export async function* allPages<T>(
  fetchPage: (page: number, perPage: number) => Promise<{ list: T[] }>,
  perPage = 1000,
): AsyncGenerator<T> {
  for (let page = 1; ; page++) {
    const { list } = await fetchPage(page, perPage);
    yield* list;
    if (list.length < perPage) return;
  }
}
