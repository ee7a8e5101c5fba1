import type { AppTx, OutboxKind, OutboxRow } from "../../db/schema";
import { anyOf, opaque } from "../../../db/open";
import { countCapped } from "../../db/paged";
import { TRANSFER_COLUMNS, type TransferRow, type TransfersTable } from "../../../indexer/schema";
import { sql } from "kysely";

/** The business kind of each outbox leg of these transactions (what the dashboard's list names a row by). */
export async function moveKindsOfTransactions(db: AppTx, hashes: string[]) {
  if (hashes.length === 0) return [];
  return db
    .selectFrom("outbox_transfers")
    .select(["kind", "tx_hash", "from_address", "to_address", "value"])
    .where(anyOf(db, "tx_hash", hashes))
    .execute();
}

export async function movesOfTransactions(db: AppTx, hashes: string[]) {
  if (hashes.length === 0) return [];
  return db
    .selectFrom("outbox_transfers as t")
    .leftJoin("members as sm", "sm.id", "t.member_id")
    .leftJoin("members as rm", "rm.id", "t.counterparty_member_id")
    .select([
      "t.id",
      "t.kind",
      "t.tx_hash",
      "t.from_address",
      "t.to_address",
      "t.value",
      "t.fee",
      "t.status",
      "t.created_at",
      "sm.username as from_username",
      "rm.username as to_username",
    ])
    .where("t.tx_hash", "in", hashes)
    .execute();
}

type MovesQuery = {
  kinds: OutboxKind[];
  start?: string;
  end?: string;
  addresses?: string[];
  txHash?: string;
  limit: number;
  offset: number;
};

/** The confirmed moves of some kinds a dashboard search names; null when it names no wallet. */
function confirmedMoves(db: AppTx, q: MovesQuery) {
  let base = db
    .selectFrom("outbox_transfers")
    .where(
      "kind",
      "in",
      q.kinds.map((k) => sql.lit(k)),
    )
    .where("status", "=", sql.lit("confirmed"));
  if (q.start) base = base.where("created_at", ">=", opaque(db, q.start));
  if (q.end) base = base.where("created_at", "<=", opaque(db, q.end));
  if (q.txHash) base = base.where("tx_hash", "=", q.txHash);
  if (q.addresses) {
    const a = q.addresses;
    if (a.length === 0) return null;
    base = base.where((eb) => eb.or([eb("from_address", "in", a), eb("to_address", "in", a)]));
  }
  return base;
}

/** Confirmed moves of some kinds in [start, end), newest first, with their tx hashes (the dashboard's business types); the total capped (countCapped). */
export async function confirmedMovesPage(
  db: AppTx,
  q: MovesQuery,
): Promise<{ total: number; capped?: true; rows: Pick<OutboxRow, "id" | "tx_hash" | "from_address" | "to_address" | "value">[] }> {
  const base = confirmedMoves(db, q);
  if (!base) return { total: 0, rows: [] };
  // Newest first in (created_at, id) order: the order of outbox_kind_created, so a page reads only its rows.
  const [count, rows] = await Promise.all([
    countCapped(db, base),
    base
      .select(["id", "tx_hash", "from_address", "to_address", "value"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
  ]);
  return { ...count, rows };
}

/**
 * PostgreSQL only, where the chain store is the schema `chain` of the same database: the page of
 * confirmedMovesPage with each move's transfer leg (same transaction, ends and value) in one statement, newest
 * first. The page's hashes do not travel to the client and back (one round trip instead of two after each
 * other), and the transactions' fee legs are not sent. A move whose leg is not indexed yet has no row (as
 * with the two reads).
 */
export async function confirmedMoveLegsPage(db: AppTx, q: MovesQuery): Promise<{ total: number; capped?: true; legs: TransferRow[] }> {
  const base = confirmedMoves(db, q);
  if (!base) return { total: 0, legs: [] };
  const page = base
    .select(["id", "created_at", "tx_hash", "from_address", "to_address", "value"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(q.limit)
    .offset(q.offset)
    .as("o");
  const legs = db
    .withTables<{ "chain.transfers": TransfersTable }>()
    .selectFrom(page)
    .innerJoinLateral(
      // Each move's transaction read by the primary key, in log order up to the move's leg. OFFSET 0 keeps the
      // conditions on the ends out of that read: with them the planner also read the sender's index (a market's
      // or the treasury's is long) to intersect. Measured against the alternatives: a join of the page's
      // transactions read once (a CTE) took 1.5 ms at p50, this 0.8 ms; its cost grows with a relayer batch's
      // size (a page of 100 moves of one 150-move batch reads ~10,000 legs), see README.md here.
      (eb) =>
        eb
          .selectFrom(
            eb
              .selectFrom("chain.transfers as c")
              .select(TRANSFER_COLUMNS.map((c) => `c.${c}` as const))
              .where("c.tx_hash", "=", sql<string>`lower(o.tx_hash)`)
              .offset(0)
              .as("t"),
          )
          .selectAll("t")
          .where("t.kind", "=", sql.lit("transfer"))
          .whereRef("t.from", "=", "o.from_address")
          .whereRef("t.to", "=", "o.to_address")
          .where(sql<boolean>`t.value = o.value`)
          .limit(1)
          .as("l"),
      (join) => join.onTrue(),
    )
    .selectAll("l")
    .orderBy("o.created_at", "desc")
    .orderBy("o.id", "desc");
  const [count, rows] = await Promise.all([countCapped(db, base), legs.execute()]);
  return { ...count, legs: rows };
}

/** Wallet addresses of members whose name or phone matches (the dashboard's member search). */
export async function walletsOfMembersMatching(db: AppTx, by: "name" | "phone", text: string): Promise<string[]> {
  const rows = await db
    .selectFrom("wallets")
    .innerJoin("members", "members.id", "wallets.member_id")
    .select("wallets.address")
    .where(by === "name" ? "members.username" : "members.phonenumber", "=", by === "phone" ? text.replace(/\D/g, "") : text.trim())
    .execute();
  return rows.map((r) => r.address);
}

/** Who holds this address: the custodial wallet with its kind and nickname, and its member. */
export async function ownerOf(db: AppTx, address: string) {
  return db
    .selectFrom("wallets")
    .leftJoin("members", "members.id", "wallets.member_id")
    .select([
      "wallets.address",
      "wallets.kind",
      "wallets.nickname",
      "members.id as member_id",
      "members.username",
      "members.phonenumber",
      "members.state",
      "members.permission",
    ])
    .where("wallets.address", "=", address)
    .executeTakeFirst();
}

/** A member's wallet by phone number (the block action of the spec names the phone). */
export async function memberWalletByPhone(db: AppTx, phone: string) {
  return db
    .selectFrom("wallets")
    .innerJoin("members", "members.id", "wallets.member_id")
    .select(["wallets.address", "members.id as member_id", "members.state"])
    .where("members.phonenumber", "=", phone.replace(/\D/g, ""))
    .where("wallets.kind", "=", "member")
    .executeTakeFirst();
}

/** Every confirmed outbox row with its tx hash, in id order after `afterId` (reconciliation walks them in batches). */
export async function confirmedRowsAfter(db: AppTx, afterId: number, limit: number) {
  return db
    .selectFrom("outbox_transfers")
    .select(["id", "kind", "from_address", "to_address", "value", "fee", "tx_hash", "nonce", "block_number"])
    .where("status", "=", "confirmed")
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** Every custodial wallet with its kind (operator-held balances for the proof of reserves). */
export async function walletKinds(db: AppTx) {
  return db.selectFrom("wallets").select(["address", "kind"]).execute();
}

/** Won sums for the proof of reserves. */
export async function reserveSums(db: AppTx) {
  const sum = async (kinds: OutboxKind[]) =>
    Number(
      (
        await db
          .selectFrom("outbox_transfers")
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("value"), eb.val(0)).as("n"))
          .where("kind", "in", kinds)
          .where("status", "=", "confirmed")
          .executeTakeFirstOrThrow()
      ).n,
    );
  const [buys, seeds, adminOut] = await Promise.all([sum(["buy"]), sum(["seed"]), sum(["admin"])]);
  return { buys, seeds, adminOut };
}
