import type { Router } from "express";
import type { AppContext } from "../../context";
import { authOf } from "../../auth/middleware";
import { createRoutes } from "../../http/routes";
import { streamXlsx } from "../../http/xlsx";
import { extendValidity, inScope, memberValidity, validityRows } from "./validity.service";
import { validityApi as api } from "../../../domain/api/validity";
import { formatDate } from "../../../domain/format";

export function validityRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  handle(api.myValidity, async (_in, req) => memberValidity(ctx, authOf(req).member!.id));
  handle(api.extendValidity, async (_in, req) => extendValidity(ctx, authOf(req).member!.id));
  handle(api.validityReport, async ({ body: q }) => {
    const rows = (await validityRows(ctx)).filter((r) => inScope(r, q.scope));
    if (q.sortDesc) rows.reverse();
    return { list: rows.slice((q.page - 1) * q.perPage, q.page * q.perPage), total: rows.length, page: q.page, perPage: q.perPage };
  });
  handle(api.validityReportDownload, async ({ query: q }, _req, res) => {
    const rows = (await validityRows(ctx)).filter((r) => inScope(r, q.scope));
    await streamXlsx(res, {
      fileName: api.validityReportDownload.file,
      sheetName: q.scope === "expired" ? "만료" : `${q.scope}일 내 만료`,
      columns: [
        { header: "회원번호", value: (r) => r.memberId },
        { header: "이름", value: (r) => r.username },
        { header: "전화번호", value: (r) => r.phone },
        { header: "잔액", value: (r) => r.balance },
        { header: "마지막 충전", value: (r) => (r.lastChargeAt ? formatDate(r.lastChargeAt) : "") },
        { header: "유효기간", value: (r) => formatDate(r.validUntil) },
        { header: "남은 일수", value: (r) => r.daysLeft },
        { header: "만료 후 환불액", value: (r) => r.afterExpiryRefund },
      ],
      rows,
    });
  });
  return router;
}
