import type { AppTx, SettlementOrder, SettlementState } from "../../db/schema";
import type { EscrowOrderKind } from "../../money/escrow-order";
import { Msg } from "../../../domain/messages";

export type SettlementRow = SettlementOrder;

/** A settlement order and the member's phone (the management list's `phonenumber`). */
export type SettlementListRow = SettlementRow & { phonenumber: string; username: string };

export async function insertSettlement(
  db: AppTx,
  o: {
    order_no: string;
    member_id: number;
    admin_id: number;
    wallet: string;
    value: number;
    request_transfer_id: number;
    created_at: string;
  },
): Promise<SettlementRow> {
  return db
    .insertInto("settlement_orders")
    .values({ ...o, state: "pending" })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function settlementByOrderNo(db: AppTx, orderNo: string): Promise<SettlementRow | undefined> {
  return db.selectFrom("settlement_orders").selectAll().where("order_no", "=", orderNo).executeTakeFirst();
}

const listQuery = (db: AppTx) =>
  db
    .selectFrom("settlement_orders as s")
    .innerJoin("members as m", "m.id", "s.member_id")
    .selectAll("s")
    .select(["m.phonenumber", "m.username"]);

export async function settlementDetail(db: AppTx, id: number) {
  return listQuery(db)
    .leftJoin("admins as a", "a.id", "s.admin_id")
    .leftJoin("members as am", "am.id", "a.member_id")
    .leftJoin("outbox_transfers as rq", "rq.id", "s.request_transfer_id")
    .leftJoin("outbox_transfers as rt", "rt.id", "s.return_transfer_id")
    .leftJoin("chain_calls as b", "b.id", "s.burn_call_id")
    .select([
      "am.phonenumber as admin_phonenumber",
      "rq.to_address as escrow",
      "rq.tx_hash as request_tx_hash",
      "rt.tx_hash as return_tx_hash",
      "b.tx_hash as burn_tx_hash",
    ])
    .where("s.id", "=", id)
    .executeTakeFirst();
}

/**
 * Moves an order from one state to the next only if it is still in `from` (and, with `of`, still names that burn
 * call or return transfer): the one guard that makes a second approval or deletion (concurrent or later) a no-op,
 * and keeps the outcome of one attempt from moving an order a later attempt has taken over. Returns whether this
 * call moved it.
 */
export async function moveSettlement(
  db: AppTx,
  id: number,
  from: SettlementState,
  to: SettlementState,
  set: { return_transfer_id?: number | null; burn_call_id?: number | null; approved_at?: string; deleted_at?: string | null } = {},
  of: { burnCallId?: number; returnTransferId?: number } = {},
): Promise<boolean> {
  let q = db
    .updateTable("settlement_orders")
    .set({ ...set, state: to })
    .where("id", "=", id)
    .where("state", "=", from);
  if (of.burnCallId !== undefined) q = q.where("burn_call_id", "=", of.burnCallId);
  if (of.returnTransferId !== undefined) q = q.where("return_transfer_id", "=", of.returnTransferId);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** One page of the orders created in [start, end), newest first, and how many there are in all. */
export async function settlementsPage(
  db: AppTx,
  start: string,
  end: string,
  opts: {
    memberId?: number;
    wallet?: string;
    state?: "pending" | "approved" | "deleted";
    page: number;
    perPage: number;
    oldestFirst?: boolean;
  },
): Promise<{ rows: SettlementListRow[]; total: number }> {
  let q = listQuery(db).where("s.created_at", ">=", start).where("s.created_at", "<", end);
  let c = db
    .selectFrom("settlement_orders as s")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("s.created_at", ">=", start)
    .where("s.created_at", "<", end);
  if (opts.memberId !== undefined) {
    q = q.where("s.member_id", "=", opts.memberId);
    c = c.where("s.member_id", "=", opts.memberId);
  }
  if (opts.wallet !== undefined) {
    q = q.where("s.wallet", "=", opts.wallet);
    c = c.where("s.wallet", "=", opts.wallet);
  }
  if (opts.state !== undefined) {
    // The burn under way ('approving') still shows as 승인 대기.
    const states: SettlementState[] = opts.state === "pending" ? ["pending", "approving"] : [opts.state];
    q = q.where("s.state", "in", states);
    c = c.where("s.state", "in", states);
  }
  const dir = opts.oldestFirst ? "asc" : "desc";
  const rows = await q
    .orderBy("s.created_at", dir)
    .orderBy("s.id", dir)
    .limit(opts.perPage)
    .offset((opts.page - 1) * opts.perPage)
    .execute();
  return { rows, total: Number((await c.executeTakeFirstOrThrow()).n) };
}

/** Confirmed gifts sent from or received by one wallet, created in [start, end), one page and the count. */
export async function walletGiftsPage(
  db: AppTx,
  wallet: string,
  start: string,
  end: string,
  opts: { page: number; perPage: number; oldestFirst?: boolean },
) {
  const base = db
    .selectFrom("outbox_transfers as t")
    .where("t.kind", "=", "gift")
    .where("t.status", "=", "confirmed")
    .where((eb) => eb.or([eb("t.from_address", "=", wallet), eb("t.to_address", "=", wallet)]))
    .where("t.created_at", ">=", start)
    .where("t.created_at", "<", end);
  const dir = opts.oldestFirst ? "asc" : "desc";
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
    base
      .select(["t.id", "t.from_address", "t.to_address", "t.value", "t.tx_hash", "t.created_at"])
      .orderBy("t.created_at", dir)
      .orderBy("t.id", dir)
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage)
      .execute(),
  ]);
  return { total: Number(count.n), rows };
}

/** Confirmed moves touching these wallets created at or after `since` (and before `until` when given), summed by kind and direction. */
export async function walletFlows(db: AppTx, wallets: string[], since: string, until?: string) {
  let q = db
    .selectFrom("outbox_transfers")
    .select(["kind", "from_address", "to_address"])
    .select((eb) => [eb.fn.sum<number | string>("value").as("value"), eb.fn.sum<number | string>("fee").as("fee")])
    .where("status", "=", "confirmed")
    .where((eb) => eb.or([eb("from_address", "in", wallets), eb("to_address", "in", wallets)]))
    .where("created_at", ">=", since);
  if (until) q = q.where("created_at", "<", until);
  return q.groupBy(["kind", "from_address", "to_address"]).execute();
}

/** Won requested for settlement (not deleted) per wallet since `since`. */
export async function requestedSince(db: AppTx, wallets: string[], since: string, until?: string) {
  let q = db
    .selectFrom("settlement_orders")
    .select("wallet")
    .select((eb) => eb.fn.sum<number | string>("value").as("value"))
    .where("wallet", "in", wallets)
    .where("state", "!=", "deleted")
    .where("created_at", ">=", since);
  if (until) q = q.where("created_at", "<", until);
  return q.groupBy("wallet").execute();
}

/** Shop owners (exchanger members) and their wallets. */
export async function shopOwners(db: AppTx) {
  return db
    .selectFrom("members as m")
    .innerJoin("wallets as w", "w.member_id", "m.id")
    .select(["m.id", "m.username", "m.email", "m.phonenumber", "w.address"])
    .where("m.permission", "=", "exchanger")
    .orderBy("m.id")
    .execute();
}

/** A shop owner's confirmed moves in [start, end), newest first (the owner history). */
export async function walletMoves(db: AppTx, wallets: string[], start: string, end: string) {
  return db
    .selectFrom("outbox_transfers")
    .select(["id", "kind", "from_address", "to_address", "value", "fee", "tx_hash", "created_at"])
    .where("status", "=", "confirmed")
    .where((eb) => eb.or([eb("from_address", "in", wallets), eb("to_address", "in", wallets)]))
    .where("created_at", ">=", start)
    .where("created_at", "<", end)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(10_000)
    .execute();
}

/** Orders in 'approving' with the state of their burn call (null: none recorded). */
export async function approvingOrders(
  db: AppTx,
): Promise<{ id: number; burn_call_id: number | null; call_status: string | null; call_updated_at: string | null }[]> {
  return db
    .selectFrom("settlement_orders as s")
    .leftJoin("chain_calls as c", "c.id", "s.burn_call_id")
    .select(["s.id", "s.burn_call_id", "c.status as call_status", "c.updated_at as call_updated_at"])
    .where("s.state", "=", "approving")
    .execute();
}

/**
 * Orders whose own move failed on chain but which still stand as if it had not: 승인 대기 with a failed request
 * (nothing reached the escrow) and 삭제 with a failed return (the money is still in the escrow).
 */
export async function ordersWithFailedMoves(db: AppTx): Promise<{ id: number; state: SettlementState; transfer_id: number }[]> {
  // From the failed rows of the two kinds (few; the outbox's kind/status index), to their orders by index.
  const failed = (
    kind: "settlement" | "settlement_return",
    ref: "s.request_transfer_id" | "s.return_transfer_id",
    state: SettlementState,
  ) =>
    db
      .selectFrom("outbox_transfers as t")
      .innerJoin("settlement_orders as s", ref, "t.id")
      .select(["s.id", "s.state", "t.id as transfer_id"])
      .where("t.kind", "=", kind)
      .where("t.status", "=", "failed")
      .where("s.state", "=", state)
      .execute();
  const [requests, returns] = await Promise.all([
    failed("settlement", "s.request_transfer_id", "pending"),
    failed("settlement_return", "s.return_transfer_id", "deleted"),
  ]);
  return [...requests, ...returns];
}

/** Settlement orders in the escrow-order lifecycle (server/money/escrow-order.ts): 승인 대기 → 승인 or 삭제. */
export const settlementOrders: EscrowOrderKind<SettlementState, Parameters<typeof moveSettlement>[4] & {}> = {
  states: { waiting: "pending", burning: "approving", burned: "approved", returned: "deleted", requestFailed: "deleted" },
  move: moveSettlement,
  notWaiting: Msg.settlementNotPending,
};
