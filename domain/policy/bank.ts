/**
 * Policy values of money coming in through the bank (issue 51; server/providers/bank/README.md).
 */

/**
 * How old a signed bank callback may be (its `t=` against this server's clock) before it is refused as a replay.
 * Five minutes, as Stripe's webhook signatures (stripe-node `DEFAULT_TOLERANCE = 300`) and Toss Payments' guidance
 * to reject stale notices; the event id is also seen once, so a copy inside the window changes nothing either.
 */
export const BANK_CALLBACK_TOLERANCE_SEC = 300;

/**
 * How long a linked-account charge (계좌 연결 충전) waits in the request for the bank's debit result and the
 * issuance before answering "처리 중" (the result page then follows the order): within the bench's 1 s p95 for the
 * callback → confirmed path, with room for the debit itself.
 */
export const CHARGE_WAIT_MS = 8_000;

/** Why a deposit waits for a person (입금 확인 필요): the machine matches only the exact amount, in time, to an open order. */
export const DepositReview = {
  AMOUNT: "amount",
  LATE: "late",
  UNKNOWN_ACCOUNT: "unknownAccount",
  NAME: "name",
  STATEMENT: "statement",
  /** The money arrived but the treasury could not issue it (its balance short): an operator mints, then matches. */
  TREASURY: "treasury",
} as const;
export type DepositReviewReason = (typeof DepositReview)[keyof typeof DepositReview];

/** The queue's reasons in Korean (the operators' screen and its notice). */
export const DEPOSIT_REVIEW_LABEL: Record<DepositReviewReason, string> = {
  amount: "금액 불일치",
  late: "기한 후 입금",
  unknownAccount: "알 수 없는 계좌",
  name: "입금자명 불일치",
  statement: "거래내역 대조",
  treasury: "발행 지갑 잔액 부족",
};

/** How a purchase is paid, as the member's history and receipt name it. */
export const PAY_METHOD_LABEL = { deposit: "대표 계좌 입금", virtual: "가상계좌 입금", linked: "연결 계좌 충전" } as const;
export type PayMethod = keyof typeof PAY_METHOD_LABEL;

/** How an order was confirmed, as the sales screens and their xlsx show it. */
export const CONFIRMED_BY_LABEL = { auto: "자동", manual: "수동", linked: "계좌연결" } as const;
export type ConfirmedBy = keyof typeof CONFIRMED_BY_LABEL;

/**
 * A queued deposit returned to its sender above this amount needs a second operator (dual control), as a refund's
 * payout does (REFUND_PAYOUT_DUAL_CONTROL_WON, domain/policy/refund.ts: the same money leaving by bank transfer).
 */
export { REFUND_PAYOUT_DUAL_CONTROL_WON as DEPOSIT_RETURN_DUAL_CONTROL_WON } from "./refund";
