/**
 * Policy values of merchant payments (issue 52; server/features/merchant-payments/README.md): limits of a payment, the
 * fee rule, the webhook schedule. A change is one line here; the tests read these names.
 */
import { FEE_WON } from "../constants";

/**
 * The largest payment (won). Source: 전자금융거래법 시행령 제13조 ① — a named (기명식) prepaid means holds at most
 * 2,000,000원, so no single payment can be larger than a member may hold.
 */
export const PAYMENT_MAX_WON = 2_000_000;

/** A payment may be paid for at most this long after it was created (the issue: "expiry up to 30 minutes"). */
export const PAYMENT_EXPIRY_MAX_MIN = 30;
/** When the merchant names no expiry: Kakao Pay's ready → approve window is 15 minutes (its developer guide). */
export const PAYMENT_EXPIRY_DEFAULT_MIN = 15;

/**
 * The fee rule. Paying at a merchant is a market use (사용), so the member pays the use fee on top of the amount, as
 * for every use (domain/amount.ts AMOUNT_FEE.use). A cancellation moves the cancelled amount back from the merchant's
 * wallet with no fee on either side, and the payment's fee is not given back: it paid for the move that happened
 * (as a card's 결제 수수료 is not part of a refund). Written down in the checkout, the receipt and docs/merchant-api.md.
 */
export const CHECKOUT_FEE_WON = FEE_WON;
export const CANCEL_FEE_WON = 0;

/** How many live API keys a merchant may hold at once: enough to rotate (the old and the new) with spares. */
export const MERCHANT_KEYS_MAX = 5;

/** The merchant's order id and the item's name: lengths as Toss Payments' orderId (6–64) and orderName (≤100). */
export const ORDER_ID_MAX = 64;
export const ITEM_NAME_MAX = 100;

/**
 * Webhook delivery: an attempt gives up after WEBHOOK_TIMEOUT_MS (the issue: "longer than 10 s is retried"); the
 * next waits WEBHOOK_RETRY_BASE_MS × 2^(attempt − 1), at most WEBHOOK_RETRY_CAP_MS, until WEBHOOK_GIVE_UP_MS after the
 * event (three days: Stripe retries live-mode webhooks "for up to three days with an exponential back off").
 */
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_RETRY_BASE_MS = 10_000;
export const WEBHOOK_RETRY_CAP_MS = 6 * 3600_000;
export const WEBHOOK_GIVE_UP_MS = 3 * 24 * 3600_000;
/** How many attempts of one merchant run at once: a slow receiver holds only its own merchant's slots. */
export const WEBHOOK_PER_MERCHANT = 4;
/** How much of a receiver's answer the attempt log keeps. */
export const WEBHOOK_EXCERPT_CHARS = 300;

/** The delay before attempt `n + 1` after `n` failed ones. */
export function webhookRetryDelayMs(failed: number): number {
  return Math.min(WEBHOOK_RETRY_CAP_MS, WEBHOOK_RETRY_BASE_MS * 2 ** Math.max(0, failed - 1));
}

/** A payment's states (the API's names) and their Korean labels: 대기, 결제완료, 부분취소, 취소, 만료. */
export const PAYMENT_STATES = ["pending", "paid", "partially_cancelled", "cancelled", "expired"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_STATE_LABEL: Record<PaymentState, string> = {
  pending: "대기",
  paid: "결제완료",
  partially_cancelled: "부분취소",
  cancelled: "취소",
  expired: "만료",
};

/** The webhook events a merchant receives. `ping` is the test event a merchant sends itself. */
export const WEBHOOK_TYPES = ["payment.paid", "payment.cancelled", "payment.expired", "ping"] as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[number];

/** The signature header of a webhook: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = "KRWV-Signature";
