import type { AppDb, AppTx } from "../db/schema";
import { anyOf } from "../../db/open";

/**
 * How many addresses' names a store's cache keeps (a few MB; the oldest go first). The holders and the wallets
 * the dashboard pages through are far fewer.
 */
const MAX_NAMES = 100_000;
const caches = new WeakMap<AppDb, Map<string, string>>();

/**
 * The owner names of addresses (member name, else the wallet's nickname, else its kind), remembered per store.
 * A wallet's name never changes once the wallet exists: wallets are only ever inserted (custody/wallets.repo.ts),
 * with their kind and nickname, and a member's name is not edited by any route. So a name read once stays true
 * and is not read again; an address with no wallet is asked each time (one may be created for it). A route that
 * comes to rename a member or a wallet must drop the address from this cache.
 *
 * Naming a page of the busiest address read 101 names a call, most of that figure's time on PostgreSQL (the
 * page's own statement is ~0.5 ms); see docs/bench.md (Reads).
 */
export async function ownerNames(db: AppDb, addresses: string[]): Promise<Map<string, string>> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const names = new Map<string, string>();
  const unknown: string[] = [];
  for (const a of new Set(addresses)) {
    const name = cache.get(a);
    if (name === undefined) unknown.push(a);
    else names.set(a, name);
  }
  if (unknown.length === 0) return names;
  for (const [a, name] of await namesOf(db, unknown)) {
    names.set(a, name);
    if (cache.size >= MAX_NAMES) cache.delete(cache.keys().next().value!);
    cache.set(a, name);
  }
  return names;
}

/** What the screens call these addresses by: the member's name, else the wallet's nickname, else its kind. */
export async function namesOf(db: AppTx, addresses: string[]): Promise<Map<string, string>> {
  if (addresses.length === 0) return new Map();
  // The name only, chosen in SQL: two fields a row to decode, not four (decoding is most of this read's cost;
  // with the owner's every field a page of 100 addresses read a third slower still).
  const rows = await db
    .selectFrom("wallets")
    .leftJoin("members", "members.id", "wallets.member_id")
    .select((eb) => ["wallets.address", eb.fn.coalesce("members.username", "wallets.nickname", "wallets.kind").as("name")])
    .where(anyOf(db, "wallets.address", addresses))
    .execute();
  return new Map(rows.map((o) => [o.address, o.name]));
}
