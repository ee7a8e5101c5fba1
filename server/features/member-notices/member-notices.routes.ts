import type { Router } from "express";
import type { AppContext } from "../../context";
import type { MemberNotice } from "../../db/schema";
import { authOf } from "../../auth/middleware";
import { createRoutes } from "../../http/routes";
import { markRead, noticesPage, outboundPage, unreadCount } from "../../records/member-notices/notices.repo";
import { memberNoticesApi as api } from "../../../domain/api/member-notices";
import type { MemberNoticeDto, MemberNoticeKind, OutboundRowDto } from "../../../domain/schemas/member-notices";

/** The member app's page a notice opens. */
function linkOf(n: MemberNotice): string | null {
  switch (n.ref_type) {
    case "buy":
      return n.kind === "purchase_cancelled" ? "/info/history?tab=1" : `/info/receipt/buy/${n.ref_id}`;
    case "move":
      return `/info/receipt/move/${n.ref_id}`;
    case "payment":
      return "/info/history?tab=2";
    case "refund":
      return "/info/history";
    case "validity":
      return "/info/detail";
    case "board":
      return "/cs/notify";
    case "change":
      return `/changes/${n.ref_id}`;
    default:
      return null;
  }
}

const toDto = (n: MemberNotice): MemberNoticeDto => ({
  id: Number(n.id),
  kind: n.kind as MemberNoticeKind,
  title: n.title,
  body: n.body,
  link: linkOf(n),
  read: n.read_at !== null,
  createdAt: n.created_at,
});

/** The member's notification center, and the operators' log of outbound messages. */
export function memberNoticeRoutes(ctx: AppContext): Router {
  const { router, handle } = createRoutes(ctx);

  handle(api.memberNotices, async ({ query }, req) => {
    const page = await noticesPage(ctx.db, authOf(req).member!.id, query.page, query.perPage);
    return { ...page, list: page.list.map(toDto) };
  });
  handle(api.memberNoticesUnread, async (_in, req) => ({ unread: await unreadCount(ctx.db, authOf(req).member!.id) }));
  handle(api.memberNoticesRead, async ({ body }, req) => {
    const memberId = authOf(req).member!.id;
    await markRead(ctx.db, memberId, "all" in body ? "all" : body.ids, ctx.clock.now().toISOString());
    return { unread: await unreadCount(ctx.db, memberId) };
  });

  handle(api.outboundMessages, async ({ body: q }) => {
    const page = await outboundPage(ctx.db, q);
    return {
      ...page,
      list: page.list.map(
        (r): OutboundRowDto => ({
          id: Number(r.id),
          channel: String(r.channel),
          template: String(r.template),
          toMasked: String(r.to_masked),
          body: String(r.body),
          provider: String(r.provider),
          status: String(r.status),
          createdAt: String(r.created_at),
        }),
      ),
    };
  });

  return router;
}
