import path from "node:path";
import { migrate, openStore, storeLocation, type Store } from "../../db/open";
import { appMigrations } from "./migrations";
import type { AppDatabase, AppDb, AppTx } from "./schema";

export type { AppDb, AppTx } from "./schema";
export type AppStore = Store<AppDatabase>;

/** Opens and migrates the app store: `DATA_DIR/app.db` (SQLite, WAL) or schema `app` of `DATABASE_URL`. */
export async function openAppStore(opts: { dataDir: string; databaseUrl: string | null }): Promise<AppStore> {
  const store = await openStore<AppDatabase>(storeLocation(opts.databaseUrl, path.join(opts.dataDir, "app.db"), "app"));
  await migrate(store.db, appMigrations);
  return store;
}

export const nowIso = () => new Date().toISOString();

export async function getMeta(db: AppTx, key: string): Promise<string | null> {
  const row = await db.selectFrom("meta").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value ?? null;
}

export async function setMeta(db: AppTx, key: string, value: string): Promise<void> {
  await db
    .insertInto("meta")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}

/** Sets `key` only if absent; true when this call set it (a start-up claim several processes can race for). */
export async function claimMeta(db: AppDb, key: string, value: string): Promise<boolean> {
  const r = await db
    .insertInto("meta")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
}
