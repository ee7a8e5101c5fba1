/**
 * Notice before a change to members' disadvantage (issue 53 item 2; server/features/change-notices/README.md):
 * 전자금융거래법 as amended (법률 제19734호, 시행 2024-09-15) and its 시행령. Counsel confirms the values; a change is
 * one line here and the tests build their dates from these names.
 */

/**
 * A shop removed from the usable list (가맹점 축소): announced at least this many days before it applies.
 * Source: 전자금융거래법 제19조 (2024-09-15 시행) and 시행령, 가맹점 축소·이용조건 변경 시 사전 고지.
 */
export const SHOP_REMOVAL_NOTICE_DAYS = 7;

/**
 * A new version of the voucher terms (약관 변경): posted and told at least this many calendar months before it applies.
 * Source: 전자금융거래법 제24조 ③ (변경되는 약관의 시행일 1개월 전 게시·통지).
 */
export const TERMS_CHANGE_NOTICE_MONTHS = 1;

/**
 * How long a change's notice stays posted after it applies (its refund terms included): at least this many days.
 * Source: 전자금융거래법 시행령 (2024-09-15 시행): 환급에 관한 사항을 축소·변경일부터 30일 이상 홈페이지에 게시.
 */
export const CHANGE_POSTED_DAYS = 30;

/**
 * The full-refund right (전액 환급): an affected member may have the whole balance refunded, with no deduction, from the
 * posting until the notice comes down (the effective date + CHANGE_POSTED_DAYS). Source: 전자금융거래법 제19조 ②
 * (2024-09-15 시행): 가맹점 축소 또는 이용조건의 불리한 변경 시 잔액 전액 환급.
 */
export const FULL_REFUND_PERCENT = 100;

export const CHANGE_KINDS = ["terms", "shop"] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const CHANGE_STATES = ["draft", "posted", "applied", "withdrawn"] as const;
export type ChangeState = (typeof CHANGE_STATES)[number];

const DAY_MS = 86_400_000;
/** Asia/Seoul has had no daylight saving since 1988: a fixed offset. */
const SEOUL_OFFSET_MS = 9 * 3_600_000;

/** 'YYYY-MM-DD' of the Seoul calendar day containing `at`. */
export function seoulDay(at: Date): string {
  return new Date(at.getTime() + SEOUL_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Seoul calendar day begins (00:00 KST): when a change dated that day applies. */
export function seoulDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - SEOUL_OFFSET_MS);
}

/** Adds whole calendar days / months to a 'YYYY-MM-DD' (a month past the month's end keeps to its last day). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))).toISOString().slice(0, 10);
}

/** The earliest effective date (Seoul day) a change of this kind posted at `now` may have. */
export function earliestEffectiveDay(kind: ChangeKind, now: Date): string {
  const today = seoulDay(now);
  return kind === "shop" ? addDays(today, SHOP_REMOVAL_NOTICE_DAYS) : addMonths(today, TERMS_CHANGE_NOTICE_MONTHS);
}

/** When the notice comes down, and the full-refund right with it: CHANGE_POSTED_DAYS after the effective day. */
export function postedUntil(effectiveDay: string): Date {
  return seoulDayStart(addDays(effectiveDay, CHANGE_POSTED_DAYS));
}

/**
 * A member may refuse a terms change by closing the account (계약 해지) with a full refund through the day before it
 * applies: until the effective day begins. Source: 전자금융거래법 제24조 (시행일 전일까지 해지; no objection by then
 * counts as consent).
 */
export function refusalUntil(effectiveDay: string): Date {
  return seoulDayStart(effectiveDay);
}
