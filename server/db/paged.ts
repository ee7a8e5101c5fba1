import type { SelectQueryBuilder } from "kysely";
import type { Paged, TableHandler } from "../../domain/schemas/list";

/**
 * The one paged list query: `base` holds the list's FROM, joins and filters (no select); `select` adds the
 * row's columns; `sortColumns` maps the schema's sortBy names to columns. Counts and reads the page
 * (the id breaks ties so pages never overlap).
 */
export async function pagedQuery<DB, TB extends keyof DB, O, S extends string>(
  base: SelectQueryBuilder<DB, TB, {}>,
  select: (qb: SelectQueryBuilder<DB, TB, {}>) => SelectQueryBuilder<DB, TB, O>,
  h: TableHandler<S>,
  sortColumns: Record<S, string>,
  tieBreak: string,
): Promise<Paged<O>> {
  const dir = h.sortDesc ? "desc" : "asc";
  const [count, list] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirst(),
    select(base)
      .orderBy(sortColumns[h.sortBy] as never, dir)
      .orderBy(tieBreak as never, dir)
      .limit(h.perPage)
      .offset((h.page - 1) * h.perPage)
      .execute(),
  ]);
  return { list, total: Number((count as { n?: number | string } | undefined)?.n ?? 0), page: h.page, perPage: h.perPage };
}

/** Every row of a paged list, page after page (for a download streamed with the list's own query). */
export async function* allPages<T>(fetchPage: (page: number, perPage: number) => Promise<{ list: T[] }>, perPage = 1000): AsyncGenerator<T> {
  for (let page = 1; ; page++) {
    const { list } = await fetchPage(page, perPage);
    yield* list;
    if (list.length < perPage) return;
  }
}
