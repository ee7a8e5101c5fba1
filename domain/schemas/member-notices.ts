import { z } from "zod";
import { listRequest, paged } from "./shared/list";

/**
 * What a member is told (the notification center, issue 36 item 5). Each kind has a fixed Korean title
 * (MEMBER_NOTICE_TITLES) and a body written by the feature that raises it.
 */
export const MEMBER_NOTICE_KINDS = [
  "gift_received",
  "purchase_confirmed",
  "purchase_cancelled",
  "refund_paid",
  "refund_rejected",
  "validity_30",
  "validity_7",
  "validity_ended",
  "announcement",
  "payment_cancelled",
  "change_notice",
] as const;
export type MemberNoticeKind = (typeof MEMBER_NOTICE_KINDS)[number];

export const MEMBER_NOTICE_TITLES: Record<MemberNoticeKind, string> = {
  gift_received: "선물 도착",
  purchase_confirmed: "구매 확정",
  purchase_cancelled: "구매 취소",
  refund_paid: "환불 완료",
  refund_rejected: "환불 거절",
  validity_30: "유효기간 만료 30일 전",
  validity_7: "유효기간 만료 7일 전",
  validity_ended: "유효기간 만료",
  announcement: "공지",
  payment_cancelled: "결제 취소",
  change_notice: "변경 고지",
};

/** One notice as the member sees it; `link` is the member app's page it opens (a receipt, my info, a board post). */
export const memberNotice = z.object({
  id: z.number().int(),
  kind: z.enum(MEMBER_NOTICE_KINDS),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type MemberNoticeDto = z.infer<typeof memberNotice>;

export const memberNoticesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(50).default(20),
});
export const memberNoticesPage = z.object({
  list: z.array(memberNotice),
  total: z.number().int(),
  unread: z.number().int(),
});
export const unreadCount = z.object({ unread: z.number().int() });
/** Marks the given notices read, or every one (`all`). */
export const markReadBody = z.union([
  z.strictObject({ ids: z.array(z.number().int().positive()).min(1).max(100) }),
  z.strictObject({ all: z.literal(true) }),
]);

/** The back-office log of outbound messages (SMS / 알림톡), the phone masked. */
export const outboundListRequest = listRequest({ sortable: ["id"] });
export const outboundRow = z.object({
  id: z.number().int(),
  channel: z.string(),
  template: z.string(),
  toMasked: z.string(),
  body: z.string(),
  provider: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type OutboundRowDto = z.infer<typeof outboundRow>;
export const outboundList = paged(outboundRow);
