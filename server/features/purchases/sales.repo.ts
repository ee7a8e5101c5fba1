import { sql } from "kysely";
import type { AppTx } from "../../db/schema";
import { opaque } from "../../../db/open";
import { pagedQuery } from "../../db/paged";
import type { Paged, TableHandler } from "../../../domain/schemas/shared/list";

/** Sales of the back-office: sell = buy orders, use / gift = the outbox's use and gift transfers. */

type Sort = "createdAt" | "id" | "value";
export interface SaleQuery extends TableHandler<Sort> {
  start: string;
  end: string;
}

/** Won of completed sells approved in [start, end). */
export async function sumSell(db: AppTx, start: string, end: string): Promise<number> {
  const r = await db
    .selectFrom("buy_orders")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>("value"), eb.lit(0)).as("n"))
    .where("state", "=", "confirmed")
    .where("confirmed_at", ">=", start)
    .where("confirmed_at", "<", end)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Won of confirmed use or gift transfers made in [start, end). */
export async function sumMoves(db: AppTx, kind: "use" | "gift", start: string, end: string): Promise<number> {
  const r = await db
    .selectFrom("outbox_transfers")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>("value"), eb.lit(0)).as("n"))
    .where("kind", "=", kind)
    .where("status", "=", "confirmed")
    .where("created_at", ">=", start)
    .where("created_at", "<", end)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

const sellBase = (db: AppTx) =>
  db
    .selectFrom("buy_orders as o")
    .innerJoin("members as m", "m.id", "o.member_id")
    .leftJoin("wallets as w", (j) => j.onRef("w.member_id", "=", "o.member_id").on("w.kind", "=", "member"))
    .leftJoin("outbox_transfers as t", "t.id", "o.transfer_id");

const sellColumns = (qb: ReturnType<typeof sellBase>) =>
  qb.select([
    "o.id",
    "o.order_no",
    "o.state",
    "o.bank_name",
    "o.bank_account",
    "o.owner_name",
    "o.member_id",
    "o.value",
    "o.created_at",
    "o.expires_at",
    "o.confirmed_at",
    "o.cancelled_at",
    "o.confirmed_by",
    "m.username",
    "m.phonenumber",
    "w.address",
    "t.tx_hash",
  ]);
export type SellDbRow = Awaited<ReturnType<ReturnType<typeof sellColumns>["execute"]>>[number];

export async function listSell(db: AppTx, q: SaleQuery): Promise<Paged<SellDbRow>> {
  const base = sellBase(db).where("o.created_at", ">=", q.start).where("o.created_at", "<=", q.end);
  return pagedQuery(db, base, sellColumns, q, { createdAt: "o.created_at", id: "o.id", value: "o.value" }, "o.id");
}

export async function sellById(db: AppTx, id: number): Promise<SellDbRow | undefined> {
  return sellColumns(sellBase(db)).where("o.id", "=", id).executeTakeFirst();
}

const moveBase = (db: AppTx, kind: "use" | "gift") =>
  db
    .selectFrom("outbox_transfers as t")
    .leftJoin("members as a", "a.id", "t.member_id")
    .leftJoin("members as b", "b.id", "t.counterparty_member_id")
    .where("t.kind", "=", sql.lit(kind));

const moveColumns = (qb: ReturnType<typeof moveBase>) =>
  qb.select([
    "t.id",
    "t.kind",
    "t.status",
    "t.from_address",
    "t.to_address",
    "t.value",
    "t.fee",
    "t.created_at",
    "t.tx_hash",
    "t.member_id",
    "t.counterparty_member_id",
    "a.username as from_username",
    "b.username as to_username",
  ]);
export type MoveDbRow = Awaited<ReturnType<ReturnType<typeof moveColumns>["execute"]>>[number];

export async function listMoves(db: AppTx, kind: "use" | "gift", q: SaleQuery): Promise<Paged<MoveDbRow>> {
  const base = moveBase(db, kind).where("t.created_at", ">=", opaque(db, q.start)).where("t.created_at", "<=", opaque(db, q.end));
  return pagedQuery(db, base, moveColumns, q, { createdAt: "t.created_at", id: "t.id", value: "t.value" }, "t.id");
}

export async function moveById(db: AppTx, kind: "use" | "gift", id: number): Promise<MoveDbRow | undefined> {
  return moveColumns(moveBase(db, kind)).where("t.id", "=", id).executeTakeFirst();
}
