import { z } from "zod";
import { listRequest, paged } from "./shared/list";

/** The audit log of the operators' actions (a member's detail shows those on the member too). */

const isoDate = z.string();

export const auditRow = z.object({
  id: z.number().int(),
  adminId: z.number().int(),
  adminLoginId: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  txHash: z.string().nullable(),
  createdAt: isoDate,
});
export type AuditRowDto = z.infer<typeof auditRow>;

export const auditListRequest = listRequest({
  sortable: ["createdAt"],
  dates: true,
  filters: { action: z.string().trim().max(50).optional() },
});
export const auditList = paged(auditRow);
