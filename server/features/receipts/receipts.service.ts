import type { AppContext } from "../../context";
import { AppError } from "../../http/errors";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { CONFIRMED_BY_LABEL, PAY_METHOD_LABEL, type ConfirmedBy, type PayMethod } from "../../../domain/policy/bank";
import { maskAddress, maskBankAccount, maskName } from "../../../domain/mask";
import { RefundKindLabel } from "../../../domain/state-labels";
import { RECEIPT_TITLES, type ReceiptDto, type ReceiptKind, type ReceiptType, type VerifiedTxDto } from "../../../domain/schemas/receipts";

/** The issuer's name on a purchase receipt (the treasury pays the buyer). */
const ISSUER = "KRW 상품권 (발행사)";

/** One transaction of a receipt, with its public verification page. */
const move = (label: string, hash: string | null) => (hash ? [{ label, txHash: hash, verifyPath: `/verify/tx/${hash}` }] : []);

const day = (iso: string) => iso.slice(0, 10).replace(/-/g, "");
/** A move's order number: its kind's letter, its day, its outbox id (a purchase has its own order number). */
export const moveOrderNo = (kind: "gift" | "use" | "payment_cancel", createdAt: string, id: number) =>
  `${kind === "gift" ? "G" : kind === "use" ? "U" : "UC"}${day(createdAt)}-${String(id).padStart(6, "0")}`;

/** The merchant payment a move paid (a use) or gave back (a cancellation), if it is one (issue 52). */
async function merchantPaymentOf(ctx: AppContext, transferId: number) {
  const base = ctx.db
    .selectFrom("payments as p")
    .innerJoin("merchants as m", "m.id", "p.merchant_id")
    .select(["p.public_id", "p.order_id", "p.item_name", "m.name as merchant_name"]);
  return (
    (await base.where("p.transfer_id", "=", transferId).executeTakeFirst()) ??
    (await base.innerJoin("payment_cancels as c", "c.payment_id", "p.id").where("c.transfer_id", "=", transferId).executeTakeFirst())
  );
}

/**
 * The receipt of a history line of the member's own: a purchase order, a gift sent or received (received once
 * confirmed, as the history shows it), a use. Anything else, another member's included, is 404.
 */
export async function receiptOf(ctx: AppContext, memberId: number, type: ReceiptType, id: number): Promise<ReceiptDto> {
  const notFound = new AppError(Code.NOT_FOUND, Msg.notFound, undefined, 404);
  const base = { chainId: Number(ctx.chain.deployment.chainId), token: ctx.chain.deployment.token };
  const chainOf = async (hash: string | null) => {
    const tx = hash ? await ctx.view.transaction(hash) : null;
    return { blockNumber: tx?.blockNumber ?? null, blockTime: tx ? tx.timestamp.toISOString() : null };
  };
  // A linked account is kept masked already; a virtual or main account is the issuer's own, shown as it is.
  const paymentOf = (o: { method: string; confirmed_by: string | null; bank_name: string | null; bank_account: string | null }) => {
    const how = PAY_METHOD_LABEL[o.method as PayMethod] ?? o.method;
    const account = o.method === "linked" ? (o.bank_account ?? "") : [o.bank_name, o.bank_account].filter(Boolean).join(" ");
    const by = o.confirmed_by ? ` · ${CONFIRMED_BY_LABEL[o.confirmed_by as ConfirmedBy]} 확인` : "";
    return `${how}${account ? ` ${account}` : ""}${by}`;
  };
  if (type === "buy") {
    const o = await ctx.db
      .selectFrom("buy_orders as b")
      .leftJoin("outbox_transfers as t", "t.id", "b.transfer_id")
      .select([
        "b.id",
        "b.order_no",
        "b.value",
        "b.state",
        "b.created_at",
        "b.method",
        "b.confirmed_by",
        "b.bank_name",
        "b.bank_account",
        "t.tx_hash",
        "t.from_address",
        "t.status as tx_status",
      ])
      .where("b.id", "=", id)
      .where("b.member_id", "=", memberId)
      .executeTakeFirst();
    if (!o) throw notFound;
    const hash = o.state === "confirmed" ? o.tx_hash : null;
    return {
      ...base,
      kind: "purchase",
      title: RECEIPT_TITLES.purchase,
      orderNo: o.order_no,
      createdAt: o.created_at,
      value: Number(o.value),
      fee: 0,
      total: Number(o.value),
      counterpart: ISSUER,
      counterpartAddress: o.from_address ? maskAddress(o.from_address) : null,
      status: o.state,
      txHash: hash,
      ...(await chainOf(hash)),
      verifyPath: hash ? `/verify/tx/${hash}` : null,
      moves: move("발행사 → 회원 지갑", hash),
      payoutAccount: null,
      payment: paymentOf(o),
    };
  }
  if (type === "refund") return refundReceipt(ctx, memberId, id, base, chainOf);
  const m = await ctx.db
    .selectFrom("outbox_transfers as t")
    .leftJoin("members as sm", "sm.id", "t.member_id")
    .leftJoin("members as rm", "rm.id", "t.counterparty_member_id")
    .select([
      "t.id",
      "t.kind",
      "t.value",
      "t.fee",
      "t.status",
      "t.tx_hash",
      "t.created_at",
      "t.member_id",
      "t.counterparty_member_id",
      "t.from_address",
      "t.to_address",
      "sm.username as from_name",
      "rm.username as to_name",
    ])
    .where("t.id", "=", id)
    .where("t.kind", "in", ["gift", "use", "payment_cancel"])
    .where("t.status", "!=", "failed")
    .executeTakeFirst();
  if (!m) throw notFound;
  const shop = await merchantPaymentOf(ctx, Number(m.id));
  const sent = m.member_id !== null && Number(m.member_id) === memberId;
  const received = !sent && m.counterparty_member_id !== null && Number(m.counterparty_member_id) === memberId && m.status === "confirmed";
  if (!sent && !received) throw notFound;
  // A cancellation is the shop's move to the member: only its receiver has its receipt.
  if (m.kind === "payment_cancel" && !received) throw notFound;
  const kind: ReceiptKind = m.kind === "payment_cancel" ? "use_cancelled" : m.kind === "use" ? "use" : sent ? "gift_sent" : "gift_received";
  const value = Number(m.value);
  const fee = sent ? Number(m.fee) : 0;
  return {
    ...base,
    kind,
    title: RECEIPT_TITLES[kind],
    orderNo: moveOrderNo(m.kind as "gift" | "use" | "payment_cancel", m.created_at, Number(m.id)),
    createdAt: m.created_at,
    value,
    fee,
    total: value + fee,
    // A merchant is a business, named as it is; a member is masked.
    counterpart: shop ? shop.merchant_name : maskName(sent ? m.to_name : m.from_name),
    counterpartAddress: maskAddress(sent ? m.to_address : m.from_address),
    status: m.status,
    txHash: m.tx_hash,
    ...(await chainOf(m.tx_hash)),
    verifyPath: m.tx_hash ? `/verify/tx/${m.tx_hash}` : null,
    moves: move(sent ? "회원 지갑 → 받는 분" : "보낸 분 → 회원 지갑", m.tx_hash),
    payoutAccount: null,
    payment: shop ? `가맹점 결제 · ${shop.item_name} (주문번호 ${shop.order_id}, 결제 ID ${shop.public_id})` : null,
  };
}

/**
 * A refund's receipt: the balance taken into the refund escrow (its request), then the burn of the escrowed amount
 * when it was paid, or its return when it was rejected; each transaction verifiable on the public page. The amount is
 * what was paid to the account (value), the deduction the fee, the total what left the balance.
 */
async function refundReceipt(
  ctx: AppContext,
  memberId: number,
  id: number,
  base: { chainId: number; token: string },
  chainOf: (hash: string | null) => Promise<{ blockNumber: number | null; blockTime: string | null }>,
): Promise<ReceiptDto> {
  const r = await ctx.db
    .selectFrom("refund_orders as r")
    .leftJoin("outbox_transfers as rq", "rq.id", "r.request_transfer_id")
    .leftJoin("chain_calls as b", "b.id", "r.burn_call_id")
    .leftJoin("outbox_transfers as rt", "rt.id", "r.return_transfer_id")
    .select([
      "r.order_no",
      "r.kind",
      "r.value",
      "r.deduction",
      "r.state",
      "r.bank_name",
      "r.bank_account",
      "r.created_at",
      "rq.tx_hash as request_tx_hash",
      "rq.to_address as escrow_address",
      "b.tx_hash as burn_tx_hash",
      "b.status as burn_status",
      "rt.tx_hash as return_tx_hash",
    ])
    .where("r.id", "=", id)
    .where("r.member_id", "=", memberId)
    .executeTakeFirst();
  if (!r) throw new AppError(Code.NOT_FOUND, Msg.notFound, undefined, 404);
  const value = Number(r.value);
  const deduction = Number(r.deduction);
  const burned = r.state === "paid" && r.burn_status === "confirmed" ? r.burn_tx_hash : null;
  return {
    ...base,
    kind: "refund",
    title: RefundKindLabel[r.kind as keyof typeof RefundKindLabel] ?? RECEIPT_TITLES.refund,
    orderNo: r.order_no,
    createdAt: r.created_at,
    value,
    fee: deduction,
    total: value + deduction,
    counterpart: "KRW 상품권 (발행사) 환불 보관 지갑",
    counterpartAddress: r.escrow_address ? maskAddress(r.escrow_address) : null,
    status: r.state,
    txHash: r.request_tx_hash,
    ...(await chainOf(r.request_tx_hash)),
    verifyPath: r.request_tx_hash ? `/verify/tx/${r.request_tx_hash}` : null,
    moves: [
      ...move("환불 신청: 회원 지갑 → 환불 보관 지갑", r.request_tx_hash),
      ...move("환불 지급: 보관 금액 소각", burned),
      ...move("환불 반려: 보관 금액 → 회원 지갑", r.state === "rejected" ? r.return_tx_hash : null),
    ],
    payoutAccount: maskBankAccount(r.bank_name, r.bank_account),
    payment: null,
  };
}

/**
 * A transaction as the node holds it (not the index, not our records): receipt, block, confirmations and the
 * token's Transfer events. Chain data only: addresses and amounts, no name or phone.
 */
export async function verifyTransaction(ctx: AppContext, hash: string): Promise<VerifiedTxDto> {
  const h = hash.toLowerCase();
  const base = { hash: h, chainId: Number(ctx.chain.deployment.chainId), token: ctx.chain.deployment.token };
  const receipt = await ctx.chain.provider.getTransactionReceipt(h);
  if (!receipt)
    return { ...base, found: false, status: null, blockNumber: null, blockHash: null, timestamp: null, confirmations: null, transfers: [] };
  const [block, head] = await Promise.all([ctx.chain.provider.getBlock(receipt.blockNumber), ctx.chain.provider.getBlockNumber()]);
  const token = base.token.toLowerCase();
  const transfers = receipt.logs.flatMap((log) => {
    if (log.address.toLowerCase() !== token) return [];
    const parsed = ctx.chain.token.interface.parseLog({ topics: [...log.topics], data: log.data });
    if (parsed?.name !== "Transfer") return [];
    return [{ from: String(parsed.args[0]), to: String(parsed.args[1]), value: (parsed.args[2] as bigint).toString() }];
  });
  return {
    ...base,
    found: true,
    status: receipt.status ?? null,
    blockNumber: receipt.blockNumber,
    blockHash: receipt.blockHash,
    timestamp: block ? new Date(block.timestamp * 1000).toISOString() : null,
    confirmations: head - receipt.blockNumber + 1,
    transfers,
  };
}
