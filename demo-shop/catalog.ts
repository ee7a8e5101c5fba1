/** The demo shop's goods: prices in won, set here (a cart sends SKUs and quantities, never prices). */
export const CATALOG = [
  { sku: "americano", name: "아메리카노", price: 4_500 },
  { sku: "latte", name: "카페라떼", price: 5_000 },
  { sku: "cheesecake", name: "치즈케이크", price: 6_800 },
] as const;

export type Sku = (typeof CATALOG)[number]["sku"];

export interface Line {
  sku: Sku;
  name: string;
  price: number;
  qty: number;
}

/** A cart's lines from what the browser sent: known SKUs, whole quantities 1–20; null when nothing is left. */
export function linesOf(items: unknown): Line[] | null {
  if (!Array.isArray(items)) return null;
  const lines: Line[] = [];
  for (const it of items as { sku?: unknown; qty?: unknown }[]) {
    const p = CATALOG.find((c) => c.sku === it?.sku);
    const qty = Number(it?.qty);
    if (!p || !Number.isInteger(qty) || qty < 1 || qty > 20) continue;
    lines.push({ sku: p.sku, name: p.name, price: p.price, qty });
  }
  return lines.length > 0 ? lines : null;
}

export const totalOf = (lines: Line[]) => lines.reduce((s, l) => s + l.price * l.qty, 0);
export const itemNameOf = (lines: Line[]) =>
  lines.length === 1 ? `${lines[0].name} ${lines[0].qty}개` : `${lines[0].name} 외 ${lines.length - 1}건`;

/** An order of the demo shop, in its memory. */
export interface DemoOrder {
  orderId: string;
  lines: Line[];
  amount: number;
  paymentId: string;
  checkoutUrl: string;
  /** What the webhooks said: 결제 대기 → 결제 완료 → 부분 취소 / 취소, or 만료. */
  state: "pending" | "paid" | "partially_cancelled" | "cancelled" | "expired";
  cancelled: number;
  events: { id: string; type: string; at: string }[];
  createdAt: string;
}
