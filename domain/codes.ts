/** Response codes (the `code` of the envelope) and the HTTP status each maps to. */
export const Code = {
  OK: 200,
  /** Sent to the chain, its outcome not known yet: nothing to retry (it may still be mined). */
  ACCEPTED: 202,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  LOCKED: 423,
  TOO_MANY: 429,
  SERVER_ERROR: 500,
  CHAIN_UNAVAILABLE: 503,
  /** The bank provider did not answer: nothing was recorded (issue 51). */
  BANK_UNAVAILABLE: 503,
  /** Not a marketplace (shop owner) voucher address. */
  NOT_MARKET_ADDRESS: 1125,
  /**
   * Refusals of a payment call that are not about the password (only a wrong password answers 400
   * there, so the apps can tell the two apart). HTTP 422.
   */
  /** The amount breaks a rule: unit of 100, minimum, monthly capacity, 15 digits. */
  AMOUNT_REFUSED: 1130,
  /** Amount + fee exceed the spendable balance. */
  OVER_BALANCE: 1131,
  /** A gift to one's own phone or wallet. */
  GIFT_TO_SELF: 1132,
  /** The recipient cannot receive (blocked wallet, withdrawn member). */
  RECIPIENT_REFUSED: 1133,
  /** No deposit account is registered for purchases. */
  NO_MAIN_BANK: 1134,
  /** Refunds (issue 36), each its own code and Korean message. HTTP 422. The bank account's holder is not the member's verified name. */
  REFUND_HOLDER_MISMATCH: 1140,
  /** The bank account could not be found. */
  REFUND_ACCOUNT_NOT_FOUND: 1141,
  /** The amount is above what is refundable now (or nothing is refundable yet). */
  REFUND_OVER_REFUNDABLE: 1142,
  /** The account is closed (탈퇴). */
  ACCOUNT_CLOSED: 1143,
  /** 청약철회 refused: past the days, partly used, or already cancelled. */
  REFUND_NOT_WITHDRAWABLE: 1144,
  /** A refund of this member is already open (one at a time). */
  REFUND_ALREADY_OPEN: 1145,
  /** Closing refused: a balance to refund first (or to forfeit, when below the refund fee). */
  CLOSING_BALANCE_LEFT: 1146,
  /** The refund's bank account exists but is closed (해지 계좌): it cannot receive the payout. */
  REFUND_ACCOUNT_CLOSED: 1147,
  /** A linked-account charge the bank refused (no money, consent withdrawn): nothing issued. HTTP 422. */
  DEBIT_FAILED: 1148,
  /** No linked account to charge from, or one is already linked. HTTP 422. */
  LINKED_ACCOUNT: 1149,
  /** Merchant payments (issue 52): an amount that is not a positive integer or is above PAYMENT_MAX_WON. HTTP 400. */
  PAYMENT_AMOUNT: 1150,
  /** A cancellation above what remains of the payment. HTTP 400. */
  CANCEL_OVER_REMAINING: 1151,
  /** The payment cannot be paid: expired, cancelled, or already paid (its own message each). HTTP 409. */
  PAYMENT_NOT_PAYABLE: 1152,
  /** The merchant's wallet cannot give the cancelled amount back. HTTP 422. */
  MERCHANT_BALANCE: 1153,
  /** A webhook URL this service will not call (itself, loopback or private in production). HTTP 400. */
  WEBHOOK_URL_REFUSED: 1154,
  /** A change (terms or shop removal) dated inside its notice period (domain/policy/change-notice.ts). HTTP 400. */
  CHANGE_TOO_SOON: 1160,
  /** A change in a state that does not allow the act (posting a posted one, editing an applied one). HTTP 409. */
  CHANGE_STATE: 1161,
  /**
   * An operator's login whose password is right but whose one-time code (TOTP or recovery code) is missing: the same
   * call again with `otp` completes it. HTTP 401.
   */
  OTP_REQUIRED: 1201,
  /** A session limited to enrolling in two-factor login (OPERATOR_2FA=required) called anything else. HTTP 403. */
  OTP_ENROL_REQUIRED: 1202,
  /** Identity verification: already a member. */
  ALREADY_MEMBER: 1417,
  /** Identity verification: under 19. */
  UNDER_AGE: 1490,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

/** HTTP status for a code: spec codes above 599 map by meaning. */
export function httpStatusFor(code: number): number {
  if (code >= 200 && code < 600) return code === 423 ? 423 : code;
  if (code === Code.NOT_MARKET_ADDRESS) return 400;
  if (code === Code.OTP_REQUIRED) return 401;
  if (code === Code.OTP_ENROL_REQUIRED) return 403;
  if (code >= Code.AMOUNT_REFUSED && code <= Code.NO_MAIN_BANK) return 422;
  if (code >= Code.REFUND_HOLDER_MISMATCH && code <= Code.LINKED_ACCOUNT) return 422;
  if (code === Code.PAYMENT_NOT_PAYABLE) return 409;
  if (code === Code.MERCHANT_BALANCE) return 422;
  if (code === Code.CHANGE_STATE) return 409;
  if (code === Code.ALREADY_MEMBER) return 409;
  if (code === Code.UNDER_AGE) return 403;
  return 400;
}

export interface Envelope<T = unknown> {
  code: number;
  message?: string;
  data?: T;
}
