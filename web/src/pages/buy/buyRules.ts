import { AMOUNT_UNIT_WON, BUY_MIN_WON } from "@domain/constants";
import { Msg } from "@domain/messages";

/** Buy amount checks, in the spec's order; null when the amount may be requested. */
export function buyAmountError(digits: string, capacity: number): string | null {
  if (digits === "") return Msg.required;
  const value = Number(digits);
  if (value < BUY_MIN_WON) return Msg.buyBelowMin;
  if (value % AMOUNT_UNIT_WON !== 0) return Msg.amountUnit;
  if (value > capacity) return Msg.buyOverCapacity;
  return null;
}
