import { BuyStateLabel } from "@domain/state-labels";
import { PAY_METHOD_LABEL } from "@domain/policy/bank";
import type { BuyHistoryItem, HistoryItem, MoveHistoryItem } from "@domain/schemas/history";
import type { DepositAccount } from "@domain/schemas/purchases";
import type { HistoryKind } from "../../api/moneyQueries";
import { HistoryLabels as L } from "./history.labels";

/** One history line as the table shows it, whatever its type. */
export interface HistoryEntry {
  id: number;
  createdAt: string;
  title: string;
  badge?: { label: string; palette: "orange" | "green" | "gray" | "blue" | "purple" };
  address?: string;
  breakdown: { label: string; won: number }[];
  /** The amount that moved, signed from the member's point of view. */
  main: { won: number; sign: "+" | "-" | "" };
  txHash: string | null;
  /** The printable receipt (거래확인서) of the line. */
  receipt: string;
  /** A pending purchase: what to deposit where, by when (and it can be cancelled). */
  deposit?: { id: number; value: number; expiredAt: string; bank: DepositAccount | null };
}

const buyPalette = { pending: "orange", confirmed: "green", cancelled: "gray" } as const;

function fromBuy(b: BuyHistoryItem): HistoryEntry {
  return {
    id: b.id,
    createdAt: b.createdAt,
    // A purchase paid otherwise than into the main account says how (가상계좌 입금, 연결 계좌 충전).
    title: b.method === "deposit" ? L.buy : `${L.buy} · ${PAY_METHOD_LABEL[b.method]}`,
    badge: { label: BuyStateLabel[b.state], palette: buyPalette[b.state] },
    breakdown: [],
    main: { won: b.value, sign: b.state === "confirmed" ? "+" : "" },
    txHash: b.txHash,
    receipt: `/info/receipt/buy/${b.id}`,
    deposit: b.state === "pending" ? { id: b.id, value: b.value, expiredAt: b.expiredAt, bank: b.bankInfo } : undefined,
  };
}

function fromUse(u: MoveHistoryItem): HistoryEntry {
  // A merchant's cancellation (issue 52): money back from the shop, the amount only (the fee is not returned).
  if (u.kind === "payment_cancel")
    return {
      id: u.id,
      createdAt: u.createdAt,
      title: u.payment ? `${u.payment.merchantName} · ${u.payment.itemName}` : L.market,
      badge: { label: L.shopCancelled, palette: "blue" },
      address: u.from,
      breakdown: [],
      main: { won: u.value, sign: "+" },
      txHash: u.txHash,
      receipt: `/info/receipt/move/${u.id}`,
    };
  return {
    id: u.id,
    createdAt: u.createdAt,
    title: u.payment ? `${u.payment.merchantName} · ${u.payment.itemName}` : u.toUsername || L.market,
    badge: u.payment ? { label: L.shopPaid, palette: "purple" } : undefined,
    address: u.to,
    breakdown: [
      { label: L.value, won: u.value },
      { label: L.fee, won: u.fee },
    ],
    main: { won: u.total, sign: "-" },
    txHash: u.txHash,
    receipt: `/info/receipt/move/${u.id}`,
  };
}

function fromGift(g: MoveHistoryItem): HistoryEntry {
  return {
    id: g.id,
    createdAt: g.createdAt,
    title: g.user || "-",
    badge: g.send ? { label: L.sent, palette: "purple" } : { label: L.received, palette: "blue" },
    address: g.send ? g.to : g.from,
    // a sent gift costs value + fee; a received one brings the value only
    breakdown: g.send
      ? [
          { label: L.value, won: g.value },
          { label: L.fee, won: g.fee },
        ]
      : [],
    main: g.send ? { won: g.total, sign: "-" } : { won: g.value, sign: "+" },
    txHash: g.txHash,
    receipt: `/info/receipt/move/${g.id}`,
  };
}

/** A page's lines: purchases (type 1) carry an order number; uses (2) and gifts (3) are moves. */
export function toEntries(type: HistoryKind, items: HistoryItem[]): HistoryEntry[] {
  return items.map((i) => ("orderNo" in i ? fromBuy(i) : type === 2 ? fromUse(i) : fromGift(i)));
}

/** Typed placeholder rows that drive the skeletons while a page loads. */
export function placeholderEntries(n: number): HistoryEntry[] {
  return Array.from({ length: n }, (_, i) => ({
    id: -i - 1,
    createdAt: new Date(0).toISOString(),
    title: L.buy,
    address: "0x0000000000000000000000000000000000000000",
    breakdown: [],
    main: { won: 10000, sign: "" },
    txHash: null,
    receipt: "",
  }));
}
