import { Router, type Request } from "express";
import type { AppContext } from "../../context";
import { adminGate } from "../../auth/admin-flags";
import { authOf } from "../../auth/middleware";
import { AppError, forbidden, notFound, ok } from "../../http/errors";
import { valid, validate } from "../../http/validate";
import { plainText, sanitizeRichText, textToHtml } from "../../http/rich-text";
import { appendAction } from "../audit/audit.repo";
import { adminBoardById, adminBoardPage, answerInquiryAsSeen, deleteBoardOfType, insertBoard, updateBoard, type AdminBoardRow } from "./boards.repo";
import { allowsArea, type AdminArea } from "../../../domain/admin-access";
import {
  BOARD_AREA, hasText, INQUIRY_ANSWERED, INQUIRY_WAITING, boardCreateBody, boardListRequest, boardRefBody, boardTypeParams, boardUpdateBody,
  type BoardCreateBody, type BoardDetailDto, type BoardKind, type BoardRefBody, type BoardRowDto, type BoardUpdateBody,
 
} from "../../../domain/schemas/board";
import type { TableHandler } from "../../../domain/schemas/list";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";

/** The route's gate let any board (or policy) flag through; the type (or policy id) names the area that decides. */
function requireArea(req: Request, area: AdminArea) {
  if (!allowsArea(area, authOf(req).admin!)) throw forbidden();
}

const toRow = (b: AdminBoardRow): BoardRowDto => ({
  id: Number(b.id),
  title: b.title,
  createdAt: b.created_at,
  category: b.category,
  username: b.username ?? null,
  state: b.state,
  startAt: b.start_at,
  endAt: b.end_at,
});
// A member's inquiry is plain text stored as typed: it leaves escaped as HTML, like operators' sanitised HTML.
const toDetail = (b: AdminBoardRow): BoardDetailDto => ({ ...toRow(b), type: b.type, content: b.type === "inquiry" ? textToHtml(b.content) : b.content, answer: b.reply, reply: b.reply, updatedAt: b.updated_at });

/** What operators write, as stored: titles plain text, content through the allow-list. */
const cleanContent = (c: BoardCreateBody["content"]) => ({
  title: plainText(c.title),
  content: sanitizeRichText(c.content),
  start_at: c.startAt ?? null,
  end_at: c.endAt ?? null,
});

/**
 * Boards (notice, inquiry, FAQ, event) and policies in the back-office (spec §7 "Board", "Policy"; issue 12).
 * Every write is sanitised (domain/rich-text.ts) and appended to the audit log in the same transaction.
 */
export function boardRoutes(ctx: AppContext): Router {
  const r = Router();
  const audit = (req: Request) => {
    const admin = authOf(req).admin!;
    return { adminId: admin.id, adminLoginId: admin.login_id };
  };

  r.get("/api/board/:type", adminGate(ctx), validate(boardTypeParams, "params"), validate(boardListRequest, "query"), async (req, res) => {
    const { type } = valid<unknown, { type: BoardKind }>(req).params;
    requireArea(req, BOARD_AREA[type]);
    const h = valid<unknown, unknown, TableHandler<"createdAt">>(req).query;
    const page = await adminBoardPage(ctx.db, type, h);
    ok(res, { ...page, list: page.list.map(toRow) });
  });

  r.post("/api/board", adminGate(ctx), validate(boardCreateBody), async (req, res) => {
    const { type, content } = valid<BoardCreateBody>(req).body;
    requireArea(req, BOARD_AREA[type]);
    const clean = cleanContent(content);
    if (!clean.title) throw new AppError(Code.BAD_REQUEST, Msg.required);
    if (!hasText(clean.content)) throw new AppError(Code.BAD_REQUEST, Msg.boardContentRequired);
    const id = await ctx.db.transaction().execute(async (trx) => {
      const id = await insertBoard(trx, { type, ...clean, state: INQUIRY_WAITING });
      await appendAction(trx, { ...audit(req), action: "board.create", targetType: `board.${type}`, targetId: id, after: { title: clean.title, content: clean.content, startAt: clean.start_at, endAt: clean.end_at } });
      return id;
    });
    ok(res, toDetail((await adminBoardById(ctx.db, type, id))!));
  });

  r.post("/api/board/detail", adminGate(ctx), validate(boardRefBody), async (req, res) => {
    const { id, type } = valid<BoardRefBody>(req).body;
    requireArea(req, BOARD_AREA[type]);
    const row = await adminBoardById(ctx.db, type, id);
    if (!row) throw notFound();
    ok(res, toDetail(row));
  });

  r.post("/api/board/delete", adminGate(ctx), validate(boardRefBody), async (req, res) => {
    const { id, type } = valid<BoardRefBody>(req).body;
    requireArea(req, BOARD_AREA[type]);
    await ctx.db.transaction().execute(async (trx) => {
      const before = await adminBoardById(trx, type, id);
      if (!before || !(await deleteBoardOfType(trx, type, id))) throw notFound();
      await appendAction(trx, { ...audit(req), action: "board.delete", targetType: `board.${type}`, targetId: id, before: { title: before.title, content: before.content, reply: before.reply } });
    });
    ok(res, { id });
  });

  r.put("/api/board/update", adminGate(ctx), validate(boardUpdateBody), async (req, res) => {
    const body = valid<BoardUpdateBody>(req).body;
    requireArea(req, BOARD_AREA[body.type]);
    const row = await ctx.db.transaction().execute(async (trx) => {
      const before = await adminBoardById(trx, body.type, body.id);
      if (!before) throw notFound();
      if (body.type === "inquiry") {
        const reply = sanitizeRichText(body.content.answer);
        if (!reply) throw new AppError(Code.BAD_REQUEST, Msg.answerRequired);
        // Written only if the inquiry is as the operator saw it (first answer or an edit of one).
        if (!(await answerInquiryAsSeen(trx, body.id, reply, body.exist, INQUIRY_WAITING, INQUIRY_ANSWERED))) throw new AppError(Code.CONFLICT, Msg.answerChanged);
        await appendAction(trx, { ...audit(req), action: body.exist ? "board.answer.edit" : "board.answer", targetType: "board.inquiry", targetId: body.id, before: { state: before.state, reply: before.reply }, after: { state: INQUIRY_ANSWERED, reply } });
      } else {
        const clean = cleanContent(body.content);
        if (!clean.title) throw new AppError(Code.BAD_REQUEST, Msg.required);
        if (!hasText(clean.content)) throw new AppError(Code.BAD_REQUEST, Msg.boardContentRequired);
        if (!(await updateBoard(trx, body.type, body.id, clean))) throw notFound();
        await appendAction(trx, {
          ...audit(req), action: "board.update", targetType: `board.${body.type}`, targetId: body.id,
          before: { title: before.title, content: before.content, startAt: before.start_at, endAt: before.end_at },
          after: { title: clean.title, content: clean.content, startAt: clean.start_at, endAt: clean.end_at },
        });
      }
      return (await adminBoardById(trx, body.type, body.id))!;
    });
    ok(res, toDetail(row));
  });

  return r;
}
