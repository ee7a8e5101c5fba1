import { Router } from "express";
import type { AppContext } from "../../context";
import { AppError, notFound, ok } from "../../http/errors";
import { validate, valid } from "../../http/validate";
import { authOf, requireMember } from "../../auth/middleware";
import type { Board } from "../../db/schema";
import { boardPage, deleteOwnInquiry, inquiryOf, insertBoard, updateOwnInquiry } from "./boards.repo";
import {
  idParams,
  inquiryCreateBody,
  inquiryUpdateBody,
  pageParams,
  type InquiryCreateBody,
  type InquiryUpdateBody,
} from "../../../domain/schemas/info";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { plainText, textToHtml } from "../../http/rich-text";

export const CS_PAGE_SIZE = 10;
/** Inquiry state '3' is answered; '1' waiting (DESIGN.md). */
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
  const r = Router();
  for (const [path, type] of [["notify", "notice"], ["faq", "faq"], ["event", "event"]] as const) {
    r.get(`/api/cs/${path}/:page`, validate(pageParams, "params"), async (req, res) => {
      const { rows, count } = await boardPage(ctx.db, { type }, valid<unknown, { page: number }>(req).params.page, CS_PAGE_SIZE);
      ok(res, { list: rows.map(type === "event" ? toEvent : toPost), count });
    });
  }

  r.get("/api/cs/inquiry/:page", requireMember(ctx), validate(pageParams, "params"), async (req, res) => {
    const filter = { type: "inquiry", memberId: authOf(req).member!.id } as const;
    const { rows, count } = await boardPage(ctx.db, filter, valid<unknown, { page: number }>(req).params.page, CS_PAGE_SIZE);
    ok(res, { list: rows.map(toInquiry), count });
  });

  r.post("/api/cs/inquiry", requireMember(ctx), validate(inquiryCreateBody), async (req, res) => {
    const title = inquiryTitle(valid<InquiryCreateBody>(req).body.title);
    const { content } = valid<InquiryCreateBody>(req).body;
    const me = authOf(req).member!;
    const id = await insertBoard(ctx.db, { type: "inquiry", title, content, member_id: me.id, state: WAITING });
    await ctx.notifier.notify("문의", `${me.username}님의 1:1 문의가 등록되었습니다: ${title}`, id);
    ok(res, toInquiry((await inquiryOf(ctx.db, me.id, id))!));
  });

  r.put("/api/cs/inquiry", requireMember(ctx), validate(inquiryUpdateBody), async (req, res) => {
    const { id, content } = valid<InquiryUpdateBody>(req).body;
    const title = inquiryTitle(valid<InquiryUpdateBody>(req).body.title);
    const me = authOf(req).member!;
    const row = await inquiryOf(ctx.db, me.id, id);
    if (!row) throw notFound();
    if (row.state === ANSWERED) throw new AppError(Code.BAD_REQUEST, Msg.inquiryAnswered);
    // The state check is repeated in the UPDATE so an answer landing meanwhile is not overwritten.
    if (!(await updateOwnInquiry(ctx.db, me.id, id, { title, content }, ANSWERED))) throw new AppError(Code.BAD_REQUEST, Msg.inquiryAnswered);
    ok(res, { id, title, content: textToHtml(content) });
  });

  r.delete("/api/cs/inquiry/:id", requireMember(ctx), validate(idParams, "params"), async (req, res) => {
    const { id } = valid<unknown, { id: number }>(req).params;
    if (!(await deleteOwnInquiry(ctx.db, authOf(req).member!.id, id))) throw notFound();
    ok(res, { id });
  });

  return r;
}
