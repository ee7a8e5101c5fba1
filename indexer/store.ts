import { sql } from "kysely";
import { latestFeeCollector, readSyncState, wipeChainStore, type ChainStore, type SyncState } from "./db";
import type { DecodedRange } from "./decode";
import { effects, nowIso } from "./store-effects";
import { sqliteRangeWriter } from "./store-sqlite";
import { StaleHeadError } from "./errors";
import type { ChainTx } from "./schema";

/**
 * The indexer's writes to the chain store. Every write is one transaction, so a reader (or a
 * restart after a crash) sees a range either wholly indexed or not at all.
 */
export interface IndexerStore {
  state(): Promise<SyncState | null>;
  /** Starts a fresh mirror (after a wipe, or the first time). */
  init(s: Omit<SyncState, "lastBlock" | "lastHash" | "totalSupply">): Promise<void>;
  wipe(): Promise<void>;
  /**
   * Writes one decoded range and moves the indexed head to its last block; returns the new state.
   * `from` is the head hash the range extends (null on an empty mirror): if the store's head is not
   * that any more, nothing is written and StaleHeadError is thrown (compare-and-set, so a second
   * writer during a hand-over can never apply a range on the wrong parent).
   */
  applyRange(range: DecodedRange, head: { number: number; hash: string }, from: string | null): Promise<SyncState>;
  /** Deletes everything above `ancestor`, takes its transfers out of the balances; returns the removed tx hashes. Same check of `from`. */
  rollbackTo(ancestor: number, from: string | null): Promise<{ removedTxHashes: string[]; state: SyncState }>;
  /** Stored blocks at or below `n`, newest first. */
  storedBlocksBelow(n: number, limit: number): Promise<{ number: number; hash: string }[]>;
  storedBlock(n: number): Promise<{ number: number; hash: string } | null>;
  /**
   * Forgets old blocks without token activity below `keepFrom`; the recent window stays for reorg checks.
   * `since`: blocks below it were pruned already (so a live prune reads the 64 blocks it drops, not the whole history).
   */
  prune(keepFrom: number, since?: number): Promise<void>;
  feeCollector(): Promise<string | null>;
}

/** Rows per multi-row INSERT (well under SQLite's and PostgreSQL's bound-parameter limits). */
const CHUNK = 500;

function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

const asBlock = (r: { number: number | string; hash: string }) => ({ number: Number(r.number), hash: r.hash });

export function createStore(store: ChainStore): IndexerStore {
  const { db } = store;
  const pgsql = store.dialect === "postgres";
  if (!pgsql && !store.sqlite) throw new Error("the SQLite chain store was not opened for writing (openChainStore without readonly)");
  const sqliteWrites = pgsql ? null : sqliteRangeWriter(store.sqlite!);

  /** Locks the sync_state row if the head is still `from`; StaleHeadError otherwise. The first write of a range. */
  async function claimHead(tx: ChainTx, from: string | null): Promise<void> {
    const r = await tx
      .updateTable("sync_state")
      .set({ updated_at: nowIso() })
      .where("id", "=", 1)
      .where("last_hash", from === null ? "is" : "=", from)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) return;
    const s = await readSyncState(tx);
    throw new StaleHeadError(from, s?.lastHash ?? null);
  }

  /**
   * Adds exact deltas to balances and the supply. PostgreSQL adds numeric in SQL (atomic even if two
   * writers met); SQLite keeps decimal text, so the sum is done in BigInt inside the same transaction.
   */
  async function addEffects(
    tx: ChainTx,
    { deltas, supply }: { deltas: Map<string, bigint>; supply: bigint },
    head: { number: number | null; hash: string | null },
  ) {
    const changed = [...deltas].filter(([, d]) => d !== 0n);
    // Holders = non-zero balances: +1 for a balance leaving zero, -1 for one reaching it.
    let holders = 0;
    const count = (before: bigint, after: bigint) => (holders += Number(after !== 0n) - Number(before !== 0n));
    if (pgsql) {
      for (const part of chunks(changed)) {
        const rows = await tx
          .insertInto("balances")
          .values(part.map(([address, d]) => ({ address, balance: d.toString() })))
          .onConflict((oc) => oc.column("address").doUpdateSet({ balance: sql<string>`balances.balance + excluded.balance` }))
          .returning(["address", "balance"])
          .execute();
        for (const r of rows) count(BigInt(r.balance) - deltas.get(r.address)!, BigInt(r.balance));
      }
      await tx
        .updateTable("sync_state")
        .set({
          last_block: head.number,
          last_hash: head.hash,
          updated_at: nowIso(),
          total_supply: sql<string>`total_supply + ${supply.toString()}::numeric`,
          holder_count: sql<number>`holder_count + ${holders}`,
        })
        .where("id", "=", 1)
        .execute();
      return;
    }
    for (const part of chunks(changed)) {
      const rows = await tx
        .selectFrom("balances")
        .select(["address", "balance"])
        .where(
          "address",
          "in",
          part.map(([address]) => address),
        )
        .execute();
      const old = new Map(rows.map((r) => [r.address, BigInt(r.balance)]));
      for (const [address, d] of part) count(old.get(address) ?? 0n, (old.get(address) ?? 0n) + d);
      await tx
        .insertInto("balances")
        .values(part.map(([address, d]) => ({ address, balance: ((old.get(address) ?? 0n) + d).toString() })))
        .onConflict((oc) => oc.column("address").doUpdateSet((eb) => ({ balance: eb.ref("excluded.balance") })))
        .execute();
    }
    const s = await tx.selectFrom("sync_state").select(["total_supply", "holder_count"]).where("id", "=", 1).executeTakeFirstOrThrow();
    await tx
      .updateTable("sync_state")
      .set({
        last_block: head.number,
        last_hash: head.hash,
        updated_at: nowIso(),
        total_supply: (BigInt(s.total_supply) + supply).toString(),
        holder_count: Number(s.holder_count) + holders,
      })
      .where("id", "=", 1)
      .execute();
  }

  /** The transfer counts (= last seq) of these addresses; absent: 0. */
  async function addressCounts(tx: ChainTx, addresses: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const part of chunks(addresses)) {
      const rows = await tx.selectFrom("address_stats").select(["address", "transfers"]).where("address", "in", part).execute();
      for (const r of rows) out.set(r.address, Number(r.transfers));
    }
    return out;
  }

  /** Writes these addresses' new transfer counts (the writer holds the head's lock: nothing else changes them). */
  async function writeAddressCounts(tx: ChainTx, counts: Map<string, number>): Promise<void> {
    for (const part of chunks([...counts])) {
      await tx
        .insertInto("address_stats")
        .values(part.map(([address, transfers]) => ({ address, transfers })))
        .onConflict((oc) => oc.column("address").doUpdateSet((eb) => ({ transfers: eb.ref("excluded.transfers") })))
        .execute();
    }
  }

  return {
    state: () => readSyncState(db),

    async init(s) {
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom("sync_state").execute();
        await tx
          .insertInto("sync_state")
          .values({
            id: 1,
            chain_id: s.chainId,
            genesis_hash: s.genesisHash,
            token: s.token,
            deploy_block: s.deployBlock,
            last_block: null,
            last_hash: null,
            total_supply: "0",
            updated_at: nowIso(),
          })
          .execute();
      });
    },

    wipe: () => wipeChainStore(db),

    applyRange(range, head, from) {
      if (sqliteWrites) return db.connection().execute(async () => sqliteWrites.applyRange(range, head, from));
      return db.transaction().execute(async (tx) => {
        await claimHead(tx, from);
        for (const part of chunks(range.blocks)) {
          await tx
            .insertInto("blocks")
            .values(part)
            .onConflict((oc) =>
              oc.column("number").doUpdateSet((eb) => ({
                hash: eb.ref("excluded.hash"),
                parent_hash: eb.ref("excluded.parent_hash"),
                timestamp: eb.ref("excluded.timestamp"),
              })),
            )
            .execute();
        }
        for (const part of chunks(range.transactions)) {
          await tx
            .insertInto("transactions")
            .values(part)
            .onConflict((oc) =>
              oc.column("hash").doUpdateSet((eb) => ({
                block_number: eb.ref("excluded.block_number"),
                tx_index: eb.ref("excluded.tx_index"),
                from: eb.ref("excluded.from"),
                to: eb.ref("excluded.to"),
                status: eb.ref("excluded.status"),
                gas_used: eb.ref("excluded.gas_used"),
                gas_price: eb.ref("excluded.gas_price"),
                method: eb.ref("excluded.method"),
                value: eb.ref("excluded.value"),
                timestamp: eb.ref("excluded.timestamp"),
              })),
            )
            .execute();
        }
        for (const part of chunks(range.tokenEvents)) {
          await tx
            .insertInto("token_events")
            .values(part)
            .onConflict((oc) => oc.columns(["tx_hash", "log_index"]).doNothing())
            .execute();
        }
        // A (tx_hash, log_index) already present means the range was indexed before: never count it twice.
        const key = (t: { tx_hash: string; log_index: number }) => `${t.tx_hash}:${t.log_index}`;
        const present = new Set<string>();
        for (const part of chunks([...new Set(range.transfers.map((t) => t.tx_hash))])) {
          for (const r of await tx.selectFrom("transfers").select(["tx_hash", "log_index"]).where("tx_hash", "in", part).execute())
            present.add(key(r));
        }
        const fresh = range.transfers
          .filter((t) => !present.has(key(t)))
          .sort((a, b) => a.block_number - b.block_number || a.log_index - b.log_index);
        // Each new transfer takes the next place in the history of each of its addresses (once for a self-transfer).
        const counts = await addressCounts(tx, [...new Set(fresh.flatMap((t) => [t.from, t.to]))]);
        const next = (a: string) => {
          const n = (counts.get(a) ?? 0) + 1;
          counts.set(a, n);
          return n;
        };
        const rows = fresh.map((t) => {
          const from_seq = next(t.from);
          return { ...t, from_seq, to_seq: t.to === t.from ? from_seq : next(t.to) };
        });
        const inserted = new Set<string>();
        for (const part of chunks(rows)) {
          const done = await tx
            .insertInto("transfers")
            .values(part)
            .onConflict((oc) => oc.columns(["tx_hash", "log_index"]).doNothing())
            .returning(["tx_hash", "log_index"])
            .execute();
          for (const r of done) inserted.add(key(r));
        }
        if (inserted.size !== rows.length) throw new Error("transfers written by another writer during the range");
        await writeAddressCounts(tx, counts);
        await addEffects(tx, effects(fresh, 1n), head);
        return (await readSyncState(tx))!;
      });
    },

    rollbackTo(ancestor, from) {
      return db.transaction().execute(async (tx) => {
        await claimHead(tx, from);
        const removed = await tx
          .selectFrom("transactions")
          .select("hash")
          .where("block_number", ">", ancestor)
          .orderBy("block_number")
          .orderBy("tx_index")
          .execute();
        const undone = await tx.selectFrom("transfers").select(["from", "to", "value"]).where("block_number", ">", ancestor).execute();
        // The removed transfers are the newest of each address's history: its count (its last seq) goes back by them.
        const removedOf = new Map<string, number>();
        for (const t of undone) for (const a of t.from === t.to ? [t.from] : [t.from, t.to]) removedOf.set(a, (removedOf.get(a) ?? 0) + 1);
        const counts = await addressCounts(tx, [...removedOf.keys()]);
        for (const [a, n] of removedOf) counts.set(a, (counts.get(a) ?? 0) - n);
        await writeAddressCounts(tx, counts);
        await tx.deleteFrom("transfers").where("block_number", ">", ancestor).execute();
        await tx.deleteFrom("token_events").where("block_number", ">", ancestor).execute();
        await tx.deleteFrom("transactions").where("block_number", ">", ancestor).execute();
        await tx.deleteFrom("blocks").where("number", ">", ancestor).execute();
        const kept = await tx.selectFrom("blocks").select(["number", "hash"]).where("number", "=", ancestor).executeTakeFirst();
        await addEffects(tx, effects(undone, -1n), kept ? asBlock(kept) : { number: null, hash: null });
        return { removedTxHashes: removed.map((r) => r.hash), state: (await readSyncState(tx))! };
      });
    },

    async storedBlocksBelow(n, limit) {
      const rows = await db
        .selectFrom("blocks")
        .select(["number", "hash"])
        .where("number", "<=", n)
        .orderBy("number", "desc")
        .limit(limit)
        .execute();
      return rows.map(asBlock);
    },

    async storedBlock(n) {
      const r = await db.selectFrom("blocks").select(["number", "hash"]).where("number", "=", n).executeTakeFirst();
      return r ? asBlock(r) : null;
    },

    async prune(keepFrom, since = 0) {
      await db
        .deleteFrom("blocks")
        .where("number", ">=", since)
        .where("number", "<", keepFrom)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom("transactions as t").select("t.hash").whereRef("t.block_number", "=", "blocks.number"))),
        )
        .execute();
    },

    feeCollector: () => latestFeeCollector(db),
  };
}
