import { sql } from "kysely";
import { dialectOf } from "../../db/open";
import type { AppDb, AppTx, NewOutboxRow, OutboxRow, OutboxStatus } from "../db/schema";
import { hotQuery } from "../../db/hot";
import { nowIso } from "../db/app-db";

/**
 * Won leaving `address` that the indexed balance does not show yet: pending, submitted, or confirmed above
 * `indexedHead`. Two seeks of outbox_from_status (from_address, status, block_number), so the cost follows
 * those rows only, never the wallet's whole history (the treasury's buy approvals run it in their transaction).
 */
export async function pendingOutgoing(db: AppTx, address: string, indexedHead: number): Promise<number> {
  return (await outgoing(db, address, indexedHead)).owed;
}

// The statuses are literals, not parameters: PostgreSQL's generic plan of `status IN ($2, $3)` (kept after five
// runs) filtered the statuses instead of seeking them, reading every row of the address (the treasury's 53,000:
// 48 ms in a bench run where 0.5 ms is usual; docs/bench.md "Paged reads planned once").
const outgoingQuery = hotQuery((db: AppDb, address: string, indexedHead: number) => {
  const owed = sql<number | string>`COALESCE(SUM(value + fee), 0)`;
  return db.selectNoFrom((eb) => [
    eb
      .selectFrom("outbox_transfers")
      .select(owed.as("n"))
      .where("from_address", "=", address)
      .where("status", "in", [sql.lit<OutboxStatus>("pending"), sql.lit<OutboxStatus>("submitted")])
      .as("open"),
    eb
      .selectFrom("outbox_transfers")
      .select(owed.as("n"))
      .where("from_address", "=", address)
      .where("status", "=", sql.lit("confirmed"))
      .where("block_number", ">", indexedHead)
      .as("unindexed"),
    eb
      .selectFrom("outbox_transfers")
      .select(sql<number | string>`COUNT(*)`.as("n"))
      .where("from_address", "=", address)
      .where("status", "=", sql.lit("submitted"))
      .as("submitted"),
  ]);
});

/**
 * What `address` owes that an index at `indexedHead` may not show yet: its pending and submitted rows, and
 * confirmed rows in blocks above the head (`owed`); `submitted`: how many of those rows are sent and awaiting
 * their receipt (the index may already hold some of them: see `sentRows`).
 */
export async function outgoing(db: AppTx, address: string, indexedHead: number): Promise<{ owed: number; submitted: number }> {
  const [r] = await outgoingQuery(db, address, indexedHead);
  return { owed: Number(r.open ?? 0) + Number(r.unindexed ?? 0), submitted: Number(r.submitted ?? 0) };
}

/** The sent rows of `address` awaiting their receipt: each authorization's nonce and what it moves. */
export async function sentRows(db: AppTx, address: string): Promise<{ nonce: string; n: number }[]> {
  const rows = await db
    .selectFrom("outbox_transfers")
    .select(["nonce", sql<number | string>`value + fee`.as("n")])
    .where("from_address", "=", address)
    .where("status", "=", sql.lit("submitted"))
    .execute();
  return rows.map((r) => ({ nonce: r.nonce, n: Number(r.n) }));
}

/**
 * The per-wallet lock of a money move: PostgreSQL locks the wallet row until the transaction ends, so
 * the spendable check and the insert of two processes cannot interleave. SQLite has one writer
 * connection whose transactions already run one at a time.
 */
export async function lockWallet(trx: AppTx, address: string): Promise<void> {
  if (dialectOf(trx) !== "postgres") return;
  await trx.selectFrom("wallets").select("id").where("address", "=", address).forUpdate().execute();
}

const takeNonceQuery = hotQuery((trx: AppDb, address: string) =>
  trx
    .insertInto("wallet_nonces")
    .values({ address, next_nonce: 1 })
    .onConflict((oc) => oc.column("address").doUpdateSet({ next_nonce: sql`wallet_nonces.next_nonce + 1` }))
    .returning("next_nonce"),
);

/** The wallet's next authorization nonce (0, 1, 2, …), taken atomically. */
export async function takeNonce(trx: AppTx, address: string): Promise<number> {
  const [r] = await takeNonceQuery(trx, address);
  return Number(r.next_nonce) - 1;
}

/** The outbox's columns in the order insertOutboxRow binds them. */
const OUTBOX_INSERT = [
  "kind",
  "from_address",
  "to_address",
  "value",
  "fee",
  "nonce",
  "valid_before",
  "status",
  "member_id",
  "counterparty_member_id",
  "created_at",
  "updated_at",
] as const;
const insertOutboxQuery = hotQuery((trx: AppDb, ...v: unknown[]) =>
  trx
    .insertInto("outbox_transfers")
    .values(Object.fromEntries(OUTBOX_INSERT.map((c, i) => [c, v[i]])) as NewOutboxRow)
    .returningAll(),
);
const outboxRowQuery = hotQuery((db: AppDb, id: number) => db.selectFrom("outbox_transfers").selectAll().where("id", "=", id));

const INSERT_DEFAULTS: Partial<NewOutboxRow> = { fee: 0, status: "pending" };

/** A new row: the columns of OUTBOX_INSERT (fee and status as the table's defaults, the others null when absent). */
export async function insertOutboxRow(trx: AppTx, row: NewOutboxRow): Promise<OutboxRow> {
  for (const c of Object.keys(row))
    if (!(OUTBOX_INSERT as readonly string[]).includes(c)) throw new Error(`insertOutboxRow: ${c} is not written`);
  const [r] = await insertOutboxQuery(trx, ...OUTBOX_INSERT.map((c) => row[c] ?? INSERT_DEFAULTS[c] ?? null));
  return r;
}

export async function outboxRow(db: AppTx, id: number): Promise<OutboxRow | undefined> {
  return (await outboxRowQuery(db, id))[0];
}

export async function outboxRows(db: AppTx, ids: number[]): Promise<OutboxRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom("outbox_transfers").selectAll().where("id", "in", ids).execute();
}

/** Pending rows in id order; `afterId`: only those after it (the relayer's next batch while one is on its way). */
export async function pendingRows(db: AppTx, limit: number, afterId = 0): Promise<OutboxRow[]> {
  return db
    .selectFrom("outbox_transfers")
    .selectAll()
    .where("status", "=", "pending")
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(limit)
    .execute();
}

export async function submittedRows(db: AppTx): Promise<OutboxRow[]> {
  return db.selectFrom("outbox_transfers").selectAll().where("status", "=", "submitted").orderBy("id").execute();
}

export async function hasSubmitted(db: AppTx): Promise<boolean> {
  return Boolean(await db.selectFrom("outbox_transfers").select("id").where("status", "=", "submitted").limit(1).executeTakeFirst());
}

export async function markSubmitted(db: AppTx, ids: number[], txHash: string): Promise<void> {
  await db
    .updateTable("outbox_transfers")
    .set({ status: "submitted", tx_hash: txHash, updated_at: nowIso() })
    .where("id", "in", ids)
    .where("status", "=", "pending")
    .execute();
}

export async function markConfirmed(db: AppTx, id: number, blockNumber: number | null, txHash: string | null): Promise<void> {
  await db
    .updateTable("outbox_transfers")
    .set((eb) => ({
      status: "confirmed",
      block_number: blockNumber,
      tx_hash: eb.fn.coalesce(eb.val(txHash), eb.ref("tx_hash")),
      error: null,
      updated_at: nowIso(),
    }))
    .where("id", "=", id)
    .execute();
}

/** The rows a mined transaction carried out: one statement for the batch. */
export async function markConfirmedMany(db: AppTx, ids: number[], blockNumber: number, txHash: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("outbox_transfers")
    .set({ status: "confirmed", block_number: blockNumber, tx_hash: txHash, error: null, updated_at: nowIso() })
    .where("id", "in", ids)
    .execute();
}

export async function markFailed(db: AppTx, id: number, error: string, blockNumber: number | null): Promise<void> {
  await db
    .updateTable("outbox_transfers")
    .set({ status: "failed", error, block_number: blockNumber, updated_at: nowIso() })
    .where("id", "=", id)
    .execute();
}

export async function requeue(db: AppTx, id: number): Promise<void> {
  await db.updateTable("outbox_transfers").set({ status: "pending", tx_hash: null, updated_at: nowIso() }).where("id", "=", id).execute();
}

/** Rows whose confirming block was dropped by a reorg go back to 'submitted' to be reconciled again. */
export async function unconfirmAbove(db: AppTx, blockNumber: number): Promise<number> {
  const r = await db
    .updateTable("outbox_transfers")
    .set({ status: "submitted", block_number: null, updated_at: nowIso() })
    .where("status", "in", ["confirmed", "failed"])
    .where("block_number", ">", blockNumber)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
