import { sql } from "kysely";
import type { AppTx } from "../../db/schema";
import { opaque } from "../../../db/open";
import { pagedQuery } from "../../db/paged";
import type { Paged, TableHandler } from "../../../domain/schemas/shared/list";

/** Token issuance (the journaled mint / burn calls) and fee legs (outbox transfers that carried a fee). */

type Kind = "mint" | "burn";
interface Range {
  start: string;
  end: string;
}

const callBase = (db: AppTx, kinds: Kind[]) =>
  db
    .selectFrom("chain_calls as c")
    .leftJoin("admins as a", "a.id", "c.admin_id")
    .where("c.method", "in", kinds)
    .where("c.status", "=", "confirmed");
const callColumns = (qb: ReturnType<typeof callBase>) =>
  qb.select(["c.id", "c.method", "c.args", "c.tx_hash", "c.block_number", "c.created_at", "c.updated_at", "a.login_id"]);
export type TokenCallRow = Awaited<ReturnType<ReturnType<typeof callColumns>["execute"]>>[number];

/** Search box of the issuance list: the tx hash or the operator's login id exactly, or part of the address. */
export async function listTokenCalls(
  db: AppTx,
  q: TableHandler<"createdAt" | "id"> & Range & { kinds: Kind[]; keyword?: string },
): Promise<Paged<TokenCallRow>> {
  let base = callBase(db, q.kinds).where("c.created_at", ">=", q.start).where("c.created_at", "<=", q.end);
  if (q.keyword) {
    const k = q.keyword;
    base = base.where((eb) =>
      eb.or([
        eb("c.tx_hash", "=", k.toLowerCase()),
        eb("a.login_id", "=", k),
        eb(eb.fn("lower", ["c.args"]), "like", `%${k.toLowerCase().replace(/[%_\\]/g, "")}%`),
      ]),
    );
  }
  return pagedQuery(db, base, callColumns, q, { createdAt: "c.created_at", id: "c.id" }, "c.id");
}

/** Every confirmed mint / burn in [start, end) (issuance is rare: the amounts are summed by the caller). */
export async function tokenCallsBetween(db: AppTx, start: string, end: string): Promise<TokenCallRow[]> {
  return callColumns(callBase(db, ["mint", "burn"]))
    .where("c.created_at", ">=", start)
    .where("c.created_at", "<", end)
    .execute();
}

export async function tokenCallById(db: AppTx, id: number): Promise<TokenCallRow | undefined> {
  return callColumns(callBase(db, ["mint", "burn"]))
    .where("c.id", "=", id)
    .executeTakeFirst();
}

const feeBase = (db: AppTx) =>
  db
    .selectFrom("outbox_transfers as t")
    .leftJoin("members as a", "a.id", "t.member_id")
    .leftJoin("members as b", "b.id", "t.counterparty_member_id")
    .where("t.fee", ">", sql.lit(0))
    .where("t.status", "=", sql.lit("confirmed"));
const feeColumns = (qb: ReturnType<typeof feeBase>) =>
  qb.select([
    "t.id",
    "t.kind",
    "t.from_address",
    "t.to_address",
    "t.value",
    "t.fee",
    "t.created_at",
    "t.tx_hash",
    "t.member_id",
    "t.counterparty_member_id",
    "a.username",
    "a.phonenumber",
    "b.username as to_username",
  ]);
export type FeeDbRow = Awaited<ReturnType<ReturnType<typeof feeColumns>["execute"]>>[number];

/** Search box of the fee list: the sender's or receiver's name or phone number, exactly. */
export async function listFees(
  db: AppTx,
  q: TableHandler<"createdAt" | "id"> & Range & { kind?: "gift" | "use"; keyword?: string },
): Promise<Paged<FeeDbRow>> {
  let base = feeBase(db).where("t.created_at", ">=", opaque(db, q.start)).where("t.created_at", "<=", opaque(db, q.end));
  if (q.keyword) {
    const k = q.keyword;
    base = base.where((eb) =>
      eb.or([eb("a.username", "=", k), eb("a.phonenumber", "=", k), eb("b.username", "=", k), eb("b.phonenumber", "=", k)]),
    );
  }
  if (q.kind) base = base.where("t.kind", "=", sql.lit(q.kind));
  return pagedQuery(db, base, feeColumns, q, { createdAt: "t.created_at", id: "t.id" }, "t.id");
}

export async function feeById(db: AppTx, id: number): Promise<FeeDbRow | undefined> {
  return feeColumns(feeBase(db)).where("t.id", "=", id).executeTakeFirst();
}

/** Won of fees taken in [start, end). */
export async function sumFees(db: AppTx, start: string, end: string): Promise<number> {
  const r = await feeBase(db)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>("t.fee"), eb.lit(0)).as("n"))
    .where("t.created_at", ">=", start)
    .where("t.created_at", "<", end)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
