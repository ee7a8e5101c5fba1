import { endpoint, member, operator } from "./endpoint";
import {
  markReadBody,
  memberNoticesPage,
  memberNoticesQuery,
  outboundList,
  outboundListRequest,
  unreadCount,
} from "../schemas/member-notices";

/**
 * The member's notification center (the realtime channel is `WS /ws/member?token=<web token>`) and the back-office log
 * of outbound messages.
 */
export const memberNoticesApi = {
  memberNotices: endpoint({
    method: "GET",
    path: "/api/info/notices",
    access: member,
    summary: "A page of the member's notices, newest first, and the unread count",
    query: memberNoticesQuery,
    response: memberNoticesPage,
  }),
  memberNoticesUnread: endpoint({
    method: "GET",
    path: "/api/info/notices/unread",
    access: member,
    summary: "How many of the member's notices are unread (the header bell)",
    response: unreadCount,
  }),
  memberNoticesRead: endpoint({
    method: "POST",
    path: "/api/info/notices/read",
    access: member,
    summary: "Marks some of the member's notices read, or all",
    body: markReadBody,
    response: unreadCount,
  }),
  outboundMessages: endpoint({
    method: "POST",
    path: "/api/operation/outbound/list",
    access: operator("outboundMessages"),
    summary: "The outbound messages (SMS / 알림톡) handed to the provider, newest first, phones masked",
    body: outboundListRequest,
    response: outboundList,
  }),
};
