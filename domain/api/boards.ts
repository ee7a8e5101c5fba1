import { endpoint, operator } from "./endpoint";
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
} from "../schemas/board";

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
