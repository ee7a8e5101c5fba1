/**
 * Validity of a member's balance (issue 36 item 4). Sources and reasons: server/features/validity/README.md.
 */

/** A balance is valid this many years from the member's last charge (신유형 상품권 표준약관: 금액형 5년). */
export const VALIDITY_YEARS = 5;
/** Notices this many days before the end (one each per validity period). */
export const VALIDITY_NOTICE_DAYS = [30, 7] as const;
/**
 * After the end, the balance is refundable at this percentage (표준약관: 유효기간 경과 후 잔액의 90% 이상 반환).
 * Defined here (not in domain/policy/refund.ts, which holds the refund rates of the refund feature) because it is
 * part of the validity rule; the refund feature reads it from here.
 */
export const AFTER_EXPIRY_REFUND_PERCENT = 90;
/** The claim lapses this many years after the validity ends (상법 제64조 상사채권 소멸시효 5년). */
export const LIMITATION_YEARS = 5;
/** A member may ask for an extension from this many days before the end until the end. */
export const EXTENSION_WINDOW_DAYS = 30;
/** Each extension moves the end this many months on. */
export const EXTENSION_MONTHS = 3;

const DAY_MS = 86_400_000;

export type ValidityState = "none" | "valid" | "expiring" | "expired" | "lapsed";

export function addYears(d: Date, years: number): Date {
  const r = new Date(d.getTime());
  r.setUTCFullYear(r.getUTCFullYear() + years);
  return r;
}

export function addMonths(d: Date, months: number): Date {
  const r = new Date(d.getTime());
  r.setUTCMonth(r.getUTCMonth() + months);
  return r;
}

/** The end of validity: 5 years from the last charge, or a later end an extension set. Null: never charged. */
export function validUntil(lastCharge: Date | null, extendedUntil: Date | null): Date | null {
  if (!lastCharge) return extendedUntil;
  const base = addYears(lastCharge, VALIDITY_YEARS);
  return extendedUntil && extendedUntil > base ? extendedUntil : base;
}

/** Whole days left until the end (0 on its last day, negative after it). */
export const daysLeft = (until: Date, now: Date): number => Math.ceil((until.getTime() - now.getTime()) / DAY_MS) - 1;

export function validityState(until: Date | null, now: Date): ValidityState {
  if (!until) return "none";
  if (now >= addYears(until, LIMITATION_YEARS)) return "lapsed";
  if (now >= until) return "expired";
  return until.getTime() - now.getTime() <= EXTENSION_WINDOW_DAYS * DAY_MS ? "expiring" : "valid";
}

/** What an expired balance refunds: the after-expiry percentage, rounded down to the won. */
export const afterExpiryRefund = (balance: number): number => Math.floor((balance * AFTER_EXPIRY_REFUND_PERCENT) / 100);

/** Which notice is due now (the nearest threshold passed), or null. */
export function dueNotice(until: Date, now: Date): 30 | 7 | "ended" | null {
  const left = until.getTime() - now.getTime();
  if (left <= 0) return "ended";
  if (left <= 7 * DAY_MS) return 7;
  if (left <= 30 * DAY_MS) return 30;
  return null;
}
