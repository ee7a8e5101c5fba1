import { z } from "zod";
import { listRequest, paged } from "./shared/list";
import { ACCESS_REASON_CODES, REASON_TEXT_MAX, type AccessReason } from "../access-log";
import { Msg } from "../messages";

/** GET /api/operation/access-log: the personal-data access log by date range, operator login id and screen. */
export const accessLogRequest = listRequest({
  sortable: ["createdAt"],
  dates: true,
  filters: {
    adminLoginId: z.string().trim().max(50).optional(),
    screen: z.string().trim().max(50).optional(),
  },
});
export type AccessLogRequest = z.output<typeof accessLogRequest>;

/** One recorded access: who, when, what (screen, endpoint, filter, rows), from where, and a download's reason. */
export const accessLogRow = z.object({
  id: z.number().int(),
  adminId: z.number().int(),
  adminLoginId: z.string(),
  /** `read` (a list or detail shown) or `download` (a file made). */
  action: z.enum(["read", "download"]),
  screen: z.string(),
  /** "GET /api/operation/allUserList". */
  endpoint: z.string(),
  /** The request's parsed filter (path, query, body) as JSON text. */
  filter: z.string(),
  rowCount: z.number().int(),
  /** A download's reason code (domain/access-log.ts ACCESS_REASONS) and free text. */
  reason: z.string().nullable(),
  reasonText: z.string().nullable(),
  ip: z.string(),
  createdAt: z.string(),
});
export type AccessLogRowDto = z.infer<typeof accessLogRow>;
export const accessLogList = paged(accessLogRow);

/** The reason dialog of a download (admin ExportButton), the same rule the server applies (access-log.hook readReason). */
export const downloadReasonForm = z
  .object({
    reason: z.enum(ACCESS_REASON_CODES as [AccessReason, ...AccessReason[]], { error: Msg.downloadReasonRequired }),
    reasonText: z.string().trim().max(REASON_TEXT_MAX),
  })
  .refine((v) => v.reason !== "other" || v.reasonText.length > 0, { error: Msg.downloadReasonTextRequired, path: ["reasonText"] });
export type DownloadReason = z.output<typeof downloadReasonForm>;
