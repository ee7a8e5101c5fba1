import { z } from "zod";
import { listRequest, paged } from "./shared/list";

/** The back-office's notifications (a new buy order, inquiry, settlement order), a page at a time. */

const isoDate = z.string();

export const notifyListRequest = listRequest({ sortable: ["id"] });
/** A stored notification; `ref_id` is the record it is about (the buy order, the inquiry, the settlement order). */
export const notifyRow = z.object({
  id: z.number().int(),
  category: z.string(),
  message: z.string(),
  created_at: isoDate,
  type: z.string(),
  ref_id: z.number().int().nullable(),
});
export type NotifyRowDto = z.infer<typeof notifyRow>;
export const notifyList = paged(notifyRow);
