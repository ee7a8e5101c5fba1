import type { ethers } from "ethers";
import type { AppTx } from "../db/schema";
import type { HolderClass } from "../db/schema-month-end";
import type { ChainReader, Holder } from "../../indexer/reader";
import { badRequest } from "../http/errors";
import { Msg } from "../../domain/messages";

/**
 * Balances and holders as of a past block (issue 37), from the indexed transfers, never by replaying the chain:
 * the state at block B is the nearest state kept at or before B — a cut-off's holders (cutoff_balances) or a state
 * computed before and remembered here — carried forward by the transfers of the blocks in between
 * (`ChainReader.movesBetween`, keyset batches in chain order). A state is remembered only for blocks at least
 * FINAL_DEPTH below the indexed head (a reorg cannot reach it). One wallet's balance at B is
 * `ChainReader.balanceAt` (its history by place, no state needed).
 */
export const FINAL_DEPTH = 12;
const REMEMBERED = 4;
const BATCH = 5_000;

export interface AsOfPoint {
  block: number;
  hash: string;
  /** Unix seconds of the block. */
  time: number;
}

export interface AsOfState {
  block: number;
  balances: Map<string, bigint>;
  /** Non-zero balances, largest first, then by address (the head holders' order). */
  ranked: Holder[];
  total: bigint;
  /** Σ by class, kept with the wallets' highest id it was classified with (wallets are only inserted). */
  reserves?: { walletsMaxId: number; held: Record<HolderClass, bigint> };
}

/** A date-time without an offset is Seoul time (the auditor's "2026-10-31 23:59:59 KST"). */
export function parseAtTime(at: string): Date | null {
  const s = at.trim().replace(" ", "T");
  const withZone = /(Z|[+-]\d\d:?\d\d)$/i.test(s) ? s : `${s.length === 10 ? `${s}T23:59:59` : s}+09:00`;
  const d = new Date(withZone);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** `at` (a block number, or a date-time) → the chain's block: for a time, the last block mined at or before it. */
export async function resolveAt(provider: ethers.Provider, at: string | number): Promise<AsOfPoint> {
  const latest = await provider.getBlock("latest");
  if (!latest) throw badRequest(Msg.asOfInvalid);
  const point = async (n: number): Promise<AsOfPoint> => {
    const b = await provider.getBlock(n);
    if (!b?.hash) throw badRequest(Msg.asOfInvalid);
    return { block: b.number, hash: b.hash, time: b.timestamp };
  };
  if (typeof at === "number" || /^\d+$/.test(String(at).trim())) {
    const n = Number(at);
    if (!Number.isSafeInteger(n) || n > latest.number) throw badRequest(Msg.asOfFuture);
    return point(n);
  }
  const d = parseAtTime(String(at));
  if (!d) throw badRequest(Msg.asOfInvalid);
  const t = Math.floor(d.getTime() / 1000);
  if (t >= latest.timestamp) return { block: latest.number, hash: latest.hash!, time: latest.timestamp };
  const genesis = await provider.getBlock(0);
  if (!genesis || t < genesis.timestamp) throw badRequest(Msg.asOfBeforeChain);
  // The last block with timestamp ≤ t (timestamps never decrease along the chain).
  let lo = 0;
  let hi = latest.number;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const b = await provider.getBlock(mid);
    if ((b?.timestamp ?? Number.POSITIVE_INFINITY) <= t) lo = mid;
    else hi = mid - 1;
  }
  return point(lo);
}

/** Remembered states per chain store (its reader): tests run several stacks in one process. */
const rememberedOf = new WeakMap<ChainReader, Map<number, AsOfState>>();

const rank = (balances: Map<string, bigint>): Holder[] =>
  [...balances]
    .filter(([, b]) => b !== 0n)
    .map(([address, balance]) => ({ address, balance }))
    .sort((a, b) => (a.balance === b.balance ? (a.address < b.address ? -1 : 1) : a.balance > b.balance ? -1 : 1));

/** The state after `block`. */
export async function stateAt(deps: { db: AppTx; view: ChainReader }, block: number): Promise<AsOfState> {
  let remembered = rememberedOf.get(deps.view);
  if (!remembered) rememberedOf.set(deps.view, (remembered = new Map()));
  const head = (await deps.view.indexedHead())?.number ?? -1;
  if (block > head) throw badRequest(Msg.asOfNotIndexed);
  const hit = remembered.get(block);
  if (hit) return hit;
  // The nearest base: a remembered state or a cut-off's holders at or before the block.
  let base: { block: number; balances: Map<string, bigint> } = { block: -1, balances: new Map() };
  for (const s of remembered.values()) if (s.block <= block && s.block > base.block) base = s;
  const cut = await cutoffAtOrBefore(deps.db, block);
  if (cut && Number(cut.block_number) > base.block) {
    const rows = await cutoffBalanceRows(deps.db, cut.id);
    base = { block: Number(cut.block_number), balances: new Map(rows.map((r) => [r.address, BigInt(r.balance)])) };
  }
  const balances = new Map(base.balances);
  const ZERO = "0x0000000000000000000000000000000000000000";
  for (let after: { block: number; logIndex: number } | null = null; ; ) {
    const moves = await deps.view.movesBetween(base.block, block, after, BATCH);
    for (const m of moves) {
      if (m.from !== ZERO) balances.set(m.from, (balances.get(m.from) ?? 0n) - m.value);
      if (m.to !== ZERO) balances.set(m.to, (balances.get(m.to) ?? 0n) + m.value);
    }
    if (moves.length < BATCH) break;
    const last = moves[moves.length - 1];
    after = { block: last.block, logIndex: last.logIndex };
  }
  const ranked = rank(balances);
  const state: AsOfState = { block, balances, ranked, total: ranked.reduce((s, h) => s + h.balance, 0n) };
  if (block <= head - FINAL_DEPTH) {
    remembered.set(block, state);
    while (remembered.size > REMEMBERED) remembered.delete(remembered.keys().next().value as number);
  }
  return state;
}

/** Holder class of each address: custodial member wallets (members and shops) are customers; other kinds are operator wallets. */
export async function holderClasses(db: AppTx): Promise<(address: string) => HolderClass> {
  const kinds = await walletKinds(db);
  return (a) => {
    const k = kinds.get(a);
    return !k ? "outside" : k === "member" ? "member" : "operator";
  };
}

/** Σ by class of a state (the reserves table at a block). */
export function reservesOf(state: AsOfState, classOf: (a: string) => HolderClass): Record<HolderClass, bigint> {
  const held: Record<HolderClass, bigint> = { operator: 0n, member: 0n, outside: 0n };
  for (const h of state.ranked) held[classOf(h.address)] += h.balance;
  return held;
}

/**
 * The reserves table at a block: Σ by holder class of the state, classified once per state and kept while no wallet was
 * added since (wallets are only ever inserted; one index seek tells).
 */
export async function reservesAt(
  deps: { db: AppTx; view: ChainReader },
  block: number,
): Promise<{ state: AsOfState; held: Record<HolderClass, bigint> }> {
  const state = await stateAt(deps, block);
  const maxId = await walletsMaxId(deps.db);
  if (state.reserves?.walletsMaxId !== maxId)
    state.reserves = { walletsMaxId: maxId, held: reservesOf(state, await holderClasses(deps.db)) };
  return { state, held: state.reserves.held };
}

/** One address's balance after `block`: from a remembered state when there is one, else from its history (balanceAt). */
export async function balanceAsOf(deps: { view: ChainReader }, address: string, block: number): Promise<bigint> {
  const s = rememberedOf.get(deps.view)?.get(block);
  return s ? (s.balances.get(address) ?? 0n) : deps.view.balanceAt(address, block);
}

/** The last cut-off at or before a block (a kept state for as-of reads). */
export const cutoffAtOrBefore = (db: AppTx, block: number) =>
  db
    .selectFrom("cutoffs")
    .select(["id", "block_number"])
    .where("block_number", "<=", block)
    .orderBy("block_number", "desc")
    .limit(1)
    .executeTakeFirst();

export const cutoffBalanceRows = (db: AppTx, id: number) =>
  db.selectFrom("cutoff_balances").select(["address", "balance", "class"]).where("cutoff_id", "=", id).execute();

export async function walletKinds(db: AppTx): Promise<Map<string, string>> {
  return new Map((await db.selectFrom("wallets").select(["address", "kind"]).execute()).map((w) => [w.address, w.kind]));
}

/** The newest wallet row's id (wallets are only ever inserted: a changed id says a wallet was added). */
export async function walletsMaxId(db: AppTx): Promise<number> {
  const top = await db.selectFrom("wallets").select("id").orderBy("id", "desc").limit(1).executeTakeFirst();
  return Number(top?.id ?? 0);
}
