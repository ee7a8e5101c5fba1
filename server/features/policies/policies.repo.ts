import type { AppTx, PoliciesTable } from "../../db/schema";
import type { Selectable } from "kysely";
import { nowIso } from "../../db/app-db";

export type Policy = Selectable<PoliciesTable>;

export async function policyById(db: AppTx, id: number): Promise<Policy | undefined> {
  return db.selectFrom("policies").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Writes a policy's content (operator HTML, already sanitised), creating it when missing. */
export async function savePolicy(db: AppTx, id: number, content: string, at: string = nowIso()): Promise<void> {
  await db
    .insertInto("policies")
    .values({ id, content, state: 1, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column("id").doUpdateSet({ content, updated_at: at }))
    .execute();
}

export async function deletePolicy(db: AppTx, id: number): Promise<boolean> {
  const r = await db.deleteFrom("policies").where("id", "=", id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Every stored policy, by id. */
export async function allPolicies(db: AppTx): Promise<Policy[]> {
  return db.selectFrom("policies").selectAll().orderBy("id").execute();
}

/** Creates a policy that does not exist yet; false when it already does. */
export async function insertPolicy(db: AppTx, id: number, content: string, at: string = nowIso()): Promise<boolean> {
  const r = await db
    .insertInto("policies")
    .values({ id, content, state: 1, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Replaces an existing policy's content; false when there is none. */
export async function updatePolicy(db: AppTx, id: number, content: string, at: string = nowIso()): Promise<boolean> {
  const r = await db.updateTable("policies").set({ content, updated_at: at }).where("id", "=", id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
