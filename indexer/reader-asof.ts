import type { ChainDb, TransferKind } from "./schema";

/**
 * Reads behind "as of a block" (issue 37): the state of the token at a past block is derived from the indexed
 * transfers, never by replaying the chain. Two reads:
 * - `movesBetween`: the transfers of a block range in chain order, in keyset batches (the deltas a kept snapshot
 *   is carried forward by, server/features/month-end/as-of.ts);
 * - `balanceAt`: one address's balance after block B, summed along the shorter side of its history by place
 *   (from_seq/to_seq): its transfers up to B from the start, or the current balance less those after B.
 */
export interface Move {
  txHash: string;
  kind: TransferKind;
  from: string;
  to: string;
  value: bigint;
  block: number;
  logIndex: number;
}

export async function movesBetween(
  db: ChainDb,
  afterBlock: number,
  toBlock: number,
  after: { block: number; logIndex: number } | null,
  limit: number,
): Promise<Move[]> {
  let q = db
    .selectFrom("transfers")
    .select(["tx_hash", "kind", "from", "to", "value", "block_number", "log_index"])
    .where("block_number", ">", afterBlock)
    .where("block_number", "<=", toBlock);
  if (after)
    q = q.where((eb) =>
      eb.or([eb("block_number", ">", after.block), eb.and([eb("block_number", "=", after.block), eb("log_index", ">", after.logIndex)])]),
    );
  const rows = await q.orderBy("block_number").orderBy("log_index").limit(limit).execute();
  return rows.map((r) => ({
    txHash: r.tx_hash,
    kind: r.kind,
    from: r.from,
    to: r.to,
    value: BigInt(r.value),
    block: Number(r.block_number),
    logIndex: r.log_index,
  }));
}

/** The place (seq) of `address`'s last transfer at or before `block`, on each side; 0 when none. */
async function placeAt(db: ChainDb, address: string, block: number): Promise<number> {
  const [f, t] = await Promise.all([
    db
      .selectFrom("transfers")
      .select("from_seq as seq")
      .where("from", "=", address)
      .where("block_number", "<=", block)
      .orderBy("block_number", "desc")
      .orderBy("log_index", "desc")
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom("transfers")
      .select("to_seq as seq")
      .where("to", "=", address)
      .where("block_number", "<=", block)
      .orderBy("block_number", "desc")
      .orderBy("log_index", "desc")
      .limit(1)
      .executeTakeFirst(),
  ]);
  return Math.max(Number(f?.seq ?? 0), Number(t?.seq ?? 0));
}

/** Σ(received) − Σ(sent) of `address` over its places lo..hi (inclusive), read along the seq indexes. */
async function netOfPlaces(db: ChainDb, address: string, lo: number, hi: number): Promise<bigint> {
  if (hi < lo) return 0n;
  const [ins, outs] = await Promise.all([
    db.selectFrom("transfers").select("value").where("to", "=", address).where("to_seq", ">=", lo).where("to_seq", "<=", hi).execute(),
    db
      .selectFrom("transfers")
      .select("value")
      .where("from", "=", address)
      .where("from_seq", ">=", lo)
      .where("from_seq", "<=", hi)
      .execute(),
  ]);
  let n = 0n;
  for (const r of ins) n += BigInt(r.value);
  for (const r of outs) n -= BigInt(r.value);
  return n;
}

/** `address`'s balance after `block` (checksummed address), exact. */
export async function balanceAt(db: ChainDb, address: string, block: number): Promise<bigint> {
  const [place, stats, bal] = await Promise.all([
    placeAt(db, address, block),
    db.selectFrom("address_stats").select("transfers").where("address", "=", address).executeTakeFirst(),
    db.selectFrom("balances").select("balance").where("address", "=", address).executeTakeFirst(),
  ]);
  const total = Number(stats?.transfers ?? 0);
  if (place === 0) return 0n;
  if (place <= total - place) return netOfPlaces(db, address, 1, place);
  return BigInt(bal?.balance ?? "0") - (await netOfPlaces(db, address, place + 1, total));
}
