import type { AppTx } from "../../db/schema";
import { OPERATOR_WALLET_KINDS } from "../../custody/wallets.repo";
import { pagedQuery } from "../../db/paged";
import type { TableHandler } from "../../../domain/schemas/shared/list";

const operatorBase = (db: AppTx) => db.selectFrom("wallets").where("kind", "in", OPERATOR_WALLET_KINDS);
const operatorColumns = (qb: ReturnType<typeof operatorBase>) => qb.select(["id", "address", "kind", "nickname", "created_at"]);

export async function operatorWallets(db: AppTx) {
  return operatorColumns(operatorBase(db)).orderBy("id").execute();
}

/** One page of the operator wallets, by id. */
export async function operatorWalletsPage(db: AppTx, h: TableHandler<"id">) {
  return pagedQuery(db, operatorBase(db), operatorColumns, h, { id: "id" }, "id");
}

/** Won sent (confirmed outbox transfers, fees included) by each of `addresses` in [start, end). */
export async function sentBetween(db: AppTx, addresses: string[], start: string, end: string): Promise<Map<string, number>> {
  if (addresses.length === 0) return new Map();
  const rows = await db
    .selectFrom("outbox_transfers")
    .select((eb) => ["from_address", eb.fn.sum<number | string>(eb("value", "+", eb.ref("fee"))).as("n")])
    .where("from_address", "in", addresses)
    .where("status", "=", "confirmed")
    .where("created_at", ">=", start)
    .where("created_at", "<", end)
    .groupBy("from_address")
    .execute();
  return new Map(rows.map((r) => [r.from_address, Number(r.n)]));
}
