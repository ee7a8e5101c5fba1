import {
  REFUND_EXPIRED_PERCENT,
  REFUND_FEE_WON,
  REFUND_USED_PERCENT,
  REFUND_USED_PERCENT_SMALL,
  SMALL_VOUCHER_MAX_WON,
  WITHDRAWAL_DAYS,
} from "./refund";
import { FULL_REFUND_PERCENT } from "./change-notice";

/**
 * What a member may have refunded now, per member balance (server/features/refunds/README.md "The rule"):
 * - `used` = every confirmed or pending move out of the member's wallet other than a refund (uses, gifts sent,
 *   settlement, with their fees); `loaded` = used + balance (what the wallet held, refunds aside);
 * - expired (validity passed, within the limitation period): REFUND_EXPIRED_PERCENT of the balance;
 * - else used ≥ REFUND_USED_PERCENT of loaded (REFUND_USED_PERCENT_SMALL when loaded ≤ SMALL_VOUCHER_MAX_WON):
 *   the whole balance less REFUND_FEE_WON;
 * - else nothing yet (청약철회 of a purchase is the other way: `withdrawable`);
 * - but while a posted change gives the member the full-refund right (`fullRight`, domain/policy/change-notice.ts):
 *   FULL_REFUND_PERCENT of the balance, no fee, whatever was used or whether the validity ended (rule `notice`).
 */
export type RefundRule = "empty" | "notYet" | "used" | "expired" | "notice";

export interface RefundQuote {
  rule: RefundRule;
  balance: number;
  loaded: number;
  used: number;
  /** Used share of loaded, in whole percent rounded down (display). */
  usedPercent: number;
  /** The used share the rule needs (percent). */
  requiredPercent: number;
  /** What is paid out. */
  refundable: number;
  /** What the member gives up by refunding now (balance − refundable). */
  deduction: number;
  /**
   * While nothing is refundable yet (`notYet`): the won still to use before the balance becomes refundable (using
   * it moves it from balance to used; loaded stays), so the page can say it in one sentence. 0 otherwise.
   */
  moreToUse: number;
}

export function refundQuote(input: { balance: number; used: number; expired?: boolean; fullRight?: boolean }): RefundQuote {
  const balance = Math.max(0, input.balance);
  const used = Math.max(0, input.used);
  const loaded = used + balance;
  const requiredPercent = loaded <= SMALL_VOUCHER_MAX_WON ? REFUND_USED_PERCENT_SMALL : REFUND_USED_PERCENT;
  const usedPercent = loaded === 0 ? 0 : Math.floor((used * 100) / loaded);
  const base = { balance, loaded, used, usedPercent, requiredPercent, moreToUse: 0 };
  if (balance === 0) return { ...base, rule: "empty", refundable: 0, deduction: 0 };
  if (input.fullRight) {
    const refundable = Math.floor((balance * FULL_REFUND_PERCENT) / 100);
    return { ...base, rule: "notice", refundable, deduction: balance - refundable };
  }
  if (input.expired) {
    const refundable = Math.max(0, Math.floor((balance * REFUND_EXPIRED_PERCENT) / 100) - REFUND_FEE_WON);
    return { ...base, rule: "expired", refundable, deduction: balance - refundable };
  }
  // Integer comparison (no rounding): exactly the required share counts.
  if (used * 100 >= requiredPercent * loaded) {
    const refundable = Math.max(0, balance - REFUND_FEE_WON);
    return { ...base, rule: "used", refundable, deduction: balance - refundable };
  }
  // The least whole won X with (used + X) × 100 ≥ required × loaded: integer ceiling, no rounding.
  const moreToUse = Math.floor((requiredPercent * loaded - used * 100 + 99) / 100);
  return { ...base, rule: "notYet", refundable: 0, deduction: 0, moreToUse };
}

/**
 * A closing's refund (회원 탈퇴): the whole balance less the fee, whatever share was used (the member leaves, 표준약관
 * 제7조 ③); once the validity ended, the after-expiry rate as for any refund then, so closing is no way around the
 * deduction. What the closing refunds is escrowed whole; the payout and the deduction leave the supply together. With
 * the full-refund right of a posted change (refusing a terms change by leaving): FULL_REFUND_PERCENT, no fee.
 */
export function closingQuote(input: { balance: number; expired: boolean; fullRight?: boolean }): {
  refundable: number;
  deduction: number;
  expired: boolean;
} {
  const balance = Math.max(0, input.balance);
  if (input.fullRight) {
    const refundable = Math.floor((balance * FULL_REFUND_PERCENT) / 100);
    return { refundable, deduction: balance - refundable, expired: input.expired };
  }
  const gross = input.expired ? Math.floor((balance * REFUND_EXPIRED_PERCENT) / 100) : balance;
  const refundable = Math.max(0, gross - REFUND_FEE_WON);
  return { refundable, deduction: balance - refundable, expired: input.expired };
}

/**
 * 청약철회: a purchase may be cancelled in full while it is within WITHDRAWAL_DAYS of its approval, nothing has
 * left the wallet since that approval (no part of it used) and the balance still holds it.
 */
export function withdrawable(input: {
  confirmedAt: string | null;
  value: number;
  balance: number;
  movedOutSince: number;
  now: Date;
}): boolean {
  if (!input.confirmedAt) return false;
  const age = input.now.getTime() - Date.parse(input.confirmedAt);
  return age >= 0 && age <= WITHDRAWAL_DAYS * 86_400_000 && input.movedOutSince === 0 && input.balance >= input.value;
}
