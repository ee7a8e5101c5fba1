/**
 * Refund policy values (issue 36): every rate, threshold and period a refund rule reads, with its default from
 * the terms and the source of that default. Counsel confirms them; a change is one line here, and the tests in
 * domain/policy/refund.test.ts name each value, so they follow it. The sources, in full:
 * server/features/refunds/README.md ("Policy values").
 */

import { AFTER_EXPIRY_REFUND_PERCENT, LIMITATION_YEARS } from "./validity";

/**
 * 잔액 환불: once this share (percent) of what was loaded has been used, the whole remaining balance is refundable.
 * Source: 공정거래위원회 신유형 상품권 표준약관 제7조 ② (권면금액·충전금액의 100분의 60 이상 사용).
 */
export const REFUND_USED_PERCENT = 60;

/**
 * For a loaded amount at or below SMALL_VOUCHER_MAX_WON, the used share needed is this instead (percent).
 * Source: 신유형 상품권 표준약관 제7조 ② 괄호 (1만원 이하의 상품권은 100분의 80 이상).
 */
export const REFUND_USED_PERCENT_SMALL = 80;

/** "1만원 이하": the loaded amount (won) at or below which REFUND_USED_PERCENT_SMALL applies. Source: as above. */
export const SMALL_VOUCHER_MAX_WON = 10_000;

/**
 * After the validity period (and within the limitation period) the refund is this share (percent) of the balance.
 * Source: 신유형 상품권 표준약관 제7조 ④ (유효기간 경과 후 잔액의 100분의 90). One value: the validity rule's
 * AFTER_EXPIRY_REFUND_PERCENT (domain/policy/validity.ts), so the notices, my info and the refund quote never differ.
 */
export const REFUND_EXPIRED_PERCENT = AFTER_EXPIRY_REFUND_PERCENT;

/**
 * 청약철회: an unused purchase may be cancelled in full within this many days of its approval (구매확정).
 * Source: 신유형 상품권 표준약관 제7조 ① / 전자상거래법 제17조 ① (7일 이내 청약철회).
 */
export const WITHDRAWAL_DAYS = 7;

/**
 * The fee deducted from a 잔액 환불 (won; 0 = none). The terms allow none for the cases above; a bank transfer fee
 * would be set here. A closing member may forfeit a balance at or below it instead of asking for its refund.
 * Source: none in the terms (operator's decision, to be confirmed by counsel).
 */
export const REFUND_FEE_WON = 0;

/**
 * A payout above this many won needs a second operator's approval (dual control through the proposals feature);
 * at or below it the operator's own act pays it. Source: the operator's internal control (as
 * DUAL_CONTROL_TRANSFER_THRESHOLD_WON), not the terms.
 */
export const REFUND_PAYOUT_DUAL_CONTROL_WON = 1_000_000;

/**
 * A closed account's transaction records are kept this many years (its personal data is minimised at closing).
 * Source: 전자금융거래법 제22조 ① and 시행령 제12조 (전자금융거래 기록 5년 보존).
 */
export const RECORD_RETENTION_YEARS = 5;

/**
 * The limitation period of a voucher claim (years): an expired balance is refundable (at REFUND_EXPIRED_PERCENT)
 * until this many years after its validity ended. Source: 상법 제64조 (상사채권 소멸시효 5년), 표준약관 제7조 ④.
 * One value: the validity rule's LIMITATION_YEARS (domain/policy/validity.ts).
 */
export const REFUND_LIMITATION_YEARS = LIMITATION_YEARS;
