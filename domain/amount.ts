import { AMOUNT_MAX_DIGITS, AMOUNT_UNIT_WON, BUY_MIN_WON, FEE_WON, GIFT_MIN_WON } from "./constants";
import { Msg } from "./messages";

/** The three money flows whose amount a member types. */
export type AmountKind = "buy" | "gift" | "use";

/** Minimum per flow. Market use has none (the spec): an amount under one unit is refused by the unit rule. */
export const AMOUNT_MIN: Record<AmountKind, number> = { buy: BUY_MIN_WON, gift: GIFT_MIN_WON, use: AMOUNT_UNIT_WON };

/** The fee taken on top of the amount (buy has none). */
export const AMOUNT_FEE: Record<AmountKind, number> = { buy: 0, gift: FEE_WON, use: FEE_WON };

/**
 * The one order of the amount rules, used by the apps' forms and by the server:
 * required → 15 digits → minimum → unit of 100 → limit (the spec's order) (capacity for buy, balance minus the fee for
 * gift and use). `limit` undefined skips the last rule (the server checks the balance in its transaction).
 */
export function amountProblem(kind: AmountKind, value: number, limit?: number): string | null {
  if (!Number.isFinite(value) || value <= 0) return Msg.required;
  if (!Number.isSafeInteger(value) && Number.isInteger(value)) return Msg.amountTooLong;
  if (String(value).length > AMOUNT_MAX_DIGITS) return Msg.amountTooLong;
  if (!Number.isInteger(value)) return Msg.amountUnit;
  if (kind !== "use" && value < AMOUNT_MIN[kind]) return kind === "buy" ? Msg.buyBelowMin : Msg.giftBelowMin;
  if (value % AMOUNT_UNIT_WON !== 0) return Msg.amountUnit;
  if (limit !== undefined && value + AMOUNT_FEE[kind] > limit) {
    if (kind === "buy") return Msg.buyOverCapacity;
    return value <= limit ? Msg.overBalanceWithFee : Msg.overBalance;
  }
  return null;
}

/** The largest amount that passes the rules within `limit` (the '전액' button), or 0 when none does. */
export function largestAmount(kind: AmountKind, limit: number): number {
  const room = limit - AMOUNT_FEE[kind];
  const v = Math.floor(Math.max(0, room) / AMOUNT_UNIT_WON) * AMOUNT_UNIT_WON;
  return v >= AMOUNT_MIN[kind] ? v : 0;
}
