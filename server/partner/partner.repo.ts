import type { AppTx } from "../db/schema";

/** Market addresses: the member wallets of shop owners (grade `exchanger`). */
export async function marketAddresses(db: AppTx): Promise<string[]> {
  const rows = await db
    .selectFrom("wallets as w")
    .innerJoin("members as m", "m.id", "w.member_id")
    .select("w.address")
    .where("w.kind", "=", "member")
    .where("m.permission", "=", "exchanger")
    .execute();
  return rows.map((r) => r.address);
}
