import { z } from "zod";
import { Msg } from "../messages";
import { pinInput } from "./shared/common";
import { listRequest, paged } from "./shared/list";
import { ownBankAccount } from "./shared/bank-account";

/**
 * Refunds (issue 36): 잔액 환불, 청약철회 of one purchase, and the refund of a closing account. The member asks
 * (the amount moves to the refund escrow), an operator pays by bank and records the reference (the escrow's amount
 * is burned; above REFUND_PAYOUT_DUAL_CONTROL_WON a second operator approves the burn) or rejects with a reason
 * (the amount goes back).
 */

export const REFUND_STATES = ["requested", "paying", "paid", "rejected", "failed"] as const;
export const REFUND_KINDS = ["balance", "withdrawal", "closing"] as const;
export const REFUND_RULES = ["empty", "notYet", "used", "expired", "withdrawal", "closing", "notice"] as const;

const won = z
  .number({ error: Msg.required })
  .int({ error: Msg.badRequest })
  .positive({ error: Msg.refundOverRefundable })
  .max(Number.MAX_SAFE_INTEGER, { error: Msg.badRequest });

/** A refund's payout account: in the member's own name. */
export const refundAccount = ownBankAccount;

/** The full-refund right of a posted change (server/features/change-notices/README.md). */
export const fullRight = z.object({
  changeId: z.number().int(),
  kind: z.enum(["terms", "shop"]),
  title: z.string(),
  effectiveDate: z.string(),
  /** Until when the right lasts (the notice comes down); for closing on a terms change, until it applies. */
  until: z.string(),
  reason: z.string(),
});

/** GET /api/refund: what is refundable now and why, the open refund, the purchases 청약철회 may cancel. */
export const refundQuoteDto = z.object({
  balance: z.number(),
  loaded: z.number(),
  used: z.number(),
  usedPercent: z.number(),
  requiredPercent: z.number(),
  /** While nothing is refundable yet: the won still to use before it is (0 otherwise). */
  moreToUse: z.number().int(),
  rule: z.enum(REFUND_RULES),
  ruleLabel: z.string(),
  refundable: z.number(),
  deduction: z.number(),
  fee: z.number(),
  /** The member's verified name (the account must be in it). */
  holderName: z.string(),
  open: z.object({ orderNo: z.string(), value: z.number(), state: z.enum(REFUND_STATES), stateLabel: z.string() }).nullable(),
  /** Buy orders (order numbers) that 청약철회 may cancel now. */
  withdrawable: z.array(z.string()),
  /** A posted change that gives this member the full-refund right now (rule `notice`): what it is and until when. */
  fullRight: fullRight.nullable(),
});
export type RefundQuoteDto = z.infer<typeof refundQuoteDto>;

/** POST /api/refund/holder: the bank-account holder check before the request (the provider's answer). */
export const holderCheckBody = z.strictObject(refundAccount);
export const holderCheckResult = z.object({ ok: z.literal(true), holderName: z.string() });

/** POST /api/refund: 잔액 환불 of `value` (≤ refundable) to the account, with the payment password. */
export const refundRequestBody = z.strictObject({ ...refundAccount, value: won, password: pinInput });
export type RefundRequestBody = z.output<typeof refundRequestBody>;

/** POST /api/refund/withdraw: 청약철회 of one purchase (its order number), in full. */
export const withdrawBody = z.strictObject({ ...refundAccount, orderNo: z.string().min(1).max(40), password: pinInput });
export type WithdrawBody = z.output<typeof withdrawBody>;

/** A refund as the member and the operators see it. */
export const refundDto = z.object({
  /** The order's id: its receipt is /info/receipt/refund/:id. */
  id: z.number().int(),
  orderNo: z.string(),
  kind: z.enum(REFUND_KINDS),
  kindLabel: z.string(),
  value: z.number(),
  balance: z.number(),
  deduction: z.number(),
  rule: z.string(),
  ruleLabel: z.string(),
  bankName: z.string(),
  /** Masked but for the last four digits. */
  bankAccount: z.string(),
  holderName: z.string(),
  state: z.enum(REFUND_STATES),
  stateLabel: z.string(),
  bankRef: z.string().nullable(),
  rejectReason: z.string().nullable(),
  requestTxHash: z.string().nullable(),
  burnTxHash: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type RefundDto = z.infer<typeof refundDto>;

/** POST /api/refund/history: the member's refunds (the history's 환불 tab). */
export const refundHistoryBody = z.strictObject({
  page: z.number().int().min(1).max(100_000).default(1),
  perPage: z.number().int().min(1).max(100).default(20),
});
export const refundHistory = z.object({ total: z.number().int(), list: z.array(refundDto) });

/** Back-office (/admin/refund): the list, by dates, state and keyword. */
export const refundAdminRow = refundDto.extend({
  id: z.number().int(),
  username: z.string(),
  phonenumber: z.string(),
  /** The member's account is closed (탈퇴). */
  closedAt: z.string().nullable(),
  proposalId: z.number().int().nullable(),
});
export type RefundAdminRow = z.infer<typeof refundAdminRow>;
export const refundSearchRequest = listRequest({
  sortable: ["createdAt"],
  dates: true,
  filters: { state: z.enum(["all", ...REFUND_STATES]).optional() },
});
export type RefundSearchRequest = z.output<typeof refundSearchRequest>;
export const refundList = paged(refundAdminRow);

export const refundOrderParams = z.strictObject({ orderNo: z.string().min(1).max(40) });
/** Pay: the bank transfer's reference, recorded; the burn follows (or a proposal above the threshold). */
export const refundPayBody = z.strictObject({
  bankRef: z.string({ error: Msg.refundBankRefRequired }).trim().min(1, { error: Msg.refundBankRefRequired }).max(80),
});
export const refundRejectBody = z.strictObject({
  reason: z.string({ error: Msg.refundRejectReasonRequired }).trim().min(1, { error: Msg.refundRejectReasonRequired }).max(200),
});
/** A closing refund's payout account, changed by an operator (the member told it through support), with why. */
export const refundAccountBody = z.strictObject({
  ...refundAccount,
  reason: z.string({ error: Msg.refundAccountReasonRequired }).trim().min(1, { error: Msg.refundAccountReasonRequired }).max(200),
});
export const refundDecision = z.object({ refund: refundAdminRow, proposalId: z.number().int().nullable(), txHash: z.string().nullable() });

/** GET /api/account/close: what closing needs first. */
export const closingInfo = z.object({
  balance: z.number(),
  /** What a closing refund pays (the balance less the fee; past the validity, the after-expiry share less the fee). */
  refundable: z.number(),
  /** What the closing keeps back of the balance (the fee; past the validity, the after-expiry deduction too). */
  deduction: z.number(),
  /** The validity ended: the after-expiry rate applies. */
  expired: z.boolean(),
  fee: z.number(),
  /** Nothing would be paid (the balance at or below the fee): the member may forfeit it instead. */
  canForfeit: z.boolean(),
  openRefund: z.boolean(),
  /** An unpaid purchase request (입금 대기) refuses closing until it is cancelled or approved. */
  pendingBuy: z.boolean(),
  holderName: z.string(),
  /** Closing now refuses a posted terms change: the whole balance is refunded (전액 환급). */
  fullRight: fullRight.nullable(),
});
/**
 * POST /api/account/close: `key_info` from the identity re-verification (reauth popup), the payment password, and
 * either the account for the closing refund or `forfeit` when the balance is at or below the fee (or empty).
 */
export const closeBody = z.strictObject({
  key_info: z.string().min(1).max(64),
  password: pinInput,
  forfeit: z.boolean().optional(),
  bank: refundAccount.bank.optional(),
  account: refundAccount.account.optional(),
});
export type CloseBody = z.output<typeof closeBody>;
export const closeResult = z.object({ closedAt: z.string(), refund: refundDto.nullable() });
