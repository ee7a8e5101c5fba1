import { describeFilter } from "../../../domain/access-log-text";
import type { Router } from "express";
import type { AppContext } from "../../context";
import { createRoutes } from "../../http/routes";
import { streamXlsx, type SheetColumn } from "../../http/xlsx";
import { listAccess, streamAccess } from "../../records/access-log.repo";
import { accessLogApi as api } from "../../../domain/api/access-log";
import { ACCESS_REASONS, type AccessReason } from "../../../domain/access-log";
import type { AccessLogRowDto } from "../../../domain/schemas/access-log";
import { formatDateTime } from "../../../domain/format";

const ACTION_LABEL = { read: "조회", download: "다운로드" } as const;

const FILE: SheetColumn<AccessLogRowDto>[] = [
  { header: "번호", value: (r) => r.id },
  { header: "일시", value: (r) => formatDateTime(r.createdAt), width: 20 },
  { header: "관리자", value: (r) => r.adminLoginId },
  { header: "구분", value: (r) => ACTION_LABEL[r.action] },
  { header: "화면", value: (r) => r.screen, width: 18 },
  { header: "요청", value: (r) => r.endpoint, width: 36 },
  // The condition as an auditor reads it, and the recorded JSON beside it (complete, machine-readable).
  { header: "조건", value: (r) => describeFilter(r.filter), width: 40 },
  { header: "조건 (기록 원문)", value: (r) => r.filter, width: 40 },
  { header: "건수", value: (r) => r.rowCount },
  { header: "사유", value: (r) => (r.reason ? (ACCESS_REASONS[r.reason as AccessReason] ?? r.reason) : "") },
  { header: "상세 사유", value: (r) => r.reasonText ?? "", width: 30 },
  { header: "접속 IP", value: (r) => r.ip, width: 18 },
];

/** The personal-data access log, read by super admins (area accessLog); its download is itself recorded (handle()). */
export function accessLogRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  handle(api.accessLogList, async ({ query: q }) => listAccess(ctx.db, q));
  handle(api.accessLogDownload, async ({ query: q }, _req, res) => {
    await streamXlsx(res, {
      fileName: api.accessLogDownload.file,
      sheetName: "개인정보 접근기록",
      columns: FILE,
      rows: streamAccess(ctx.db, q),
    });
  });
  return router;
}
