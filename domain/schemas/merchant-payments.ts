import { z } from "zod";
import { Msg } from "../messages";
import { pinInput } from "./shared/common";
import {
  ITEM_NAME_MAX,
  ORDER_ID_MAX,
  PAYMENT_EXPIRY_DEFAULT_MIN,
  PAYMENT_EXPIRY_MAX_MIN,
  PAYMENT_MAX_WON,
  PAYMENT_STATES,
  WEBHOOK_TYPES,
} from "../policy/merchant-payments";

/** Merchant payments (issue 52; docs/merchant-api.md): the payment API, the member's checkout, the owner's and operators' screens. */

const won = z.number().int().positive().max(PAYMENT_MAX_WON, { error: Msg.paymentAmountInvalid });
const webUrl = z
  .string()
  .trim()
  .max(500)
  .refine((u) => /^https?:\/\/[^\s]+$/i.test(u) && URL.canParse(u), { error: Msg.paymentUrlInvalid });
const publicId = z.string().regex(/^pay_[A-Za-z0-9]{10,40}$/, { error: Msg.paymentNotFound });
const iso = z.iso.datetime({ offset: true, error: Msg.dateInvalid });

// ---- the payment API (merchant key) ----------------------------------------------------------------------------

export const paymentCreate = z.strictObject({
  /** The merchant's own order id, unique per merchant: a second payment for one order is refused (409). */
  orderId: z
    .string()
    .trim()
    .min(1)
    .max(ORDER_ID_MAX)
    .regex(/^[A-Za-z0-9_\-:.]+$/),
  amount: won,
  itemName: z.string().trim().min(1).max(ITEM_NAME_MAX),
  returnUrl: webUrl,
  cancelUrl: webUrl,
  expiresInMinutes: z
    .number()
    .int()
    .min(1, { error: Msg.paymentExpiryInvalid })
    .max(PAYMENT_EXPIRY_MAX_MIN, { error: Msg.paymentExpiryInvalid })
    .default(PAYMENT_EXPIRY_DEFAULT_MIN),
});
export type PaymentCreate = z.output<typeof paymentCreate>;

export const paymentParams = z.strictObject({ paymentId: publicId });

export const paymentsQuery = z.strictObject({
  from: iso.optional(),
  to: iso.optional(),
  state: z.enum(PAYMENT_STATES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** The `nextCursor` of the page before. */
  cursor: z.coerce.number().int().positive().optional(),
});

export const paymentCancel = z.strictObject({
  /** Won to give back; absent: all that remains. */
  amount: won.optional(),
  reason: z.string().trim().min(1, { error: Msg.cancelReasonRequired }).max(200),
});

export const paymentCancelItem = z.object({
  amount: z.number().int(),
  reason: z.string(),
  status: z.enum(["pending", "confirmed", "failed"]),
  txHash: z.string().nullable(),
  createdAt: z.string(),
});

export const payment = z.object({
  paymentId: z.string(),
  orderId: z.string(),
  itemName: z.string(),
  amount: z.number().int(),
  /** The use fee the member paid on top (domain/policy/merchant-payments.ts): not part of `amount`, never refunded. */
  fee: z.number().int(),
  state: z.enum(PAYMENT_STATES),
  stateLabel: z.string(),
  cancelledAmount: z.number().int(),
  remainingAmount: z.number().int(),
  /** The member app's page that pays it; the QR payload is the same URL. */
  checkoutUrl: z.string(),
  qrPayload: z.string(),
  returnUrl: z.string(),
  cancelUrl: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  /** The move member → merchant: its status and hash once sent. */
  transfer: z.object({ status: z.enum(["pending", "confirmed", "failed"]), txHash: z.string().nullable() }).nullable(),
  cancels: z.array(paymentCancelItem),
});
export type Payment = z.infer<typeof payment>;

export const paymentsPage = z.object({ payments: z.array(payment), nextCursor: z.number().int().nullable() });

// ---- the member's checkout --------------------------------------------------------------------------------------

export const checkoutView = z.object({
  paymentId: z.string(),
  merchantName: z.string(),
  itemName: z.string(),
  orderId: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  total: z.number().int(),
  state: z.enum(PAYMENT_STATES),
  stateLabel: z.string(),
  expiresAt: z.string(),
  balance: z.number().int(),
  /** Null when it can be paid; otherwise why not, in Korean (expired, cancelled, already paid, …). */
  refusal: z.string().nullable(),
  /** Where the member goes after paying (with `paymentId`), or on giving up. */
  returnUrl: z.string(),
  cancelUrl: z.string(),
  /** Set when this member paid it. */
  paidByMe: z.boolean(),
});
export type CheckoutView = z.infer<typeof checkoutView>;

export const checkoutPay = z.strictObject({ password: pinInput });

export const checkoutResult = z.object({
  paymentId: z.string(),
  state: z.enum(PAYMENT_STATES),
  status: z.enum(["pending", "confirmed"]),
  txHash: z.string().nullable(),
  amount: z.number().int(),
  fee: z.number().int(),
  /** The merchant's return URL with `paymentId` and `orderId` added. */
  redirectUrl: z.string(),
  transferId: z.number().int(),
});
export type CheckoutResult = z.infer<typeof checkoutResult>;

// ---- the merchant's own screen (a shop owner in the member app) --------------------------------------------------

export const merchantKey = z.object({
  id: z.number().int(),
  prefix: z.string(),
  label: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

export const merchantSelf = z.object({
  name: z.string(),
  state: z.enum(["active", "suspended"]),
  wallet: z.string(),
  webhookUrl: z.string().nullable(),
  webhookSecretPrefix: z.string().nullable(),
  keys: z.array(merchantKey),
});

export const merchantKeyCreate = z.strictObject({ label: z.string().trim().min(1).max(40) });
/** A new key: whole this once, afterwards its prefix only. */
export const merchantKeyMade = merchantKey.extend({ key: z.string() });
export const merchantKeyParams = z.strictObject({ keyId: z.coerce.number().int().positive() });

export const merchantWebhookSet = z.strictObject({ url: webUrl });
/** The webhook: its URL and, when a secret was made now, the whole secret this once. */
export const merchantWebhook = z.object({
  webhookUrl: z.string().nullable(),
  webhookSecretPrefix: z.string().nullable(),
  secret: z.string().nullable(),
});

export const merchantPaymentsQuery = z.strictObject({
  state: z.enum(PAYMENT_STATES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.coerce.number().int().positive().optional(),
});

export const webhookAttempt = z.object({
  attemptedAt: z.string(),
  status: z.number().int().nullable(),
  latencyMs: z.number().int(),
  excerpt: z.string().nullable(),
  error: z.string().nullable(),
});

export const webhookDelivery = z.object({
  id: z.number().int(),
  eventId: z.string(),
  type: z.enum(WEBHOOK_TYPES),
  paymentId: z.string().nullable(),
  state: z.enum(["pending", "delivered", "failed", "void"]),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  recent: z.array(webhookAttempt),
});
export const webhookDeliveries = z.object({ deliveries: z.array(webhookDelivery), nextCursor: z.number().int().nullable() });
export const deliveriesQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.coerce.number().int().positive().optional(),
});
export const deliveryParams = z.strictObject({ deliveryId: z.coerce.number().int().positive() });

// ---- operators --------------------------------------------------------------------------------------------------

export const merchantRow = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.enum(["active", "suspended"]),
  ownerName: z.string(),
  phone: z.string(),
  wallet: z.string(),
  activeKeys: z.number().int(),
  webhookUrl: z.string().nullable(),
  createdAt: z.string(),
});
export const merchantList = z.object({ merchants: z.array(merchantRow) });
export const merchantCreate = z.strictObject({
  phone: z
    .string()
    .trim()
    .regex(/^01\d{8,9}$/, { error: Msg.verifyPhoneInvalid }),
  name: z.string().trim().min(1, { error: Msg.merchantNameRequired }).max(40),
});
export const merchantParams = z.strictObject({ merchantId: z.coerce.number().int().positive() });
export const merchantUpdate = z.strictObject({
  name: z.string().trim().min(1, { error: Msg.merchantNameRequired }).max(40).optional(),
  state: z.enum(["active", "suspended"]).optional(),
});

// ---- books: per merchant and day (the settlement screens) ------------------------------------------------------

const seoulDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: Msg.dateInvalid });
export const merchantDailyQuery = z.strictObject({ from: seoulDay.optional(), to: seoulDay.optional() });
export const merchantDailyRow = z.object({
  /** YYYY-MM-DD in Asia/Seoul. */
  day: z.string(),
  merchantId: z.number().int(),
  merchantName: z.string(),
  paidCount: z.number().int(),
  paidAmount: z.number().int(),
  /** The members' use fees on those payments (to the fee wallet, not the merchant's). */
  feeAmount: z.number().int(),
  cancelledAmount: z.number().int(),
  /** paid − cancelled: what the merchant's wallet received that day. */
  netAmount: z.number().int(),
});
export type MerchantDailyRow = z.infer<typeof merchantDailyRow>;
export const merchantDaily = z.object({ from: z.string(), to: z.string(), rows: z.array(merchantDailyRow) });
