import { endpoint, member, operator, publicAccess } from "./endpoint";
import {
  boardBulkAnswer,
  boardBulkBody,
  boardCreateBody,
  boardDeleted,
  boardDetail,
  boardList,
  boardListRequest,
  boardRefBody,
  boardTypeParams,
  boardUpdateBody,
  csEventPage,
  csInquiry,
  csInquiryDeleted,
  csInquiryEdited,
  csInquiryPage,
  csPostPage,
  idParams,
  inquiryCreateBody,
  inquiryUpdateBody,
  pageParams,
} from "../schemas/boards";

/** The route's gate admits any board flag; each call then checks its board type's own area (BOARD_AREA). */
const boards = operator("boards");

/** The operators' boards: notices, inquiries (answered), FAQ, events (spec §7 "Board"; issue 12). */
export const boardsApi = {
  boardList: endpoint({
    method: "GET",
    path: "/api/board/:type",
    access: boards,
    summary: "One board's rows, a page",
    params: boardTypeParams,
    query: boardListRequest,
    response: boardList,
  }),
  boardCreate: endpoint({
    method: "POST",
    path: "/api/board",
    access: boards,
    summary: "Write a notice, FAQ or event (sanitised); audited",
    body: boardCreateBody,
    response: boardDetail,
  }),
  boardDetail: endpoint({
    method: "POST",
    path: "/api/board/detail",
    access: boards,
    summary: "One row with its content and answer",
    body: boardRefBody,
    response: boardDetail,
  }),
  boardDelete: endpoint({
    method: "POST",
    path: "/api/board/delete",
    access: boards,
    summary: "Delete a row; audited",
    body: boardRefBody,
    response: boardDeleted,
  }),
  boardDeleteBulk: endpoint({
    method: "POST",
    path: "/api/board/delete/bulk",
    access: boards,
    summary: "Delete several rows of one board, each as /api/board/delete; every item's outcome; audited",
    body: boardBulkBody,
    response: boardBulkAnswer,
  }),
  boardUpdate: endpoint({
    method: "PUT",
    path: "/api/board/update",
    access: boards,
    summary: "Edit a notice, FAQ or event, or answer an inquiry (refused if another operator answered first); audited",
    body: boardUpdateBody,
    response: boardDetail,
  }),
};

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
