import { announceToMembers } from "../../records/member-notices/hooks";
import type { Request, Router } from "express";
import type { AppContext } from "../../context";
import { authOf } from "../../auth/middleware";
import { AppError, forbidden, notFound } from "../../http/errors";
import { createRoutes } from "../../http/routes";
import { eachItem } from "../../http/bulk";
import { idempotent } from "../../money/idempotency";
import { plainText, sanitizeRichText, textToHtml } from "../../http/rich-text";
import { appendAction } from "../../records/audit.repo";
import {
  adminBoardById,
  adminBoardPage,
  answerInquiryAsSeen,
  deleteBoardOfType,
  insertBoard,
  updateBoard,
  type AdminBoardRow,
} from "./boards.repo";
import { allowsArea, type AdminArea } from "../../../domain/admin-access";
import { boardsApi as api } from "../../../domain/api/boards";
import {
  BOARD_AREA,
  hasText,
  INQUIRY_ANSWERED,
  INQUIRY_WAITING,
  type BoardCreateBody,
  type BoardKind,
  type BoardDetailDto,
  type BoardRowDto,
} from "../../../domain/schemas/boards";
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
const toDetail = (b: AdminBoardRow): BoardDetailDto => ({
  ...toRow(b),
  type: b.type,
  content: b.type === "inquiry" ? textToHtml(b.content) : b.content,
  answer: b.reply,
  reply: b.reply,
  updatedAt: b.updated_at,
});

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
  const { router, handle } = createRoutes(ctx);
  const audit = (req: Request) => {
    const admin = authOf(req).admin!;
    return { adminId: admin.id, adminLoginId: admin.login_id };
  };

  handle(api.boardList, async ({ params: { type }, query: h }, req) => {
    requireArea(req, BOARD_AREA[type]);
    const page = await adminBoardPage(ctx.db, type, h);
    return { ...page, list: page.list.map(toRow) };
  });

  handle(api.boardCreate, async ({ body: { type, content } }, req) => {
    requireArea(req, BOARD_AREA[type]);
    const clean = cleanContent(content);
    if (!clean.title) throw new AppError(Code.BAD_REQUEST, Msg.required);
    if (!hasText(clean.content)) throw new AppError(Code.BAD_REQUEST, Msg.boardContentRequired);
    const id = await ctx.db.transaction().execute(async (trx) => {
      const id = await insertBoard(trx, { type, ...clean, state: INQUIRY_WAITING });
      await appendAction(trx, {
        ...audit(req),
        action: "board.create",
        targetType: `board.${type}`,
        targetId: id,
        after: { title: clean.title, content: clean.content, startAt: clean.start_at, endAt: clean.end_at },
      });
      return id;
    });
    // A new 공지사항 reaches every member's notification center (member-notices/README.md).
    if (type === "notice") await announceToMembers(ctx, { boardId: id, title: clean.title });
    return toDetail((await adminBoardById(ctx.db, type, id))!);
  });

  handle(api.boardDetail, async ({ body: { id, type } }, req) => {
    requireArea(req, BOARD_AREA[type]);
    const row = await adminBoardById(ctx.db, type, id);
    if (!row) throw notFound();
    return toDetail(row);
  });

  // One row deleted and audited in one transaction: the single call and each item of the bulk one.
  const remove = (req: Request, type: BoardKind, id: number) =>
    ctx.db.transaction().execute(async (trx) => {
      const before = await adminBoardById(trx, type, id);
      if (!before || !(await deleteBoardOfType(trx, type, id))) throw notFound();
      await appendAction(trx, {
        ...audit(req),
        action: "board.delete",
        targetType: `board.${type}`,
        targetId: id,
        before: { title: before.title, content: before.content, reply: before.reply },
      });
    });

  handle(api.boardDelete, async ({ body: { id, type } }, req) => {
    requireArea(req, BOARD_AREA[type]);
    await remove(req, type, id);
    return { id };
  });

  handle(api.boardDeleteBulk, { use: [idempotent(ctx)] }, async ({ body: { ids, type } }, req, res) => {
    requireArea(req, BOARD_AREA[type]);
    return eachItem(ctx, res, ids, async (id) => {
      await remove(req, type, id);
      return { message: Msg.deleteDone };
    });
  });

  handle(api.boardUpdate, async ({ body }, req) => {
    requireArea(req, BOARD_AREA[body.type]);
    const row = await ctx.db.transaction().execute(async (trx) => {
      const before = await adminBoardById(trx, body.type, body.id);
      if (!before) throw notFound();
      if (body.type === "inquiry") {
        const reply = sanitizeRichText(body.content.answer);
        if (!reply) throw new AppError(Code.BAD_REQUEST, Msg.answerRequired);
        // Written only if the inquiry is as the operator saw it (first answer or an edit of one).
        if (!(await answerInquiryAsSeen(trx, body.id, reply, body.exist, INQUIRY_WAITING, INQUIRY_ANSWERED)))
          throw new AppError(Code.CONFLICT, Msg.answerChanged);
        await appendAction(trx, {
          ...audit(req),
          action: body.exist ? "board.answer.edit" : "board.answer",
          targetType: "board.inquiry",
          targetId: body.id,
          before: { state: before.state, reply: before.reply },
          after: { state: INQUIRY_ANSWERED, reply },
        });
      } else {
        const clean = cleanContent(body.content);
        if (!clean.title) throw new AppError(Code.BAD_REQUEST, Msg.required);
        if (!hasText(clean.content)) throw new AppError(Code.BAD_REQUEST, Msg.boardContentRequired);
        if (!(await updateBoard(trx, body.type, body.id, clean))) throw notFound();
        await appendAction(trx, {
          ...audit(req),
          action: "board.update",
          targetType: `board.${body.type}`,
          targetId: body.id,
          before: { title: before.title, content: before.content, startAt: before.start_at, endAt: before.end_at },
          after: { title: clean.title, content: clean.content, startAt: clean.start_at, endAt: clean.end_at },
        });
      }
      return (await adminBoardById(trx, body.type, body.id))!;
    });
    return toDetail(row);
  });

  return router;
}
