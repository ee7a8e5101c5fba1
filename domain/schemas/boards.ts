import { z } from "zod";
import { Msg } from "../messages";
import type { AdminArea } from "../admin-access";
import { listRequest, paged } from "./shared/list";
import { bulkAnswer, bulkIds } from "./shared/bulk";
import { pageParam } from "./shared/common";

/**
 * Boards in the back-office (spec §4, §7 "Board"; issue 12): the calls' bodies, the rows they answer, and which
 * area's rule each board type falls under; then the member app's customer service (its boards and 1:1 inquiries).
 */

export const BOARD_TYPES = ["notice", "inquiry", "faq", "event"] as const;
export type BoardKind = (typeof BOARD_TYPES)[number];
export const boardType = z.enum(BOARD_TYPES, { error: Msg.badRequest });
/** Operators write notices, FAQ and events; inquiries come from members and get answers. */
export const writableBoardType = z.enum(["notice", "faq", "event"], { error: Msg.boardNoInquiryCreate });

/** The area (domain/admin-access.ts) whose rule a board type needs: isNotice1, isBoard1, isBoard2, isBoard3. */
export const BOARD_AREA: Record<BoardKind, AdminArea> = {
  notice: "boardNotice",
  inquiry: "boardInquiry",
  faq: "boardFaq",
  event: "boardEvent",
};

/** Inquiry state: '1' waiting, '3' answered, on both sides (docs/architecture.md "Decisions on what the specs leave open"). */
export const INQUIRY_WAITING = "1";
export const INQUIRY_ANSWERED = "3";

export const BOARD_TITLE_MAX = 50;
export const BOARD_CONTENT_MAX = 100_000;

/**
 * Title: required, at most 50 characters. The spec's naming rule (letters, digits, Korean, spaces) is not
 * attached: it would refuse ordinary titles such as "점검 안내 (12/1)" (docs/spec-readings.md).
 */
export const boardTitle = z
  .string({ error: Msg.required })
  .trim()
  .min(1, { error: Msg.required })
  .max(BOARD_TITLE_MAX, { error: Msg.boardTitleMax });
const richContent = z.string({ error: Msg.boardContentRequired }).max(BOARD_CONTENT_MAX, { error: Msg.badRequest });
const ymd = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: Msg.dateInvalid });

export const boardContent = z.strictObject({ title: boardTitle, content: richContent, startAt: ymd.optional(), endAt: ymd.optional() });
export type BoardContent = z.infer<typeof boardContent>;

/** Events need a start and an end date, start first; other boards take none. */
function eventDates(b: { type: string; content: { startAt?: string; endAt?: string } }, ctx: z.RefinementCtx) {
  const { startAt, endAt } = b.content;
  if (b.type === "event" ? !startAt || !endAt || startAt > endAt : startAt !== undefined || endAt !== undefined)
    ctx.addIssue({ code: "custom", message: Msg.boardEventDates, path: ["content", "startAt"] });
}

export const boardCreateBody = z.strictObject({ type: writableBoardType, content: boardContent }).superRefine(eventDates);
export type BoardCreateBody = z.infer<typeof boardCreateBody>;

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const boardRefBody = z.strictObject({ id, type: boardType });
export type BoardRefBody = z.infer<typeof boardRefBody>;

/** An inquiry's answer: rich text, not blank. */
export const inquiryAnswer = z.strictObject({
  answer: z.string({ error: Msg.answerRequired }).trim().min(1, { error: Msg.answerRequired }).max(BOARD_CONTENT_MAX),
});

/**
 * Edit: a notice, FAQ or event takes new content; an inquiry takes its answer, and `exist` says whether the
 * operator was editing an answer that already existed ('수정 완료') or writing the first one ('작성 완료'),
 * so two operators answering at once do not overwrite each other silently.
 */
export const boardUpdateBody = z.discriminatedUnion("type", [
  z.strictObject({ id, type: writableBoardType, content: boardContent, exist: z.boolean().optional() }).superRefine(eventDates),
  z.strictObject({ id, type: z.literal("inquiry"), content: inquiryAnswer, exist: z.boolean() }),
]);
export type BoardUpdateBody = z.infer<typeof boardUpdateBody>;

export const boardListRequest = listRequest({ sortable: ["createdAt"], kind: "board" });
export const boardTypeParams = z.strictObject({ type: boardType });

const isoDate = z.string();
export const boardRow = z.object({
  id: z.number().int(),
  title: z.string(),
  createdAt: isoDate,
  category: z.string().nullable(),
  username: z.string().nullable(),
  state: z.string(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
});
export type BoardRowDto = z.infer<typeof boardRow>;
export const boardList = paged(boardRow);
export const boardDetail = boardRow.extend({
  content: z.string(),
  answer: z.string().nullable(),
  reply: z.string().nullable(),
  type: boardType,
  updatedAt: isoDate,
});
export type BoardDetailDto = z.infer<typeof boardDetail>;
/** A deleted board row. */
export const boardDeleted = z.object({ id: z.number().int() });
/** Several rows of one board deleted in one request (bulk actions); each one's outcome. */
export const boardBulkBody = z.strictObject({ type: boardType, ids: bulkIds(id) });
export const boardBulkAnswer = bulkAnswer(z.number().int());

/** Whether rich text has any text (markup alone, `<p></p>` or `&nbsp;`, is no content); the form and the server. */
export function hasText(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;|&#160;/g, " ")
      .trim().length > 0
  );
}

/**
 * The back-office create/edit form: the server's title rule, content not blank, event dates ('' when unset)
 * both given and in order for an event. `toBoardContent` turns its values into the call's `content`.
 */
export function boardForm(type: BoardKind) {
  return z
    .object({
      title: boardTitle,
      content: z.string().refine(hasText, { error: Msg.boardContentRequired }),
      startAt: z.string(),
      endAt: z.string(),
    })
    .superRefine((v, ctx) => {
      if (type === "event" && (!v.startAt || !v.endAt || v.startAt > v.endAt))
        ctx.addIssue({ code: "custom", message: Msg.boardEventDates, path: ["startAt"] });
    });
}
export type BoardFormValues = z.infer<ReturnType<typeof boardForm>>;
export const toBoardContent = (type: BoardKind, v: BoardFormValues): BoardContent => ({
  title: v.title,
  content: v.content,
  ...(type === "event" ? { startAt: v.startAt, endAt: v.endAt } : {}),
});

// ---- the member app's customer service (spec cs/*) -----------------------------------------------------

/**
 * The member app's customer service (/api/cs/*): notices, FAQ and events (public), the member's own 1:1
 * inquiries. Content is HTML: operators' sanitised rich text, or a member's text escaped by the server.
 */
export const csPost = z.object({ id: z.number().int(), title: z.string(), content: z.string(), createdAt: z.string() });
/** An event: its period, YYYY-MM-DD. */
export const csEvent = csPost.extend({ startAt: z.string().nullable(), endAt: z.string().nullable() });
export const csInquiry = csPost.extend({
  /** '3' answered; anything else waiting. */
  state: z.string(),
  reply: z.string().nullable(),
  updatedAt: z.string(),
});
export type CsPost = z.infer<typeof csPost>;
export type CsEvent = z.infer<typeof csEvent>;
export type CsInquiry = z.infer<typeof csInquiry>;

/** A page of a board and how many posts it has in all. */
const csPage = <T extends z.ZodType>(row: T) => z.object({ list: z.array(row), count: z.number().int() });
export const csPostPage = csPage(csPost);
export const csEventPage = csPage(csEvent);
export const csInquiryPage = csPage(csInquiry);

/** PUT /api/cs/inquiry: the edited title and content (HTML-escaped). */
export const csInquiryEdited = z.object({ id: z.number().int(), title: z.string(), content: z.string() });
/** DELETE /api/cs/inquiry/:id. */
export const csInquiryDeleted = z.object({ id: z.number().int() });

/** Customer service: 1:1 inquiry (title and content non-blank after trimming). */
const inquiryText = (max: number) =>
  z.string({ error: Msg.inquiryBlank }).trim().min(1, { error: Msg.inquiryBlank }).max(max, { error: Msg.inquiryTooLong });
export const inquiryCreateBody = z.strictObject({ title: inquiryText(100), content: inquiryText(5000) });
export const inquiryUpdateBody = z.strictObject({ id: z.number().int().positive(), title: inquiryText(100), content: inquiryText(5000) });
export type InquiryCreateBody = z.infer<typeof inquiryCreateBody>;
export type InquiryUpdateBody = z.infer<typeof inquiryUpdateBody>;

/** Path params: a list page, a row id. */
export const pageParams = z.strictObject({ page: pageParam });
export const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
