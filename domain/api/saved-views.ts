import { z } from "zod";
import { endpoint, operator } from "./endpoint";
import { savedView, savedViewCreateBody, savedViewIdParams, savedViewListQuery } from "../schemas/saved-views";

/** Any signed-in operator; a list's views also need the list's own area (checked by the handler, as the sales list does). */
const session = operator("session");

/** An operator's saved views of the big lists (members, sales, dashboard): its own only, another's id is 404. */
export const savedViewsApi = {
  savedViews: endpoint({
    method: "GET",
    path: "/api/saved-views",
    access: session,
    summary: "The operator's own saved views of one list, oldest first",
    query: savedViewListQuery,
    response: z.array(savedView),
  }),
  savedViewCreate: endpoint({
    method: "POST",
    path: "/api/saved-views",
    access: session,
    summary: "Save the list's filters, range, sort, page size and columns under a name (unique per operator and list)",
    body: savedViewCreateBody,
    response: savedView,
  }),
  savedViewDelete: endpoint({
    method: "DELETE",
    path: "/api/saved-views/:id",
    access: session,
    summary: "Delete one of the operator's own views",
    params: savedViewIdParams,
  }),
};
