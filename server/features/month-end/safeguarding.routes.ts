import type { Request, Router } from "express";
import type { AppContext } from "../../context";
import { authOf } from "../../auth/request-auth";
import { createRoutes, withMessage } from "../../http/routes";
import { badRequest } from "../../http/errors";
import { streamXlsx } from "../../http/xlsx";
import { monthEndApi as api } from "../../../domain/api/month-end";
import { Msg } from "../../../domain/messages";
import { formatWon } from "../../../domain/format";
import { appendAction } from "../../records/audit.repo";
import { daysFrom, decideSafeguard, parseStatementCsv, positions, recordSafeguard, type DayPosition } from "./safeguarding.service";

const MAX_DAYS = 93;

const dayDto = (p: DayPosition) => ({
  day: p.day,
  block: p.block,
  outstanding: p.outstanding.toString(),
  safeguarded: p.safeguarded.toString(),
  short: p.short,
  reason: p.short ? Msg.safeguardShortfall(p.day, formatWon(p.outstanding), formatWon(p.safeguarded)) : null,
});
const entryDto = (e: Record<string, unknown>) => ({
  id: Number(e.id),
  day: String(e.day),
  amount: String(e.amount),
  method: String(e.method),
  institution: String(e.institution),
  statement_ref: String(e.statement_ref),
  state: String(e.state),
  maker_login_id: String(e.maker_login_id),
  checker_login_id: (e.checker_login_id as string | null) ?? null,
  created_at: String(e.created_at),
});

function daysBetween(from: string, to: string): string[] {
  const out = daysFrom(from, to);
  if (out.length === 0 || out.length > MAX_DAYS) throw badRequest(Msg.dateRangeTooLong);
  return out;
}

/** Safeguarded customer money (선불충전금 별도관리): the daily table, entries (maker–checker), a statement import, xlsx. */
export function safeguardingRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  const deps = { db: ctx.db, view: ctx.view, provider: ctx.chain.provider, notifier: ctx.notifier };
  const table = async (from: string, to: string) => {
    const days = await positions(deps, daysBetween(from, to));
    const entries = await ctx.db
      .selectFrom("safeguards")
      .selectAll()
      .where("day", ">=", from)
      .where("day", "<=", to)
      .orderBy("id", "desc")
      .execute();
    return { days: days.map(dayDto).reverse(), entries: entries.map(entryDto) };
  };

  handle(api.safeguardList, async ({ body }) => table(body.from, body.to));
  handle(api.safeguardDownload, async ({ body }, _req, res) => {
    const { days } = await table(body.from, body.to);
    await streamXlsx(res, {
      fileName: api.safeguardDownload.file,
      sheetName: "선불충전금 별도관리",
      columns: [
        { header: "일자", value: (r) => r.day },
        { header: "기준 블록", value: (r) => r.block },
        { header: "고객 잔액(원)", value: (r) => Number(r.outstanding) },
        { header: "별도관리 금액(원)", value: (r) => Number(r.safeguarded) },
        { header: "차액(원)", value: (r) => Number(BigInt(r.safeguarded) - BigInt(r.outstanding)) },
        { header: "상태", value: (r) => (r.short ? "부족" : "충족") },
        { header: "사유", value: (r) => r.reason ?? "", width: 60 },
      ],
      rows: days,
      emptyMessage: Msg.noResults,
    });
  });
  handle(api.safeguardRecord, async ({ body }, req) => {
    const by = authOf(req).admin!;
    const row = await recordSafeguard(ctx.db, by, { ...body, amount: body.amount });
    await appendAction(ctx.db, {
      adminId: by.id,
      adminLoginId: by.login_id,
      action: "safeguard.record",
      targetType: "safeguard",
      targetId: Number(row.id),
      after: body,
    });
    return withMessage(entryDto(row), Msg.safeguardRecorded);
  });
  handle(api.safeguardImport, async ({ body }, req) => {
    const by = authOf(req).admin!;
    const list = [];
    for (const e of parseStatementCsv(body.csv)) {
      const row = await recordSafeguard(ctx.db, by, e);
      list.push(entryDto(row));
    }
    await appendAction(ctx.db, {
      adminId: by.id,
      adminLoginId: by.login_id,
      action: "safeguard.import",
      targetType: "safeguard",
      targetId: list.length,
    });
    return withMessage({ list }, Msg.safeguardRecorded);
  });
  const decide = async (approve: boolean, id: number, req: Request) => {
    const r = await decideSafeguard(deps, authOf(req).admin!, id, approve);
    return { state: r.state, day: r.position ? dayDto(r.position) : null };
  };
  handle(api.safeguardApprove, async ({ params }, req) => decide(true, params.id, req));
  handle(api.safeguardReject, async ({ params }, req) => decide(false, params.id, req));
  return router;
}
