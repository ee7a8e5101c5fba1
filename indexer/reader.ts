import { checksumAddress } from "../chain/checksum";
import { anyOf } from "../db/open";
import { sql } from "kysely";
import { latestFeeCollector, readSyncState, type ChainStore } from "./db";
import { gasFeeOf, TRANSFER_COLUMNS } from "./schema";
import { balanceAt, movesBetween } from "./reader-asof";
import { emptyPage, guard, pageOf, timeConditions } from "./reader-page";
import { balanceAndHeadQuery, blockState, pauseState } from "./reader-state";
import { addressHistoryPage, DEFAULT_PAGE_LIMIT, rangeConditions, receivedBy, type Table, type Where } from "./reader-history";
import { toEvent, toTransaction, toTransfer, type ChainReader, type TransferQuery, type TransferRecord } from "./reader-types";

export * from "./reader-types";

const normHash = (h: string) => h.toLowerCase();

/** Reads of the chain store (`openChainStore({ …, readonly: true })`). The store stays the caller's to close. */
export function createChainReader(store: ChainStore): ChainReader {
  const { db } = store;
  const pgsql = store.dialect === "postgres";

  const page = <T extends Table, R, O>(
    table: T,
    where: Where<T>,
    order: [string, string],
    q: { limit?: number; offset?: number },
    map: (r: R) => O,
    capped = false,
  ) => pageOf(store, table, where, order, q, map, capped);

  function transferWhere(address: string, q: Omit<TransferQuery, "limit" | "offset">): Where<"transfers"> {
    const a = checksumAddress(address);
    return (eb) => [
      q.direction === "in" ? eb("to", "=", a) : q.direction === "out" ? eb("from", "=", a) : eb.or([eb("from", "=", a), eb("to", "=", a)]),
      ...(q.kinds?.length ? [eb("kind", "in", q.kinds)] : []),
      ...timeConditions<"transfers">(q)(eb),
    ];
  }

  const reader: ChainReader = {
    balanceOf(address) {
      return guard(0n, async () => {
        const r = await db.selectFrom("balances").select("balance").where("address", "=", checksumAddress(address)).executeTakeFirst();
        return r ? BigInt(r.balance) : 0n;
      });
    },
    balancesOf(addresses) {
      return guard(new Map<string, bigint>(), async () => {
        const list = [...new Set(addresses.map((a) => checksumAddress(a)))];
        const out = new Map<string, bigint>();
        // One statement per 5,000 addresses keeps under both stores' bound-parameter limits.
        for (let i = 0; i < list.length; i += 5000) {
          const rows = await db
            .selectFrom("balances")
            .select(["address", "balance"])
            .where("address", "in", list.slice(i, i + 5000))
            .execute();
          for (const r of rows) out.set(r.address, BigInt(r.balance));
        }
        return out;
      });
    },
    balanceAndHead(address) {
      const a = checksumAddress(address);
      return guard({ balance: 0n, head: null }, async () => {
        const [r] = await balanceAndHeadQuery(db, a);
        return { balance: BigInt(r.balance ?? "0"), head: r.head === null ? null : Number(r.head) };
      });
    },
    indexedHead() {
      return guard(null, async () => {
        const r = await db.selectFrom("sync_state").select(["last_block", "last_hash"]).where("id", "=", 1).executeTakeFirst();
        return r && r.last_block !== null && r.last_hash !== null ? { number: Number(r.last_block), hash: r.last_hash } : null;
      });
    },
    syncState() {
      return guard(null, () => readSyncState(db));
    },
    transaction(hash) {
      return guard(null, async () => {
        const h = normHash(hash);
        const [row, events, transfers] = await Promise.all([
          db
            .selectFrom("transactions as t")
            .leftJoin("blocks as b", "b.number", "t.block_number")
            .selectAll("t")
            .select("b.hash as block_hash")
            .where("t.hash", "=", h)
            .executeTakeFirst(),
          db.selectFrom("token_events").selectAll().where("tx_hash", "=", h).orderBy("log_index").execute(),
          reader.transfersByTx(h),
        ]);
        return row ? { ...toTransaction(row), blockHash: row.block_hash ?? null, transfers, events: events.map(toEvent) } : null;
      });
    },
    transfersOf(address, q = {}) {
      if (!q.kinds?.length && !q.direction)
        return guard(emptyPage<TransferRecord>(), () => addressHistoryPage(db, checksumAddress(address), q));
      const where = transferWhere(address, { ...q, from: undefined, to: undefined });
      return page("transfers", (eb) => [...where(eb), ...rangeConditions(q)(eb)], ["block_number", "log_index"], q, toTransfer, true);
    },
    countTransfersOf(address, q = {}) {
      const where = transferWhere(address, q);
      if (!q.kinds?.length && !q.direction && !q.from && !q.to) {
        return guard(0, async () =>
          Number(
            (await db.selectFrom("address_stats").select("transfers").where("address", "=", checksumAddress(address)).executeTakeFirst())
              ?.transfers ?? 0,
          ),
        );
      }
      return guard(0, async () => {
        const r = await db
          .selectFrom("transfers")
          .where((eb) => eb.and(where(eb)))
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirst();
        return Number(r?.n ?? 0);
      });
    },
    transfersByTx(hash) {
      return guard([], async () =>
        (
          await db.selectFrom("transfers").select(TRANSFER_COLUMNS).where("tx_hash", "=", normHash(hash)).orderBy("log_index").execute()
        ).map(toTransfer),
      );
    },
    transfersOfTransactions(hashes, kind) {
      const list = [...new Set(hashes.map(normHash))];
      if (list.length === 0) return Promise.resolve([]);
      return guard([], async () => {
        // The columns a record needs, and only the kind asked for: on SQLite, making the rows' values took most of
        // this read (a page of gifts: 200 legs, half of them fees the caller drops).
        let rows = db
          .selectFrom("transfers")
          .select(TRANSFER_COLUMNS)
          .where(anyOf(db, "tx_hash", list));
        // On SQLite `+kind`: the kind's index out of the plan, which with the ORDER BY chose to walk every transfer of
        // that kind in chain order (a million rows) rather than seek the hashes.
        if (kind) rows = rows.where(pgsql ? sql.ref("kind") : sql`+${sql.ref("kind")}`, "=", sql.lit(kind));
        return (await rows.orderBy("block_number").orderBy("log_index").execute()).map(toTransfer);
      });
    },
    receivedBy(addresses, q) {
      const list = [...new Set(addresses.map((a) => checksumAddress(a)))];
      if (list.length === 0) return Promise.resolve([]);
      return guard([], () => receivedBy(db, list, q));
    },
    holders(q = {}) {
      return guard({ items: [], total: 0, totalBalance: 0n }, async () => {
        // The order and the condition are those of the balances_rank index (2026-11-23-reads-chain), written
        // literally so both planners match it: PostgreSQL orders numeric; SQLite keeps decimal text without
        // leading zeros, so longer is larger, then lexical.
        let rows = db.selectFrom("balances").select(["address", "balance"]);
        rows = pgsql
          ? rows.where(sql<boolean>`balance <> 0`).orderBy("balance", "desc")
          : rows.where(sql<boolean>`balance <> '0'`).orderBy(sql`length(balance)`, "desc").orderBy("balance", "desc");
        const [items, s] = await Promise.all([
          rows
            .orderBy("address")
            .limit(q.limit ?? DEFAULT_PAGE_LIMIT)
            .offset(q.offset ?? 0)
            .execute(),
          db.selectFrom("sync_state").select(["holder_count", "total_supply"]).where("id", "=", 1).executeTakeFirst(),
        ]);
        return {
          items: items.map((r) => ({ address: r.address, balance: BigInt(r.balance) })),
          total: Number(s?.holder_count ?? 0),
          totalBalance: BigInt(s?.total_supply ?? "0"),
        };
      });
    },
    totalSupply() {
      return guard(0n, async () => {
        const r = await db.selectFrom("sync_state").select("total_supply").where("id", "=", 1).executeTakeFirst();
        return BigInt(r?.total_supply ?? "0");
      });
    },
    supplyFlows(since) {
      return guard({ minted: 0n, burned: 0n }, async () => {
        // Mints and burns are operator calls (a few a day): their rows are summed here, exactly, as bigints.
        const rows = await db
          .selectFrom("transfers")
          .select(["kind", "value"])
          .where("kind", "in", ["mint", "burn"])
          .where("timestamp", ">=", Math.floor(since.getTime() / 1000))
          .execute();
        let minted = 0n;
        let burned = 0n;
        for (const r of rows) {
          if (r.kind === "mint") minted += BigInt(r.value);
          else burned += BigInt(r.value);
        }
        return { minted, burned };
      });
    },
    isBlocked(address) {
      return guard(false, async () => (await blockState(db, checksumAddress(address))) === "block");
    },
    blockedAccounts() {
      return guard([], async () => {
        const rows = await db
          .selectFrom("token_events as e")
          .select("e.account")
          .where("e.kind", "=", "block")
          .where(({ not, exists, selectFrom, eb }) =>
            not(
              exists(
                selectFrom("token_events as u")
                  .select("u.log_index")
                  .whereRef("u.account", "=", "e.account")
                  .where("u.kind", "in", ["block", "unblock"])
                  .where((w) =>
                    w.or([
                      w("u.block_number", ">", w.ref("e.block_number")),
                      w.and([w("u.block_number", "=", w.ref("e.block_number")), w("u.log_index", ">", w.ref("e.log_index"))]),
                    ]),
                  ),
              ),
            ),
          )
          .orderBy("e.block_number", "desc")
          .execute();
        return rows.map((r) => r.account!);
      });
    },
    isPaused() {
      return guard(false, async () => (await pauseState(db)) === "paused");
    },
    feeCollector() {
      return guard(null, () => latestFeeCollector(db));
    },
    transactions(q = {}) {
      const a = q.address ? checksumAddress(q.address) : null;
      const where: Where<"transactions"> = (eb) => [
        ...(a
          ? [
              eb.or([
                eb("from", "=", a),
                eb("to", "=", a),
                eb(
                  "hash",
                  "in",
                  eb
                    .selectFrom("transfers")
                    .select("tx_hash")
                    .where((t) => t.or([t("from", "=", a), t("to", "=", a)])),
                ),
                eb("hash", "in", eb.selectFrom("token_events").select("tx_hash").where("account", "=", a)),
              ]),
            ]
          : []),
        ...(q.status !== undefined ? [eb("status", "=", q.status)] : []),
        ...(q.method ? [eb("method", "=", q.method)] : []),
        ...timeConditions<"transactions">(q)(eb),
      ];
      return page("transactions", where, ["block_number", "tx_index"], q, toTransaction);
    },
    tokenEvents(q = {}) {
      const kinds = q.kind === undefined ? [] : Array.isArray(q.kind) ? q.kind : [q.kind];
      const account = q.account ? checksumAddress(q.account) : null;
      const where: Where<"token_events"> = (eb) => [
        ...(kinds.length ? [eb("kind", "in", kinds)] : []),
        ...(account ? [eb("account", "=", account)] : []),
        ...timeConditions<"token_events">(q)(eb),
      ];
      return page("token_events", where, ["block_number", "log_index"], q, toEvent);
    },
    transfers(q = {}) {
      const addresses = q.addresses?.map((a) => checksumAddress(a));
      if (addresses && addresses.length === 0) return Promise.resolve(emptyPage<TransferRecord>());
      // One address, every kind: its history's window (exact total, any page by seek).
      if (addresses?.length === 1 && !q.kinds?.length && !q.txHash)
        return guard(emptyPage<TransferRecord>(), () => addressHistoryPage(db, addresses[0], q));
      const where: Where<"transfers"> = (eb) => [
        ...(q.kinds?.length ? [eb("kind", "in", q.kinds)] : []),
        ...(q.txHash ? [eb("tx_hash", "=", normHash(q.txHash))] : []),
        ...(addresses ? [eb.or([eb("from", "in", addresses), eb("to", "in", addresses)])] : []),
        // The block bounds are the date range (no timestamp condition: it would steer the planner off the block order).
        ...rangeConditions(q)(eb),
      ];
      return page("transfers", where, ["block_number", "log_index"], q, toTransfer, true);
    },
    gasFeesOf(hashes) {
      return guard(new Map<string, bigint>(), async () => {
        const list = [...new Set(hashes.map(normHash))];
        if (list.length === 0) return new Map();
        // The three columns only: whole rows cost a 100-hash page twice as long (read and converted for nothing).
        const rows = await db
          .selectFrom("transactions")
          .select(["hash", "gas_used", "gas_price"])
          .where(anyOf(db, "hash", list))
          .execute();
        return new Map(rows.map((r) => [r.hash, gasFeeOf(r)]));
      });
    },
    movesBetween(afterBlock, toBlock, after, limit) {
      return guard([], () => movesBetween(db, afterBlock, toBlock, after, limit));
    },
    balanceAt(address, block) {
      return guard(0n, () => balanceAt(db, checksumAddress(address), block));
    },
    balancesAfter(after, limit) {
      return guard([], async () => {
        let q = db.selectFrom("balances").select(["address", "balance"]).where("balance", "!=", "0");
        if (after) q = q.where("address", ">", after);
        const rows = await q.orderBy("address").limit(limit).execute();
        return rows.map((r) => ({ address: r.address, balance: BigInt(r.balance) }));
      });
    },
    usedAuthorizations(authorizer, nonces, head) {
      const list = [...new Set(nonces.map((n) => n.toLowerCase()))];
      if (list.length === 0) return Promise.resolve(new Set<string>());
      return guard(new Set<string>(), async () => {
        const rows = await db
          .selectFrom("token_events")
          .select("nonce")
          .where("nonce", "in", list)
          .where("account", "=", checksumAddress(authorizer))
          .where("kind", "=", "auth_used")
          .where("block_number", "<=", head)
          .execute();
        return new Set(rows.map((r) => r.nonce!.toLowerCase()));
      });
    },
    authorizationEvents(authorizer, nonce) {
      return guard([], async () => {
        const rows = await db
          .selectFrom("token_events")
          .selectAll()
          .where("nonce", "=", nonce.toLowerCase())
          .where("account", "=", checksumAddress(authorizer))
          .where("kind", "in", ["auth_used", "auth_canceled", "auth_failed"])
          .orderBy("block_number")
          .orderBy("log_index")
          .execute();
        return rows.map(toEvent);
      });
    },
  };
  return reader;
}
