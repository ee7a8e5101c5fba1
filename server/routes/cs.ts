import { Router } from "express";
import sanitizeHtml from "sanitize-html";
import type { AppContext } from "../context";
import { AppError, notFound, ok } from "../http/errors";
import { validate, valid } from "../http/validate";
import { authOf, requireMember } from "../auth/middleware";
import { nowIso } from "../db/app-db";
import {
  idParams,
  inquiryCreateBody,
  inquiryUpdateBody,
  pageParams,
  type InquiryCreateBody,
  type InquiryUpdateBody,
} from "../../domain/schemas/info";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";

export const CS_PAGE_SIZE = 10;
/** Inquiry state '3' is answered; '1' waiting (DESIGN.md). */
const ANSWERED = "3";

interface BoardRow {
  id: number;
  type: "notice" | "faq" | "event" | "inquiry";
  title: string;
  content: string;
  member_id: number | null;
  state: string;
  reply: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * A member's inquiry is plain text: any markup is escaped (a `<br>` is kept), line breaks become
 * `<br>` as the spec stores them, so the stored content is safe to render as HTML.
 */
export function inquiryHtml(text: string): string {
  const safe = sanitizeHtml(text, { allowedTags: ["br"], allowedAttributes: {}, disallowedTagsMode: "escape" });
  return safe.replace(/\r?\n/g, "<br>");
}

const toPost = (b: BoardRow) => ({ id: b.id, title: b.title, content: b.content, createdAt: b.created_at });
const toInquiry = (b: BoardRow) => ({ ...toPost(b), state: b.state, reply: b.reply, updatedAt: b.updated_at });

/** Customer service: notices and FAQ (public), 1:1 inquiries (the member's own). */
export function csRoutes(ctx: AppContext): Router {
  const r = Router();
  const page = (where: string, args: unknown[], pageNo: number) => {
    const rows = ctx.db
      .prepare(`SELECT * FROM boards WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`)
      .all(...args, CS_PAGE_SIZE, (pageNo - 1) * CS_PAGE_SIZE) as BoardRow[];
    const { n } = ctx.db.prepare(`SELECT COUNT(*) AS n FROM boards WHERE ${where}`).get(...args) as { n: number };
    return { rows, count: n };
  };
  const ownInquiry = (memberId: number, id: number) =>
    ctx.db.prepare("SELECT * FROM boards WHERE id = ? AND type = 'inquiry' AND member_id = ?").get(id, memberId) as BoardRow | undefined;

  for (const [path, type] of [["notify", "notice"], ["faq", "faq"]] as const) {
    r.get(`/api/cs/${path}/:page`, validate(pageParams, "params"), (req, res) => {
      const { rows, count } = page("type = ?", [type], valid<unknown, { page: number }>(req).params.page);
      ok(res, { list: rows.map(toPost), count });
    });
  }

  r.get("/api/cs/inquiry/:page", requireMember(ctx), validate(pageParams, "params"), (req, res) => {
    const { rows, count } = page("type = 'inquiry' AND member_id = ?", [authOf(req).member!.id], valid<unknown, { page: number }>(req).params.page);
    ok(res, { list: rows.map(toInquiry), count });
  });

  r.post("/api/cs/inquiry", requireMember(ctx), validate(inquiryCreateBody), (req, res) => {
    const { title, content } = valid<InquiryCreateBody>(req).body;
    const me = authOf(req).member!;
    const now = nowIso();
    const info = ctx.db
      .prepare("INSERT INTO boards (type, title, content, member_id, state, created_at, updated_at) VALUES ('inquiry', ?, ?, ?, '1', ?, ?)")
      .run(title, inquiryHtml(content), me.id, now, now);
    const id = Number(info.lastInsertRowid);
    ctx.notifier.notify("문의", `${me.username}님의 1:1 문의가 등록되었습니다: ${title}`, id);
    ok(res, toInquiry(ownInquiry(me.id, id)!));
  });

  r.put("/api/cs/inquiry", requireMember(ctx), validate(inquiryUpdateBody), (req, res) => {
    const { id, title, content } = valid<InquiryUpdateBody>(req).body;
    const me = authOf(req).member!;
    const row = ownInquiry(me.id, id);
    if (!row) throw notFound();
    if (row.state === ANSWERED) throw new AppError(Code.BAD_REQUEST, Msg.inquiryAnswered);
    const html = inquiryHtml(content);
    // The state check is repeated in the UPDATE so an answer landing meanwhile is not overwritten.
    const changed = ctx.db
      .prepare("UPDATE boards SET title = ?, content = ?, updated_at = ? WHERE id = ? AND member_id = ? AND state != ?")
      .run(title, html, nowIso(), id, me.id, ANSWERED).changes;
    if (changed === 0) throw new AppError(Code.BAD_REQUEST, Msg.inquiryAnswered);
    ok(res, { id, title, content: html });
  });

  r.delete("/api/cs/inquiry/:id", requireMember(ctx), validate(idParams, "params"), (req, res) => {
    const { id } = valid<unknown, { id: number }>(req).params;
    const changed = ctx.db.prepare("DELETE FROM boards WHERE id = ? AND type = 'inquiry' AND member_id = ?").run(id, authOf(req).member!.id).changes;
    if (changed === 0) throw notFound();
    ok(res, { id });
  });

  return r;
}
