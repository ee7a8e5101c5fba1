/**
 * The chain reads on every money move (is the sender or recipient blocked, is the token paused, the balance and the
 * indexed head for the spendable check), compiled once (db/hot.ts). The reader (reader.ts) answers through them.
 */
import { sql } from "kysely";
import { hotQuery } from "../db/hot";
import { BLOCKING_KINDS } from "./migrations";
import type { ChainDb, TokenEventKind } from "./schema";

/**
 * Which of two opposite token events came last (paused/unpaused; block/unblock of one account): one statement, the
 * events of those two kinds sorted newest first, the kinds and the limit written as literals. For an account it
 * reads its entries in the partial index token_events_blocking, whose condition it repeats: its block and unblock
 * events, never its gifts. Replaced the union of the newest of each kind, which SQLite ran as two co-routines and
 * sorted: 0.06–0.18 ms a call against 0.0036 (best of 15 interleaved rounds of 500 on a stack's chain.db); with the
 * kinds as bound values (an IN list of variables) or the limit as one, 0.012–0.05 ms. Asked twice on every gift:
 * compiled once (db/hot.ts).
 */
const PAUSE_KINDS = sql<boolean>`kind IN ('paused', 'unpaused')`;
const pauseStateQuery = hotQuery((db: ChainDb) =>
  db
    .selectFrom("token_events")
    .select("kind")
    .where(PAUSE_KINDS)
    .orderBy("block_number", "desc")
    .orderBy("log_index", "desc")
    .limit(sql.lit(1)),
);
const blockStateQuery = hotQuery((db: ChainDb, account: string) =>
  db
    .selectFrom("token_events")
    .select("kind")
    .where(BLOCKING_KINDS)
    .where("account", "=", account)
    .orderBy("block_number", "desc")
    .orderBy("log_index", "desc")
    .limit(sql.lit(1)),
);

/** "paused" or "unpaused", whichever the token had last, or undefined when neither happened. */
export async function pauseState(db: ChainDb): Promise<TokenEventKind | undefined> {
  return (await pauseStateQuery(db))[0]?.kind;
}

/** "block" or "unblock", whichever an account had last, or undefined when it never had either. */
export async function blockState(db: ChainDb, account: string): Promise<TokenEventKind | undefined> {
  return (await blockStateQuery(db, account))[0]?.kind;
}

/** An address's balance and the indexed head from one snapshot (the spendable check of every money move). */
export const balanceAndHeadQuery = hotQuery((db: ChainDb, address: string) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom("balances").select("balance").where("address", "=", address).as("balance"),
    eb.selectFrom("sync_state").select("last_block").where("id", "=", 1).as("head"),
  ]),
);
