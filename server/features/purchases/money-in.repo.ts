import type { AppTx } from "../../db/schema";
import type { BankDepositState } from "../../db/schema-money-in";
import { nowIso } from "../../db/app-db";
import type { BuyOrderRow } from "./purchases.repo";

/** SQL of the bank's callbacks (bank_events), the deposits it reported (bank_deposits) and linked accounts. */

/** Records a callback's event id; false when it was seen before (the replay guard: the unique key, across processes). */
export async function recordEvent(
  db: AppTx,
  e: { eventId: string; type: string; payload: string; outcome: string },
): Promise<number | null> {
  const r = await db
    .insertInto("bank_events")
    .values({ event_id: e.eventId, type: e.type, payload: e.payload, outcome: e.outcome, received_at: nowIso() })
    .onConflict((oc) => oc.column("event_id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return r ? Number(r.id) : null;
}

export async function setEventOutcome(db: AppTx, id: number, outcome: string, orderId: number | null): Promise<void> {
  await db.updateTable("bank_events").set({ outcome, order_id: orderId }).where("id", "=", id).execute();
}

/** The buy order a virtual account belongs to (its number is unique per order), locked on PostgreSQL. */
export async function orderOfAccount(db: AppTx, accountNumber: string, postgres: boolean): Promise<BuyOrderRow | undefined> {
  const q = db.selectFrom("buy_orders").selectAll().where("bank_account", "=", accountNumber).where("method", "=", "virtual");
  return (postgres ? q.forUpdate() : q).executeTakeFirst();
}

export async function orderOfDebit(db: AppTx, debitId: string, postgres: boolean): Promise<BuyOrderRow | undefined> {
  const q = db.selectFrom("buy_orders").selectAll().where("debit_id", "=", debitId);
  return (postgres ? q.forUpdate() : q).executeTakeFirst();
}

export interface NewDeposit {
  source: "callback" | "statement";
  eventId?: string | null;
  statementKey?: string | null;
  accountNumber: string | null;
  amount: number;
  depositorName: string;
  depositedAt: string;
  state: BankDepositState;
  reason?: string | null;
  orderId?: number | null;
}

export async function insertDeposit(db: AppTx, d: NewDeposit): Promise<number> {
  const r = await db
    .insertInto("bank_deposits")
    .values({
      source: d.source,
      event_id: d.eventId ?? null,
      statement_key: d.statementKey ?? null,
      account_number: d.accountNumber,
      amount: d.amount,
      depositor_name: d.depositorName,
      deposited_at: d.depositedAt,
      state: d.state,
      reason: d.reason ?? null,
      order_id: d.orderId ?? null,
      created_at: nowIso(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function depositById(db: AppTx, id: number) {
  return db.selectFrom("bank_deposits").selectAll().where("id", "=", id).executeTakeFirst();
}

/** An operator's decision on a queued deposit; false when it was no longer waiting (another operator was first). */
export async function decideDeposit(
  db: AppTx,
  id: number,
  d: { state: BankDepositState; orderId?: number | null; note: string | null; adminId: number },
): Promise<boolean> {
  const r = await db
    .updateTable("bank_deposits")
    .set({ state: d.state, order_id: d.orderId ?? null, note: d.note, admin_id: d.adminId, decided_at: nowIso() })
    .where("id", "=", id)
    .where("state", "in", ["review", "held"])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The queue (입금 확인 필요): deposits waiting for a person, held ones after them; newest first. */
export async function depositQueue(db: AppTx, states: BankDepositState[]) {
  return db
    .selectFrom("bank_deposits as d")
    .leftJoin("buy_orders as o", "o.id", "d.order_id")
    .select([
      "d.id",
      "d.source",
      "d.account_number",
      "d.amount",
      "d.depositor_name",
      "d.deposited_at",
      "d.state",
      "d.reason",
      "d.note",
      "d.order_id",
      "o.order_no",
      "d.created_at",
    ])
    .where("d.state", "in", states)
    .orderBy("d.id", "desc")
    .limit(500)
    .execute();
}

export async function countReview(db: AppTx): Promise<number> {
  const r = await db
    .selectFrom("bank_deposits")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("state", "=", "review")
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** The audit log's actor of what the bank's notices confirm (the `@bank` record of migrations-money-in.ts). */
export const BANK_ACTOR_LOGIN = "@bank";
/** Its id per store (a process may hold several: the tests' stacks), read once each. */
const bankActorIds = new WeakMap<object, number>();
export async function bankActor(db: AppTx): Promise<{ id: number; login_id: string }> {
  let id = bankActorIds.get(db);
  if (id === undefined) {
    const r = await db.selectFrom("admins").select("id").where("login_id", "=", BANK_ACTOR_LOGIN).executeTakeFirstOrThrow();
    id = Number(r.id);
    bankActorIds.set(db, id);
  }
  return { id, login_id: BANK_ACTOR_LOGIN };
}

/** The member's linked account still in force. */
export async function activeLink(db: AppTx, memberId: number) {
  return db
    .selectFrom("linked_accounts")
    .selectAll()
    .where("member_id", "=", memberId)
    .where("removed_at", "is", null)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

export async function insertLink(
  db: AppTx,
  l: { memberId: number; bankName: string; accountMasked: string; linkId: string },
): Promise<void> {
  await db
    .insertInto("linked_accounts")
    .values({ member_id: l.memberId, bank_name: l.bankName, account_masked: l.accountMasked, link_id: l.linkId, created_at: nowIso() })
    .execute();
}

/** Ends the member's link; only their own (the member id is part of the condition). */
export async function removeLink(db: AppTx, memberId: number, id: number): Promise<boolean> {
  const r = await db
    .updateTable("linked_accounts")
    .set({ removed_at: nowIso() })
    .where("id", "=", id)
    .where("member_id", "=", memberId)
    .where("removed_at", "is", null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A charge the bank never took (it was down): the order goes as if never made. */
export async function dropUnsentCharge(db: AppTx, orderId: number): Promise<void> {
  await db.deleteFrom("buy_orders").where("id", "=", orderId).where("state", "=", "pending").where("transfer_id", "is", null).execute();
}

export async function depositByStatementKey(db: AppTx, key: string) {
  return db.selectFrom("bank_deposits").select("id").where("statement_key", "=", key).executeTakeFirst();
}

/** A deposit a callback reported (same amount and name, near in time) not yet seen on a statement: the line is it. */
export async function claimReportedDeposit(
  db: AppTx,
  l: { key: string; amount: number; depositor: string; from: string; to: string },
): Promise<boolean> {
  const row = await db
    .selectFrom("bank_deposits")
    .select("id")
    .where("source", "=", "callback")
    .where("statement_key", "is", null)
    .where("amount", "=", l.amount)
    .where("depositor_name", "=", l.depositor)
    .where("deposited_at", ">=", l.from)
    .where("deposited_at", "<=", l.to)
    .orderBy("id")
    .executeTakeFirst();
  if (!row) return false;
  const r = await db
    .updateTable("bank_deposits")
    .set({ statement_key: l.key })
    .where("id", "=", row.id)
    .where("statement_key", "is", null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Main-account orders this deposit could be for: that amount, that member's name, made before it. */
const mainAccountOrdersFor = (db: AppTx, l: { amount: number; depositor: string; at: string }) =>
  db
    .selectFrom("buy_orders as o")
    .innerJoin("members as m", "m.id", "o.member_id")
    .where("o.method", "=", "deposit")
    .where("o.value", "=", l.amount)
    .where("m.username", "=", l.depositor)
    .where("o.created_at", "<=", l.at);

/** A main-account order an operator approved by hand for this deposit, no deposit on record yet. */
export async function handApprovedOrder(db: AppTx, l: { amount: number; depositor: string; at: string }): Promise<number | null> {
  const row = await mainAccountOrdersFor(db, l)
    .select("o.id")
    .where("o.state", "=", "confirmed")
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("bank_deposits as d").select("d.id").whereRef("d.order_id", "=", "o.id"))),
    )
    .orderBy("o.confirmed_at")
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** Main-account orders still waiting that this deposit would pay (open at its time). */
export async function waitingMainAccountOrders(db: AppTx, l: { amount: number; depositor: string; at: string }) {
  return mainAccountOrdersFor(db, l).selectAll("o").where("o.state", "=", "pending").where("o.expires_at", ">", l.at).limit(2).execute();
}

/** Why the bank refused an order's debit, as its `debit.failed` notice said (empty when it gave no reason). */
export async function debitFailure(db: AppTx, orderId: number): Promise<string> {
  const e = await db
    .selectFrom("bank_events")
    .select("payload")
    .where("order_id", "=", orderId)
    .where("type", "=", "debit.failed")
    .executeTakeFirst();
  return e ? ((JSON.parse(e.payload) as { data?: { reason?: string } }).data?.reason ?? "") : "";
}
