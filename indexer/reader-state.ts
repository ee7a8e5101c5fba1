/**
 * The chain reads on every money move (is the sender or recipient blocked, is the token paused, the balance and the
 * indexed head for the spendable check), compiled once (db/hot.ts). The reader (reader.ts) answers through them.
 */
import { hotQuery } from "../db/hot";
import { BLOCKING_KINDS } from "./migrations";
import type { ChainDb, TokenEventKind } from "./schema";

/** The newest event of `kind` (optionally of one account) and its place, for the latest of two opposite kinds. */
function newestOfKind(db: ChainDb, kind: TokenEventKind, account?: string) {
  let q = db.selectFrom("token_events").select(["kind", "block_number", "log_index"]).where("kind", "=", kind);
  // An account's block/unblock events: the partial index token_events_blocking, whose condition the query repeats.
  if (account !== undefined) q = q.where(BLOCKING_KINDS).where("account", "=", account);
  return q.orderBy("block_number", "desc").orderBy("log_index", "desc").limit(1);
}
/**
 * The latest of two opposite token events (paused/unpaused; block/unblock of one account): the newest of each kind
 * by one index seek, then the later of the two. `kind IN (…)` over the account index walked every event of the
 * account instead, one per gift it ever made. Asked twice on every gift: compiled once (db/hot.ts).
 */
function latestOfKinds(db: ChainDb, a: TokenEventKind, b: TokenEventKind, account?: string) {
  return db
    .selectFrom(newestOfKind(db, a, account).as("a"))
    .select(["a.kind", "a.block_number", "a.log_index"])
    .unionAll(db.selectFrom(newestOfKind(db, b, account).as("b")).select(["b.kind", "b.block_number", "b.log_index"]))
    .orderBy("block_number", "desc")
    .orderBy("log_index", "desc")
    .limit(1);
}
export const latestQuery = hotQuery((db: ChainDb, a: TokenEventKind, b: TokenEventKind) => latestOfKinds(db, a, b));
export const blockStateQuery = hotQuery((db: ChainDb, account: string) => latestOfKinds(db, "block", "unblock", account));
/** An address's balance and the indexed head from one snapshot (the spendable check of every money move). */
export const balanceAndHeadQuery = hotQuery((db: ChainDb, address: string) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom("balances").select("balance").where("address", "=", address).as("balance"),
    eb.selectFrom("sync_state").select("last_block").where("id", "=", 1).as("head"),
  ]),
);
