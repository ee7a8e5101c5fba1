import { z } from "zod";
import { Msg } from "../messages";
import type { AdminArea } from "../admin-access";
import { BOARD_CONTENT_MAX } from "./boards";

/** Policies (spec §7 "Policy", §9): terms, privacy and voucher terms, and which area's rule each falls under. */

const isoDate = z.string();

/** Policy ids (spec §9): 1 terms, 2 privacy, 3 voucher terms; the back-office routes clause, personal, giftcard. */
export const POLICY_IDS = { clause: 1, personal: 2, giftcard: 3 } as const;
export type PolicyRoute = keyof typeof POLICY_IDS;
/** Terms and voucher terms need isBoard4, privacy isBoard5. */
export const POLICY_AREA: Record<number, AdminArea> = { 1: "policyTerms", 2: "policyPrivacy", 3: "policyTerms" };

export const policyId = z.number({ error: Msg.badRequest }).int().min(1).max(3);
export const policyWriteBody = z.strictObject({
  id: policyId,
  policy: z.string({ error: Msg.required }).trim().min(1, { error: Msg.required }).max(BOARD_CONTENT_MAX),
});
export type PolicyWriteBody = z.infer<typeof policyWriteBody>;
export const policyRow = z.object({
  id: z.number().int(),
  content: z.string(),
  createdAt: isoDate,
  state: z.number().int(),
  updatedAt: isoDate,
});
export type PolicyDto = z.infer<typeof policyRow>;
export const policyList = z.array(policyRow);

/** Path params: a policy id (1 terms, 2 privacy, 3 voucher terms). */
export const policyParams = z.strictObject({ id: z.coerce.number().int().min(1).max(3) });
