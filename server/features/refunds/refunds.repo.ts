import { type ExpressionBuilder, sql } from "kysely";
import { type EscrowOrderKind, followBurn } from "../../money/escrow-order";
import { Msg } from "../../../domain/messages";
import type { AppDatabase, AppTx, RefundKind, RefundOrder, RefundState } from "../../db/schema";
import { countCapped } from "../../db/paged";

export type RefundRow = RefundOrder;

export async function insertRefund(
  db: AppTx,
  o: {
    order_no: string;
    member_id: number;
    kind: RefundKind;
    buy_order_id: number | null;
    wallet: string;
    value: number;
    balance: number;
    deduction: number;
    rule: string;
    bank_name: string;
    bank_account: string;
    holder_name: string;
    request_transfer_id: number;
    created_at: string;
  },
): Promise<RefundRow> {
  return db
    .insertInto("refund_orders")
    .values({ ...o, state: "requested", updated_at: o.created_at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function refundByOrderNo(db: AppTx, orderNo: string): Promise<RefundRow | undefined> {
  return db.selectFrom("refund_orders").selectAll().where("order_no", "=", orderNo).executeTakeFirst();
}

/**
 * Moves an order only if it is still in `from` (and, with `of`, still names that burn call / return transfer /
 * proposal): the one guard that makes a second payout or rejection (concurrent or later) a no-op.
 */
export async function moveRefund(
  db: AppTx,
  id: number,
  from: RefundState,
  to: RefundState,
  set: Partial<
    Pick<
      RefundRow,
      | "return_transfer_id"
      | "burn_call_id"
      | "proposal_id"
      | "bank_ref"
      | "reject_reason"
      | "admin_id"
      | "decided_at"
      | "bank_name"
      | "bank_account"
    >
  > = {},
  of: { burnCallId?: number; returnTransferId?: number; proposalId?: number } = {},
): Promise<boolean> {
  let q = db
    .updateTable("refund_orders")
    .set({ ...set, state: to, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .where("state", "=", from);
  if (of.burnCallId !== undefined) q = q.where("burn_call_id", "=", of.burnCallId);
  if (of.returnTransferId !== undefined) q = q.where("return_transfer_id", "=", of.returnTransferId);
  if (of.proposalId !== undefined) q = q.where("proposal_id", "=", of.proposalId);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** What a member's wallet sent that counts as used: every move out but refunds, failed ones aside (value + fee). */
export async function usedOf(db: AppTx, wallet: string, since?: string): Promise<number> {
  let q = db
    .selectFrom("outbox_transfers")
    .select(sql<string>`COALESCE(SUM(value + fee), 0)`.as("n"))
    .where("from_address", "=", wallet)
    .where("status", "!=", "failed")
    .where("kind", "not in", ["refund"]);
  if (since) q = q.where("created_at", ">=", since);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** A member's open refund (requested or paying): one at a time per member. */
export async function openRefundOf(db: AppTx, memberId: number): Promise<RefundRow | undefined> {
  return db
    .selectFrom("refund_orders")
    .selectAll()
    .where("member_id", "=", memberId)
    .where("state", "in", ["requested", "paying"])
    .executeTakeFirst();
}

/** A member's refunds for the history's 환불 tab, newest first, with the request's and the outcome's hashes. */
export async function memberRefundsPage(db: AppTx, memberId: number, limit: number, offset: number) {
  const [count, rows] = await Promise.all([
    db
      .selectFrom("refund_orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("member_id", "=", memberId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("refund_orders as r")
      .leftJoin("outbox_transfers as rq", "rq.id", "r.request_transfer_id")
      .leftJoin("chain_calls as b", "b.id", "r.burn_call_id")
      .leftJoin("outbox_transfers as rt", "rt.id", "r.return_transfer_id")
      .selectAll("r")
      .select(["rq.tx_hash as request_tx_hash", "b.tx_hash as burn_tx_hash", "rt.tx_hash as return_tx_hash"])
      .where("r.member_id", "=", memberId)
      .orderBy("r.created_at", "desc")
      .orderBy("r.id", "desc")
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { total: Number(count.n), rows };
}

const listBase = (db: AppTx) =>
  db
    .selectFrom("refund_orders as r")
    .innerJoin("members as m", "m.id", "r.member_id")
    .leftJoin("chain_calls as b", "b.id", "r.burn_call_id")
    .leftJoin("outbox_transfers as rq", "rq.id", "r.request_transfer_id");
const listColumns = ["m.username", "m.phonenumber", "m.closed_at", "b.tx_hash as burn_tx_hash", "rq.tx_hash as request_tx_hash"] as const;

/** One order as the back-office list shows it. */
export async function refundListRow(db: AppTx, orderNo: string) {
  return listBase(db).selectAll("r").select(listColumns).where("r.order_no", "=", orderNo).executeTakeFirstOrThrow();
}

type RefundListFilter = { start: string; end: string; state?: RefundState; keyword?: string };

/** The orders' own conditions of the back-office list (created in [start, end), the state), in any query with `r`. */
const ordersIn = (f: RefundListFilter) => (eb: ExpressionBuilder<{ r: AppDatabase["refund_orders"] }, "r">) =>
  eb.and([eb("r.created_at", ">=", f.start), eb("r.created_at", "<", f.end), ...(f.state ? [eb("r.state", "=", f.state)] : [])]);

/** The back-office list: refunds created in [start, end), by state, with the member. */
export function refundListQuery(db: AppTx, f: RefundListFilter) {
  let q = listBase(db).where(ordersIn(f));
  if (f.keyword) {
    const like = `%${f.keyword}%`;
    q = q.where((eb) => eb.or([eb("m.username", "like", like), eb("m.phonenumber", "like", like), eb("r.order_no", "like", like)]));
  }
  return q;
}

/** The rows refundListQuery finds, for counting: the member is joined only when the keyword searches it. */
function refundCountQuery(db: AppTx, f: RefundListFilter) {
  return f.keyword ? refundListQuery(db, f) : db.selectFrom("refund_orders as r").where(ordersIn(f));
}

export async function refundsPage(db: AppTx, f: RefundListFilter, limit: number, offset: number) {
  // Counted as every list is (at most LIST_COUNT_CAP rows: a year of refunds costs what a month does), and without
  // the list's joins, which never change the count (the member is always there; the others are by primary key):
  // joined, the count of a month's 1,001 orders read 0.5–0.7 ms, alone 0.06–0.1 (reads bench data, 50,000 orders).
  const [count, rows] = await Promise.all([
    countCapped(db, refundCountQuery(db, f)),
    refundListQuery(db, f)
      .selectAll("r")
      .select(listColumns)
      .orderBy("r.created_at", "desc")
      .orderBy("r.id", "desc")
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { ...count, rows };
}
export type RefundListRow = Awaited<ReturnType<typeof refundsPage>>["rows"][number];

/** Orders left 'paying' with a burn call (a request that did not see its outcome, a crash), with the call's status. */
export async function payingWithCalls(db: AppTx) {
  return db
    .selectFrom("refund_orders as r")
    .leftJoin("chain_calls as c", "c.id", "r.burn_call_id")
    .leftJoin("proposals as p", "p.id", "r.proposal_id")
    .select([
      "r.id",
      "r.burn_call_id",
      "r.proposal_id",
      "c.status as call_status",
      "c.updated_at as call_updated_at",
      "p.state as proposal_state",
      "p.call_id as proposal_call_id",
    ])
    .where("r.state", "=", "paying")
    .execute();
}

/** Orders whose own move failed on chain: a failed request (nothing reached the escrow), a failed return (still in it). */
export async function refundsWithFailedMoves(db: AppTx) {
  return db
    .selectFrom("refund_orders as r")
    .innerJoin("outbox_transfers as t", (j) =>
      j.on((eb) =>
        eb.or([
          eb.and([eb("r.state", "=", "requested"), eb("t.id", "=", eb.ref("r.request_transfer_id"))]),
          eb.and([eb("r.state", "=", "rejected"), eb("t.id", "=", eb.ref("r.return_transfer_id"))]),
        ]),
      ),
    )
    .select(["r.id", "r.state", "t.id as transfer_id"])
    .where("t.status", "=", "failed")
    .execute();
}

/** A member's approved purchases since `since` whose transfer is confirmed and that no refund names yet (청약철회 candidates). */
export async function withdrawalCandidates(db: AppTx, memberId: number, since: string) {
  return db
    .selectFrom("buy_orders as b")
    .innerJoin("outbox_transfers as t", "t.id", "b.transfer_id")
    .leftJoin("refund_orders as r", "r.buy_order_id", "b.id")
    .select(["b.id", "b.order_no", "b.value", "b.confirmed_at"])
    .where("b.member_id", "=", memberId)
    .where("b.state", "=", "confirmed")
    .where("t.status", "=", "confirmed")
    .where("b.confirmed_at", ">=", since)
    .where("r.id", "is", null)
    .orderBy("b.confirmed_at", "desc")
    .execute();
}

/** One 'paying' order resolved from its burn call or its proposal (see followRefunds). True when it moved. */
export async function followPaying(db: AppTx, o: Awaited<ReturnType<typeof payingWithCalls>>[number]): Promise<boolean> {
  const now = new Date().toISOString();
  if (o.proposal_id !== null) {
    const of = { proposalId: Number(o.proposal_id) };
    if (o.proposal_state === "approved")
      return moveRefund(db, o.id, "paying", "paid", { burn_call_id: o.proposal_call_id, decided_at: now }, of);
    if (o.proposal_state === "rejected" || o.proposal_state === "expired" || o.proposal_state === "failed")
      return moveRefund(db, o.id, "paying", "requested", { proposal_id: null, bank_ref: null }, of);
    return false;
  }
  // A payout being proposed has neither a call nor a proposal yet: it is left to its request.
  if (o.burn_call_id === null) return false;
  return followBurn(db, refundOrders, o, { done: (at) => ({ decided_at: at }), putBack: { bank_ref: null } });
}

/** Refund orders in the escrow-order lifecycle (server/money/escrow-order.ts): 환불 대기 → 지급 완료 or 반려. */
export const refundOrders: EscrowOrderKind<RefundState, Parameters<typeof moveRefund>[4] & {}> = {
  states: { waiting: "requested", burning: "paying", burned: "paid", returned: "rejected", requestFailed: "failed" },
  move: moveRefund,
  notWaiting: Msg.refundNotRequested,
};
