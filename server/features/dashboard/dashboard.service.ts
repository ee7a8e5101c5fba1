import { ethers } from "ethers";
import type { AppContext } from "../../context";
import type { Holder, Page, TransferRecord } from "../../../indexer/reader";
import { resolveAt, stateAt, type AsOfPoint } from "../../money/as-of";
import type { OutboxKind } from "../../db/schema";
import * as repo from "./dashboard.repo";
import { ownerNames } from "../../records/owner-names";
import { dialectOf } from "../../../db/open";
import { isNotReady } from "../../../indexer/db";
import { toTransfer } from "../../../indexer/reader-types";
import { chainCallByHash, ordersOfTransaction } from "./records.repo";
import type {
  DashboardListRequest,
  DashboardRowDto,
  DashboardType,
  TransactionDetailDto,
  WalletDetailDto,
} from "../../../domain/schemas/dashboard";
import type { Paged } from "../../../domain/schemas/shared/list";

/** Business kinds of the outbox as the dashboard names them. */
const TYPE_OF_KIND: Partial<Record<OutboxKind, DashboardType>> = {
  gift: "gift",
  use: "use",
  settlement: "settlement",
  settlement_return: "settlement",
};
const KINDS_OF_TYPE: Partial<Record<DashboardType, OutboxKind[]>> = {
  gift: ["gift"],
  use: ["use"],
  settlement: ["settlement", "settlement_return"],
};

type Move = Awaited<ReturnType<typeof repo.moveKindsOfTransactions>>[number];
const sameLeg = (m: Move, t: TransferRecord) => m.from_address === t.from && m.to_address === t.to && BigInt(m.value) === t.value;

/** Addresses a search names, or undefined for no address filter. Hash searches are handled by the caller. */
async function searchedAddresses(ctx: AppContext, q: DashboardListRequest): Promise<string[] | undefined> {
  if (!q.filter || !q.filter_type || q.filter_type === "hash") return undefined;
  if (q.filter_type === "address") return ethers.isAddress(q.filter) ? [ethers.getAddress(q.filter)] : [];
  return repo.walletsOfMembersMatching(ctx.db, q.filter_type, q.filter);
}

/**
 * Rows of chain transfers, named by the business move each belongs to and the owners of both ends. Only a plain
 * transfer leg can be a business move's (mint, fee and burn legs are named by their kind): the outbox is asked
 * about those transactions only (none for a page of the fee collector's fee legs).
 */
export async function describeTransfers(ctx: Pick<AppContext, "db" | "view">, transfers: TransferRecord[]): Promise<DashboardRowDto[]> {
  // The gas fee comes with each transfer as the index keeps it; only transactions whose rows lack it are read.
  const unknownGas = [...new Set(transfers.filter((t) => t.gasFee === null).map((t) => t.txHash))];
  const moveHashes = [...new Set(transfers.filter((t) => t.kind === "transfer").map((t) => t.txHash))];
  const [gasFees, moves, names] = await Promise.all([
    ctx.view.gasFeesOf(unknownGas),
    repo.moveKindsOfTransactions(ctx.db, moveHashes),
    ownerNames(
      ctx.db,
      transfers.flatMap((t) => [t.from, t.to]),
    ),
  ]);
  const nameOf = (a: string) => names.get(a) ?? null;
  const movesOf = new Map<string, Move[]>();
  for (const m of moves) {
    if (!m.tx_hash) continue;
    const list = movesOf.get(m.tx_hash);
    if (list) list.push(m);
    else movesOf.set(m.tx_hash, [m]);
  }
  return transfers.map((t) => {
    const move = t.kind === "transfer" ? movesOf.get(t.txHash)?.find((m) => sameLeg(m, t)) : undefined;
    return {
      hash: t.txHash,
      logIndex: t.logIndex,
      from: t.from,
      to: t.to,
      value: t.value.toString(),
      timestamp: t.timestamp.toISOString(),
      block: t.blockNumber,
      gasFee: (t.gasFee ?? gasFees.get(t.txHash))?.toString() ?? null,
      type: t.kind === "transfer" ? ((move && TYPE_OF_KIND[move.kind]) ?? "transfer") : t.kind,
      fromName: nameOf(t.from),
      toName: nameOf(t.to),
    };
  });
}

/**
 * The dashboard list's transfers, before naming: token transfers in a date range, by type, searched by hash,
 * address, member name or phone.
 */
export async function dashboardTransfers(ctx: AppContext, q: DashboardListRequest): Promise<Page<TransferRecord>> {
  const limit = q.perPage;
  const offset = (q.page - 1) * q.perPage;
  const range = { from: q.start ? new Date(q.start) : undefined, to: q.end ? new Date(Date.parse(q.end) + 1) : undefined };
  const txHash = q.filter_type === "hash" && q.filter ? q.filter.toLowerCase() : undefined;
  const addresses = await searchedAddresses(ctx, q);
  const businessKinds = q.type ? KINDS_OF_TYPE[q.type] : undefined;
  if (businessKinds) {
    // Gift, use and settlement are business moves: page the confirmed outbox rows, then find their legs on chain
    // (all the page's transactions in one read). On PostgreSQL both stores are one database: one statement.
    const moves = { kinds: businessKinds, start: q.start, end: q.end, addresses, txHash, limit, offset };
    if (dialectOf(ctx.db) === "postgres") {
      const { total, capped, legs } = await repo.confirmedMoveLegsPage(ctx.db, moves).catch((err) => {
        if (isNotReady(err)) return { total: 0, capped: undefined, legs: [] };
        throw err;
      });
      return { items: legs.map(toTransfer), total, ...(capped ? { capped: true } : {}) };
    }
    const { total, capped, rows } = await repo.confirmedMovesPage(ctx.db, moves);
    const byTx = new Map<string, TransferRecord[]>();
    for (const t of await ctx.view.transfersOfTransactions(
      rows.map((r) => r.tx_hash!),
      "transfer",
    )) {
      const legs = byTx.get(t.txHash);
      if (legs) legs.push(t);
      else byTx.set(t.txHash, [t]);
    }
    const items = rows.flatMap((r) => {
      const leg = byTx
        .get(r.tx_hash!.toLowerCase())
        ?.find((t) => t.from === r.from_address && t.to === r.to_address && t.value === BigInt(r.value));
      return leg ? [leg] : [];
    });
    return { items, total, ...(capped ? { capped: true } : {}) };
  }
  const kinds = q.type ? [q.type as "mint" | "transfer" | "fee" | "burn"] : undefined;
  return ctx.view.transfers({ ...range, kinds, addresses, txHash, limit, offset });
}

/** The dashboard list: its transfers, each named by its business move and the owners of both ends. */
export async function dashboardPage(ctx: AppContext, q: DashboardListRequest): Promise<Paged<DashboardRowDto>> {
  const page = await dashboardTransfers(ctx, q);
  return {
    list: await describeTransfers(ctx, page.items),
    total: page.total,
    ...(page.capped ? { capped: true } : {}),
    page: q.page,
    perPage: q.perPage,
  };
}

/** Every row of a dashboard search, for the download, a page at a time (constant memory). */
export async function* dashboardPages(ctx: AppContext, q: DashboardListRequest): AsyncGenerator<DashboardRowDto[]> {
  for (let page = 1; ; page++) {
    const r = await dashboardPage(ctx, { ...q, page, perPage: 100 });
    yield r.list;
    if ((!r.capped && page * 100 >= r.total) || r.list.length < 100) return;
  }
}

/** One transaction as the index holds it, with the business records it belongs to. Null when not indexed. */
export async function transactionDetail(ctx: AppContext, hash: string): Promise<TransactionDetailDto | null> {
  // Everything found by the hash, at once.
  const h = hash.toLowerCase();
  const [tx, head, moves, call, orders] = await Promise.all([
    ctx.view.transaction(h),
    ctx.chain.replaying() ? null : ctx.chain.provider.getBlockNumber().catch(() => null),
    repo.movesOfTransactions(ctx.db, [h]),
    chainCallByHash(ctx.db, h),
    ordersOfTransaction(ctx.db, h),
  ]);
  if (!tx) return null;
  const records = [];
  for (const m of moves) {
    const order = m.kind === "buy" ? orders.get(Number(m.id)) : undefined;
    records.push({
      kind: m.kind,
      id: m.id,
      from: m.from_address,
      to: m.to_address,
      value: m.value,
      fee: m.fee,
      fromName: m.from_username,
      toName: m.to_username,
      createdAt: m.created_at,
      orderNo: order?.order_no ?? null,
    });
  }
  const main = tx.transfers.find((t) => t.kind !== "fee");
  const fee = tx.transfers.filter((t) => t.kind === "fee").reduce((n, t) => n + t.value, 0n);
  return {
    hash: tx.hash,
    status: tx.status,
    blockNumber: tx.blockNumber,
    blockHash: tx.blockHash,
    confirmations: head === null ? null : head - tx.blockNumber + 1,
    timestamp: tx.timestamp.toISOString(),
    from: tx.from,
    to: tx.to,
    method: tx.method,
    gasUsed: tx.gasUsed.toString(),
    gasPrice: tx.gasPrice.toString(),
    value: (main?.value ?? 0n).toString(),
    fee: fee.toString(),
    transfers: tx.transfers.map((t) => ({ logIndex: t.logIndex, from: t.from, to: t.to, value: t.value.toString(), kind: t.kind })),
    events: tx.events.map((e) => ({
      logIndex: e.logIndex,
      kind: e.kind,
      account: e.account,
      actor: e.actor,
      nonce: e.nonce,
      amount: e.amount?.toString() ?? null,
    })),
    records,
    chainCall: call ? { method: call.method, args: JSON.parse(call.args) as string[] } : null,
  };
}

/** A wallet as the index and the chain each see it, and who holds it. */
export async function walletDetail(ctx: AppContext, address: string): Promise<WalletDetailDto> {
  const a = ethers.getAddress(address);
  const [indexed, onChain, blocked, owner] = await Promise.all([
    ctx.view.balanceOf(a),
    // While the node replays its journal its balances are not yet the chain's: unknown until it is done.
    ctx.chain.replaying() ? null : (ctx.chain.token.balanceOf(a) as Promise<bigint>).catch(() => null),
    ctx.view.isBlocked(a),
    repo.ownerOf(ctx.db, a),
  ]);
  return {
    address: a,
    indexedBalance: indexed.toString(),
    chainBalance: onChain === null ? null : onChain.toString(),
    blocked,
    owner: owner
      ? {
          kind: owner.kind,
          nickname: owner.nickname,
          memberId: owner.member_id,
          username: owner.username,
          phonenumber: owner.phonenumber,
          state: owner.state,
          permission: owner.permission,
        }
      : null,
  };
}

/** A wallet's history, newest first, described like the dashboard's rows. */
export async function walletHistory(ctx: AppContext, address: string, page: number, perPage: number): Promise<Paged<DashboardRowDto>> {
  const p = await ctx.view.transfersOf(ethers.getAddress(address), { limit: perPage, offset: (page - 1) * perPage });
  return { list: await describeTransfers(ctx, p.items), total: p.total, page, perPage };
}

/** A wallet's whole history, for the download, a page at a time. */
export async function* walletHistoryPages(ctx: AppContext, address: string): AsyncGenerator<DashboardRowDto[]> {
  for (let page = 1; ; page++) {
    const r = await walletHistory(ctx, address, page, 100);
    yield r.list;
    if (page * 100 >= r.total || r.list.length === 0) return;
  }
}

/** Holders by balance with rank and owner name; the index's total against totalSupply read from the chain. */
export async function holdersPage(ctx: AppContext, page: number, perPage: number, at?: string) {
  if (at) return holdersPageAt(ctx, page, perPage, at);
  const [h, chainSupply] = await Promise.all([
    ctx.view.holders({ limit: perPage, offset: (page - 1) * perPage }),
    ctx.chain.replaying() ? null : (ctx.chain.token.totalSupply() as Promise<bigint>).catch(() => null),
  ]);
  return holdersAnswer(ctx, page, perPage, { items: h.items, total: h.total, totalBalance: h.totalBalance }, chainSupply, null);
}

/** The holders as of a block or time (issue 37): the state derived from the indexed transfers (month-end/as-of.ts). */
async function holdersPageAt(ctx: AppContext, page: number, perPage: number, at: string) {
  const point = await resolveAt(ctx.chain.provider, at);
  const state = await stateAt({ db: ctx.db, view: ctx.view }, point.block);
  const chainSupply = ctx.chain.replaying()
    ? null
    : await (ctx.chain.token.totalSupply({ blockTag: point.block }) as Promise<bigint>).catch(() => null);
  const items = state.ranked.slice((page - 1) * perPage, page * perPage);
  return holdersAnswer(ctx, page, perPage, { items, total: state.ranked.length, totalBalance: state.total }, chainSupply, point);
}

async function holdersAnswer(
  ctx: AppContext,
  page: number,
  perPage: number,
  h: { items: Holder[]; total: number; totalBalance: bigint },
  chainSupply: bigint | null,
  asOf: AsOfPoint | null,
) {
  const names = await ownerNames(
    ctx.db,
    h.items.map((x) => x.address),
  );
  return {
    holder_list: h.items.map((x, i) => ({
      rank: (page - 1) * perPage + i + 1,
      address: x.address,
      balance: x.balance.toString(),
      name: names.get(x.address) ?? null,
    })),
    total: h.total,
    page,
    perPage,
    total_balance: h.totalBalance.toString(),
    chain_total_supply: chainSupply === null ? null : chainSupply.toString(),
    as_of: asOf,
  };
}
