import { z } from "zod";
import { listRequest, paged } from "./shared/list";

export const validityState = z.enum(["none", "valid", "expiring", "expired", "lapsed"]);

/** GET /api/info/validity: the member's balance's validity and what it refunds after the end. */
export const memberValidity = z.object({
  balance: z.number(),
  lastChargeAt: z.string().nullable(),
  validUntil: z.string().nullable(),
  daysLeft: z.number().int().nullable(),
  state: validityState,
  afterExpiryPercent: z.number(),
  /** The balance refunded after the end (the percentage, rounded down). */
  afterExpiryRefund: z.number(),
  /** The end of the limitation period (null: never charged). */
  refundableUntil: z.string().nullable(),
  canExtend: z.boolean(),
  extensionMonths: z.number().int(),
});
export type MemberValidityDto = z.infer<typeof memberValidity>;

export const validityReportRequest = listRequest({
  sortable: ["validUntil"],
  filters: { scope: z.enum(["30", "90", "expired"]).default("30") },
});
export const validityReportDownload = z.object({ scope: z.enum(["30", "90", "expired"]).default("30") });
export const validityRow = z.object({
  memberId: z.number().int(),
  username: z.string(),
  phone: z.string(),
  balance: z.number(),
  lastChargeAt: z.string().nullable(),
  validUntil: z.string(),
  daysLeft: z.number().int(),
  state: validityState,
  afterExpiryRefund: z.number(),
});
export type ValidityRowDto = z.infer<typeof validityRow>;
export const validityReport = paged(validityRow);
