import { z } from "zod";

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
