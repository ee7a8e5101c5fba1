import { z } from "zod";
import { Msg } from "../messages";

/** The partner API (docs/partner-api.md): payments received at market addresses. */
export const partnerPaymentsQuery = z.strictObject({
  since: z.iso.datetime({ offset: true, error: Msg.dateInvalid }).optional(),
  address: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{40}$/, { error: Msg.recipientAddressNotFound })
    .optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type PartnerPaymentsQuery = z.output<typeof partnerPaymentsQuery>;

export const partnerTxParams = z.strictObject({ txHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, { error: Msg.notFound }) });

export const partnerPayment = z.object({
  txHash: z.string(),
  logIndex: z.number().int(),
  to: z.string(),
  payer: z.string(),
  /** Integer won as a decimal string. */
  amount: z.string().regex(/^\d+$/),
  blockNumber: z.number().int(),
  confirmations: z.number().int(),
  timestamp: z.string(),
});
export type PartnerPayment = z.infer<typeof partnerPayment>;

/** GET /api/partner/payments. */
export const partnerPayments = z.object({ payments: z.array(partnerPayment) });
