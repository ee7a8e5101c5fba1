import { AMOUNT_UNIT_WON, FEE_WON, GIFT_MIN_WON } from "@domain/constants";
import { Msg } from "@domain/messages";

/** Gift amount checks in the spec's order; the 200-won fee must be covered too. */
export function giftAmountError(digits: string, balance: number): string | null {
  if (digits === "" || Number(digits) === 0) return Msg.required;
  const value = Number(digits);
  if (value < GIFT_MIN_WON) return Msg.giftBelowMin;
  if (value % AMOUNT_UNIT_WON !== 0) return Msg.amountUnit;
  if (value + FEE_WON > balance) return Msg.overBalance;
  return null;
}

/** Market-use amount checks: no minimum, multiple of 100, value + fee within the balance. */
export function marketAmountError(digits: string, balance: number): string | null {
  if (digits === "" || Number(digits) === 0) return Msg.required;
  const value = Number(digits);
  if (value % AMOUNT_UNIT_WON !== 0) return Msg.amountUnit;
  if (value + FEE_WON > balance) return Msg.overBalance;
  return null;
}
