import { endpoint, member, publicAccess } from "./endpoint";
import { idParams, inquiryCreateBody, inquiryUpdateBody, pageParams } from "../schemas/info";
import { csEventPage, csInquiry, csInquiryDeleted, csInquiryEdited, csInquiryPage, csPostPage } from "../schemas/member-boards";

/** Customer service in the member app (spec cs/*): notices, FAQ and events (anyone), the member's own 1:1 inquiries. */
export const memberBoardsApi = {
  csNotices: endpoint({
    method: "GET",
    path: "/api/cs/notify/:page",
    access: publicAccess,
    summary: "A page of notices",
    params: pageParams,
    response: csPostPage,
  }),
  csFaqs: endpoint({
    method: "GET",
    path: "/api/cs/faq/:page",
    access: publicAccess,
    summary: "A page of FAQ",
    params: pageParams,
    response: csPostPage,
  }),
  csEvents: endpoint({
    method: "GET",
    path: "/api/cs/event/:page",
    access: publicAccess,
    summary: "A page of events",
    params: pageParams,
    response: csEventPage,
  }),
  csInquiries: endpoint({
    method: "GET",
    path: "/api/cs/inquiry/:page",
    access: member,
    summary: "A page of the member's 1:1 inquiries",
    params: pageParams,
    response: csInquiryPage,
  }),
  csInquiryCreate: endpoint({
    method: "POST",
    path: "/api/cs/inquiry",
    access: member,
    summary: "Ask a 1:1 inquiry",
    body: inquiryCreateBody,
    response: csInquiry,
  }),
  csInquiryUpdate: endpoint({
    method: "PUT",
    path: "/api/cs/inquiry",
    access: member,
    summary: "Edit an unanswered inquiry",
    body: inquiryUpdateBody,
    response: csInquiryEdited,
  }),
  csInquiryDelete: endpoint({
    method: "DELETE",
    path: "/api/cs/inquiry/:id",
    access: member,
    summary: "Delete one of the member's inquiries",
    params: idParams,
    response: csInquiryDeleted,
  }),
};
