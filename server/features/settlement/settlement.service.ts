import crypto from "node:crypto";
import { ethers } from "ethers";
import type { AppContext } from "../../context";
import type { OperatorRow } from "../../auth/middleware";
import type { MemberRow } from "../../records/members.repo";
import { memberById } from "../../records/members.repo";
import * as repo from "./settlement.repo";
import type { SettlementRow } from "./settlement.repo";
import { AppError } from "../../http/errors";
import { checkPaymentPassword, RESOLVE_WAIT_MS } from "../../money/payment-password";
import { ensureChainUpForOutbox } from "../../money/chain-status";
import { resolveSubmittedCalls } from "../../money/chain-calls";
import { burnEscrowed, followBurn, followFailedMoves as followEscrowMoves, returnEscrowed } from "../../money/escrow-order";
import type { Job } from "../../job";
import { indexReached } from "../../money/chain-status";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { seoulBounds, seoulToday } from "../../../domain/schemas/shared/list";
import { MemberState } from "../../../domain/constants";

export { historyDto, orderDetailDto, orderDto } from "./settlement.dto";

/**
 * Settlement (docs/architecture.md, "Back-office"): a shop-owner operator (permission 3) requests settlement of its
 * linked member's wallet; the amount moves to the settlement escrow through the outbox (승인 대기).
 * Approval burns it from the escrow (승인); deletion returns it to the shop's wallet (삭제). Every
 * state change is a conditional update from 'pending', so a second action on one order is refused.
 */

/** The shop member linked to a permission-3 operator, and its wallet: 401 '사용자가 존재하지 않습니다' when there is none. */
export async function shopOf(ctx: AppContext, admin: OperatorRow): Promise<{ member: MemberRow; wallet: string }> {
  const member = admin.member_id === null ? undefined : await memberById(ctx.db, admin.member_id);
  const wallet = member ? await ctx.custody.memberWallet(member.id) : undefined;
  if (!member || !wallet) throw new AppError(Code.UNAUTHORIZED, Msg.settlementUserMissing, undefined, 404);
  return { member, wallet: wallet.address };
}

export async function shopWallets(ctx: AppContext, admin: OperatorRow): Promise<{ address: string; balance: number }[]> {
  const { wallet } = await shopOf(ctx, admin);
  return [{ address: wallet, balance: await ctx.outbox.spendable(wallet) }];
}

async function escrow(ctx: AppContext): Promise<string> {
  return (await ctx.custody.byKind("settlement"))!.address;
}

/** The request: amount checks, the member's payment password (five-failure lock), then the outbox move and the order in one transaction. */
export async function requestSettlement(
  ctx: AppContext,
  admin: OperatorRow,
  body: { address: string; value: number; password: string },
  now: Date = new Date(),
): Promise<SettlementRow> {
  const { member, wallet } = await shopOf(ctx, admin);
  // The member's money moves only while the member may move it: suspended or withdrawn, refused as their own calls are.
  if (member.state !== MemberState.NORMAL)
    throw new AppError(Code.FORBIDDEN, member.state === MemberState.KICKED ? Msg.accountKicked : Msg.accountSuspended);
  // Only the linked member's own wallet: another address is refused whatever it is (IDOR).
  if (ethers.getAddress(body.address) !== wallet) throw new AppError(Code.FORBIDDEN, Msg.settlementWalletNotOwn);
  const balance = await ctx.outbox.spendable(wallet);
  if (balance <= 0) throw new AppError(Code.AMOUNT_REFUSED, Msg.settlementWalletEmpty);
  if (body.value > balance) throw new AppError(Code.AMOUNT_REFUSED, Msg.settlementOverBalance);
  await checkPaymentPassword(ctx, member, body.password);
  await ensureChainUpForOutbox(ctx);
  const to = await escrow(ctx);
  const order = await ctx.db.transaction().execute(async (trx) => {
    // enqueue re-checks the spendable balance under the wallet's lock: concurrent requests cannot overspend.
    const row = await ctx.outbox
      .enqueue(trx, { kind: "settlement", from: wallet, to, value: body.value, memberId: member.id }, Msg.settlementOverBalance)
      .catch((err: unknown) => {
        throw err instanceof AppError && err.code === Code.BAD_REQUEST ? new AppError(Code.AMOUNT_REFUSED, err.message, err.data) : err;
      });
    const orderNo = `C${now.toISOString().slice(0, 10).replace(/-/g, "")}${crypto.randomBytes(4).toString("hex").toUpperCase()}`;
    return repo.insertSettlement(trx, {
      order_no: orderNo,
      member_id: member.id,
      admin_id: admin.id,
      wallet,
      value: body.value,
      request_transfer_id: row.id,
      created_at: now.toISOString(),
    });
  });
  await ctx.notifier.notify("정산", `${member.username} 정산 신청 ${order.value.toLocaleString("ko-KR")}원 (승인 대기)`, order.id);
  ctx.relayer.kick();
  const resolved = await ctx.relayer.waitFor(order.request_transfer_id, RESOLVE_WAIT_MS);
  if (resolved.status === "failed") {
    // Nothing reached the escrow: the order is withdrawn and the request answers failure.
    await repo.moveSettlement(ctx.db, order.id, "pending", "deleted", { deleted_at: new Date().toISOString() });
    ctx.log.warn({ id: order.request_transfer_id, error: resolved.error }, "settlement transfer failed on-chain");
    throw new AppError(Code.SERVER_ERROR, Msg.settlementRequestFailed);
  }
  return order;
}

/** A pending order whose move into the escrow has resolved on chain; otherwise refused (409). */
async function pendingOrder(ctx: AppContext, orderNo: string): Promise<SettlementRow> {
  const order = await repo.settlementByOrderNo(ctx.db, orderNo);
  if (!order) throw new AppError(Code.NOT_FOUND, Msg.notFound);
  if (order.state !== "pending") throw new AppError(Code.CONFLICT, Msg.settlementNotPending);
  const moved = await ctx.relayer.waitFor(order.request_transfer_id, RESOLVE_WAIT_MS);
  if (moved.status !== "confirmed") throw new AppError(Code.CONFLICT, Msg.settlementNotPending);
  // The escrow's spendable balance is read from the index: wait (bounded) until it shows the move.
  if (moved.block_number !== null) await indexReached(ctx, moved.block_number);
  return order;
}

/**
 * Approval: burns the amount from the escrow (승인) through the escrow-order lifecycle: 'approving' naming its burn
 * call before it is sent; a burn that failed or never left puts it back to 승인 대기; one whose outcome is not known
 * yet leaves it 'approving' (202) until `resolveApprovals` reads the receipt.
 */
export async function approveSettlement(
  ctx: AppContext,
  admin: OperatorRow,
  orderNo: string,
): Promise<SettlementRow & { txHash: string | null }> {
  const order = await pendingOrder(ctx, orderNo);
  const call = await burnEscrowed(ctx, repo.settlementOrders, order.id, {
    escrow: await escrow(ctx),
    value: order.value,
    adminId: admin.id,
    done: { approved_at: new Date().toISOString() },
    failed: Msg.approveFailed,
  });
  return { ...(await repo.settlementByOrderNo(ctx.db, orderNo))!, txHash: call.tx_hash };
}

/**
 * Orders left 'approving' by a request that did not see its burn's outcome (no receipt in time, a crash): the
 * burn calls are resolved by their hash first, then each order follows its call (escrow-order.ts, `followBurn`).
 */
export async function resolveApprovals(ctx: AppContext): Promise<number> {
  await resolveSubmittedCalls(ctx);
  let moved = 0;
  for (const o of await repo.approvingOrders(ctx.db))
    moved += Number(await followBurn(ctx.db, repo.settlementOrders, o, { done: (at) => ({ approved_at: at }) }));
  return moved;
}

/**
 * Orders whose own move failed on chain after their request stopped waiting for it (or while the server was down)
 * follow it as the request would have: a failed request withdraws the order (삭제; nothing reached the escrow),
 * a failed return puts a deleted order back to 승인 대기 (the money is still in the escrow). Returns how many moved.
 */
export async function followFailedMoves(ctx: Pick<AppContext, "db">): Promise<number> {
  return followEscrowMoves(ctx.db, repo.settlementOrders, await repo.ordersWithFailedMoves(ctx.db), {
    requestFailed: { deleted_at: new Date().toISOString() },
    putBack: { deleted_at: null },
  });
}

/** As soon as the relayer resolves a settlement's move as failed (the 30 s job catches what this misses). */
export function resolveSettlementMoves(ctx: Pick<AppContext, "db" | "relayer" | "log">): void {
  ctx.relayer.on("resolved", (row) => {
    if ((row.kind !== "settlement" && row.kind !== "settlement_return") || row.status !== "failed") return;
    void followFailedMoves(ctx).catch((err) =>
      ctx.log.error({ err: (err as Error).message, id: row.id }, "following a failed settlement move failed"),
    );
  });
}

export const resolveApprovalsJob: Job = {
  name: "resolve-approvals",
  everyMs: 30_000,
  run: async (ctx) => {
    await resolveApprovals(ctx);
    await followFailedMoves(ctx);
  },
};

/** Deletion: the amount goes back from the escrow to the shop's wallet through the outbox (삭제). */
export async function deleteSettlement(ctx: AppContext, orderNo: string): Promise<SettlementRow & { txHash: string | null }> {
  const order = await pendingOrder(ctx, orderNo);
  const resolved = await returnEscrowed(ctx, repo.settlementOrders, order.id, {
    escrow: await escrow(ctx),
    to: order.wallet,
    value: order.value,
    counterpartyMemberId: order.member_id,
    outboxKind: "settlement_return",
    returned: { deleted_at: new Date().toISOString() },
    putBack: { deleted_at: null },
    refused: Msg.deleteFailed,
    failed: Msg.deleteFailed,
  });
  return { ...(await repo.settlementByOrderNo(ctx.db, orderNo))!, txHash: resolved.tx_hash };
}

/**
 * Today's status card of each owner wallet (docs/architecture.md, "Back-office"): c_money now (indexed balance), y_money at 00:00
 * Asia/Seoul (now minus today's confirmed moves in, plus today's moves out with their fees), calc (requested
 * today, not deleted), deposit (received from uses), send (sent: gifts, uses and other moves, with fees,
 * settlement excluded), gift (gifts received).
 */
export async function statusCards(ctx: AppContext, wallets: string[], now: Date = new Date()) {
  if (wallets.length === 0) return [];
  const today = seoulToday(now);
  const { start } = seoulBounds(today, today);
  const [flows, requested] = await Promise.all([repo.walletFlows(ctx.db, wallets, start), repo.requestedSince(ctx.db, wallets, start)]);
  const cards = [];
  for (const address of wallets) {
    const c = {
      address,
      y_money: 0,
      c_money: Number((await ctx.view.balanceAndHead(address)).balance),
      calc: 0,
      deposit: 0,
      send: 0,
      gift: 0,
    };
    let net = 0;
    for (const f of flows) {
      const value = Number(f.value);
      const fee = Number(f.fee);
      if (f.to_address === address) {
        net += value;
        if (f.kind === "use") c.deposit += value;
        if (f.kind === "gift") c.gift += value;
      }
      if (f.from_address === address) {
        net -= value + fee;
        if (f.kind !== "settlement") c.send += value + fee;
      }
    }
    c.y_money = c.c_money - net;
    c.calc = Number(requested.find((r) => r.wallet === address)?.value ?? 0);
    cards.push(c);
  }
  return cards;
}

export async function owners(ctx: AppContext) {
  const rows = await repo.shopOwners(ctx.db);
  const byId = new Map<number, { id: number; username: string; email: string | null; phonenumber: string; wallets: string[] }>();
  for (const r of rows) {
    const o = byId.get(r.id) ?? { id: r.id, username: r.username, email: r.email, phonenumber: r.phonenumber, wallets: [] };
    o.wallets.push(r.address);
    byId.set(r.id, o);
  }
  return [...byId.values()];
}

const MOVE_LABEL: Record<string, string> = {
  gift: "선물",
  use: "사용",
  buy: "구매",
  settlement: "정산",
  settlement_return: "정산 반환",
  admin: "전송",
  seed: "전송",
};

/** An owner's confirmed moves in a range, only among that owner's own wallets. */
export async function ownerHistory(ctx: AppContext, userId: number, wallets: string[], start: string, end: string) {
  const own = (await owners(ctx)).find((o) => o.id === userId);
  if (!own) throw new AppError(Code.NOT_FOUND, Msg.settlementOwnerMissing);
  const chosen = wallets.map((w) => ethers.getAddress(w)).filter((w) => own.wallets.includes(w));
  if (chosen.length === 0) throw new AppError(Code.BAD_REQUEST, Msg.settlementSelectWallet);
  const rows = await repo.walletMoves(ctx.db, chosen, start, end);
  return rows.map((r) => ({
    id: r.id,
    type: MOVE_LABEL[r.kind] ?? r.kind,
    direction: chosen.includes(r.to_address) ? "받음" : "보냄",
    from: r.from_address,
    to: r.to_address,
    value: Number(r.value),
    fee: Number(r.fee),
    txHash: r.tx_hash,
    createdAt: r.created_at,
  }));
}
