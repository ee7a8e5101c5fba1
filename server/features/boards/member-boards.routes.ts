import type { Router } from "express";
import type { AppContext } from "../../context";
import { AppError, notFound } from "../../http/errors";
import { createRoutes } from "../../http/routes";
import { authOf } from "../../auth/middleware";
import type { Board } from "../../db/schema";
import { boardPage, deleteOwnInquiry, inquiryOf, insertBoard, updateOwnInquiry } from "./boards.repo";
import { memberBoardsApi as api } from "../../../domain/api/boards";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { plainText, textToHtml } from "../../http/rich-text";

export const CS_PAGE_SIZE = 10;
/** Inquiry state '3' is answered; '1' waiting (docs/architecture.md, "Decisions on what the specs leave open"). */
export const ANSWERED = "3";
const WAITING = "1";

/*
 * A member's inquiry content is stored exactly as typed, trimmed: plain text with its own line breaks. It
 * leaves the server escaped as HTML (`textToHtml`), so `a<b, c>d` shows as `a<b, c>d` and no markup a member
 * typed can run. Titles are plain text (markup removed). Operator replies are sanitised HTML.
 */

/** An inquiry's title is plain text: markup is removed; nothing left is a blank title. */
function inquiryTitle(raw: string): string {
  const t = plainText(raw);
  if (!t) throw new AppError(Code.BAD_REQUEST, Msg.inquiryBlank);
  return t;
}

const toPost = (b: Board) => ({ id: b.id, title: b.title, content: b.content, createdAt: b.created_at });
const toEvent = (b: Board) => ({ ...toPost(b), startAt: b.start_at, endAt: b.end_at });
const toInquiry = (b: Board) => ({ ...toPost(b), content: textToHtml(b.content), state: b.state, reply: b.reply, updatedAt: b.updated_at });

/** Customer service: notices, FAQ and events (public), 1:1 inquiries (the member's own). */
export function memberBoardRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);
  const page = async (type: "notice" | "faq" | "event", n: number) => boardPage(ctx.db, { type }, n, CS_PAGE_SIZE);

  handle(api.csNotices, async ({ params }) => {
    const { rows, count } = await page("notice", params.page);
    return { list: rows.map(toPost), count };
  });
  handle(api.csFaqs, async ({ params }) => {
    const { rows, count } = await page("faq", params.page);
    return { list: rows.map(toPost), count };
  });
  handle(api.csEvents, async ({ params }) => {
    const { rows, count } = await page("event", params.page);
    return { list: rows.map(toEvent), count };
  });

  handle(api.csInquiries, async ({ params }, req) => {
    const filter = { type: "inquiry", memberId: authOf(req).member!.id } as const;
    const { rows, count } = await boardPage(ctx.db, filter, params.page, CS_PAGE_SIZE);
    return { list: rows.map(toInquiry), count };
  });

  handle(api.csInquiryCreate, async ({ body }, req) => {
    const title = inquiryTitle(body.title);
    const me = authOf(req).member!;
    const id = await insertBoard(ctx.db, { type: "inquiry", title, content: body.content, member_id: me.id, state: WAITING });
    await ctx.notifier.notify("문의", `${me.username}님의 1:1 문의가 등록되었습니다: ${title}`, id);
    return toInquiry((await inquiryOf(ctx.db, me.id, id))!);
  });

  handle(api.csInquiryUpdate, async ({ body: { id, title: typed, content } }, req) => {
    const title = inquiryTitle(typed);
    const me = authOf(req).member!;
    const row = await inquiryOf(ctx.db, me.id, id);
    if (!row) throw notFound();
    if (row.state === ANSWERED) throw new AppError(Code.BAD_REQUEST, Msg.inquiryAnswered);
    // The state check is repeated in the UPDATE so an answer landing meanwhile is not overwritten.
    if (!(await updateOwnInquiry(ctx.db, me.id, id, { title, content }, ANSWERED)))
      throw new AppError(Code.BAD_REQUEST, Msg.inquiryAnswered);
    return { id, title, content: textToHtml(content) };
  });

  handle(api.csInquiryDelete, async ({ params: { id } }, req) => {
    if (!(await deleteOwnInquiry(ctx.db, authOf(req).member!.id, id))) throw notFound();
    return { id };
  });

  return router;
}
