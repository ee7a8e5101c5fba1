import { sql } from "kysely";
import type { AppTx } from "../../db/schema";

/** Market addresses: the member wallets of shop owners (grade `exchanger`). */
export async function marketAddresses(db: AppTx): Promise<string[]> {
  const rows = await db
    .selectFrom("wallets as w")
    .innerJoin("members as m", "m.id", "w.member_id")
    .select("w.address")
    // Literals: a plan for these values (five market wallets among 50,000), not one for any kind and permission.
    .where("w.kind", "=", sql.lit("member"))
    .where("m.permission", "=", sql.lit("exchanger"))
    .execute();
  return rows.map((r) => r.address);
}
