import type { ExpressionBuilder, Expression, SqlBool } from "kysely";
import type { ChainDatabase, ChainDb } from "./schema";
import { toTransfer, type Page, type TimeRange, type TransferRecord } from "./reader-types";

/** An address's history read by place (from_seq / to_seq, address_stats): any page, however deep, is two index seeks. */

export const DEFAULT_PAGE_LIMIT = 100;
export type Table = "transfers" | "transactions" | "token_events";
export type Where<T extends Table> = (eb: ExpressionBuilder<ChainDatabase, T>) => Expression<SqlBool>[];

/**
 * The block bounds of a date range over the transfers (block timestamps only grow along the chain, so
 * "at or after `from`" is "at or after the first block holding a transfer at or after `from`"), so that
 * ranges are read in the indexes' block order. Null: no transfer can be in the range.
 */
export async function blockBounds(db: ChainDb, q: TimeRange): Promise<{ lo?: number; hi?: number } | null> {
  const out: { lo?: number; hi?: number } = {};
  if (q.from) {
    const r = await db.selectFrom("transfers").select("block_number").where("timestamp", ">=", Math.ceil(q.from.getTime() / 1000)).orderBy("timestamp").limit(1).executeTakeFirst();
    if (!r) return null;
    out.lo = Number(r.block_number);
  }
  if (q.to) {
    const r = await db.selectFrom("transfers").select("block_number").where("timestamp", "<", Math.ceil(q.to.getTime() / 1000)).orderBy("timestamp", "desc").limit(1).executeTakeFirst();
    if (!r) return null;
    out.hi = Number(r.block_number);
  }
  return out;
}

export const blockConditions =
  (b: { lo?: number; hi?: number }): Where<"transfers"> =>
  (eb) => [...(b.lo !== undefined ? [eb("block_number", ">=", b.lo)] : []), ...(b.hi !== undefined ? [eb("block_number", "<=", b.hi)] : [])];

/** The first (oldest) or last (newest) place in `a`'s history among its transfers in a block range. */
async function edgeSeq(db: ChainDb, a: string, b: { lo?: number; hi?: number }, edge: "first" | "last"): Promise<number | null> {
  const dir = edge === "first" ? "asc" : "desc";
  const side = async (col: "from" | "to") => {
    const r = await db
      .selectFrom("transfers")
      .select(col === "from" ? "from_seq as seq" : "to_seq as seq")
      .where(col, "=", a)
      .where((eb) => eb.and(blockConditions(b)(eb)))
      .orderBy("block_number", dir)
      .orderBy("log_index", dir)
      .limit(1)
      .executeTakeFirst();
    return r ? Number(r.seq) : null;
  };
  const [f, t] = await Promise.all([side("from"), side("to")]);
  if (f === null || t === null) return f ?? t;
  return edge === "first" ? Math.min(f, t) : Math.max(f, t);
}

/**
 * One page of an address's history (optionally within a date range), read by place: the history holds
 * places 1…N (address_stats), a date range is a window [lo, hi] of them, and page p is the places
 * hi − offset − limit + 1 … hi − offset, two index seeks (as sender, as recipient) whatever the page.
 */
export async function addressHistoryPage(db: ChainDb, a: string, q: TimeRange & { limit?: number; offset?: number }): Promise<Page<TransferRecord>> {
  {
    const stats = await db.selectFrom("address_stats").select("transfers").where("address", "=", a).executeTakeFirst();
    const n = Number(stats?.transfers ?? 0);
    if (n === 0) return { items: [], total: 0 };
    let lo = 1;
    let hi = n;
    if (q.from || q.to) {
      const b = await blockBounds(db, q);
      if (!b) return { items: [], total: 0 };
      if (b.lo !== undefined) lo = (await edgeSeq(db, a, b, "first")) ?? n + 1;
      if (b.hi !== undefined) hi = (await edgeSeq(db, a, b, "last")) ?? 0;
      if (hi < lo) return { items: [], total: 0 };
    }
    const top = hi - (q.offset ?? 0);
    const bottom = Math.max(lo, top - (q.limit ?? DEFAULT_PAGE_LIMIT) + 1);
    if (top < bottom) return { items: [], total: hi - lo + 1 };
    // Two seeks, each ordered and limited by its own index (an OR of both lets PostgreSQL estimate the low
    // places, common to every address, as a large share of the table and scan it); a self-transfer comes
    // from the sender's side only. Merged newest first here (at most `limit` rows).
    const size = top - bottom + 1;
    const [sent, received] = await Promise.all([
      db.selectFrom("transfers").selectAll().where("from", "=", a).where("from_seq", ">=", bottom).where("from_seq", "<=", top).orderBy("from_seq", "desc").limit(size).execute(),
      db
        .selectFrom("transfers")
        .selectAll()
        .where("to", "=", a)
        .where("to_seq", ">=", bottom)
        .where("to_seq", "<=", top)
        .where("from", "!=", a)
        .orderBy("to_seq", "desc")
        .limit(size)
        .execute(),
    ]);
    const rows = [...sent, ...received].sort((x, y) => Number(y.block_number) - Number(x.block_number) || y.log_index - x.log_index);
    return { items: rows.map(toTransfer), total: hi - lo + 1 };
  }
}
