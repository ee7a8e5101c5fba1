/**
 * The reader's common ground (reader.ts): a read of a store not created yet answers empty, and one page of a table
 * with its total count.
 */
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from "kysely";
import { isNotReady, type ChainStore } from "./db";
import { TRANSFER_COLUMNS, type ChainDatabase } from "./schema";
import { DEFAULT_PAGE_LIMIT, type Table, type Where } from "./reader-history";
import { COUNT_CAP, type Page, type TimeRange } from "./reader-types";

/** Seconds bounds of a half-open Date range on a `timestamp` column. */
export function timeConditions<T extends Table>(q: TimeRange): Where<T> {
  return (eb) => {
    const ref = eb.ref("timestamp" as never) as unknown as Expression<number>;
    const out: Expression<SqlBool>[] = [];
    if (q.from) out.push(eb(ref, ">=", Math.ceil(q.from.getTime() / 1000)));
    if (q.to) out.push(eb(ref, "<", Math.ceil(q.to.getTime() / 1000)));
    return out;
  };
}

export const emptyPage = <T>(): Page<T> => ({ items: [], total: 0 });

/** A read of a store the indexer has not created yet answers `empty`. */
export async function guard<T>(empty: T, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (isNotReady(err)) return empty;
    throw err;
  }
}

/**
 * One page of `table` under `where` (newest first by `order`) and the total count; with `capped`, counting
 * stops past COUNT_CAP rows (a list over the whole history costs the same whatever its size). Transfers are read
 * with the columns a record is made of (TRANSFER_COLUMNS), as every transfer read is.
 */
export function pageOf<T extends Table, R, O>(
  store: ChainStore,
  table: T,
  where: Where<T>,
  order: [string, string],
  q: { limit?: number; offset?: number },
  map: (r: R) => O,
  capped = false,
): Promise<Page<O>> {
  const { db } = store;
  return guard(emptyPage<O>(), async () => {
    const base = (db.selectFrom(table) as unknown as SelectQueryBuilder<ChainDatabase, T, object>).where((eb) => eb.and(where(eb)));
    const columns = (table === "transfers" ? base.select(TRANSFER_COLUMNS as never) : base.selectAll()) as typeof base;
    // The page and the count together (on PostgreSQL, two connections at once).
    const [rows, count] = await Promise.all([
      columns
        .orderBy(sql.ref(order[0]), "desc")
        .orderBy(sql.ref(order[1]), "desc")
        .limit(q.limit ?? DEFAULT_PAGE_LIMIT)
        .offset(q.offset ?? 0)
        .execute(),
      capped
        ? db
            .selectFrom(
              base
                .select(sql.lit(1).as("one"))
                .limit(COUNT_CAP + 1)
                .as("c"),
            )
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirst()
        : base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
    ]);
    const n = Number((count as { n: number | string } | undefined)?.n ?? 0);
    if (!capped) return { items: (rows as R[]).map(map), total: n };
    return { items: (rows as R[]).map(map), total: Math.min(n, COUNT_CAP), ...(n > COUNT_CAP ? { capped: true } : {}) };
  });
}
