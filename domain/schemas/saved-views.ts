import { z } from "zod";
import { Msg } from "../messages";
import { idParam } from "./shared/common";
import { DASHBOARD_COLUMNS } from "./dashboard";
import { MEMBER_COLUMNS } from "./members";
import { SALE_COLUMNS } from "./purchases";

/**
 * An operator's saved views of a back-office list: a name and the list's URL state (filters, date range, sort, page
 * size) with the columns shown. Each operator sees and deletes only its own.
 */

/** The lists that keep views, by the name of the area that reads them (the list's own gate). */
export const SAVED_VIEW_LISTS = ["members", "saleSell", "saleUse", "saleGift", "dashboard"] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

/** Each list's column keys: a view's `columns` may name only these. */
export const LIST_COLUMNS: Record<SavedViewList, readonly string[]> = {
  members: MEMBER_COLUMNS,
  saleSell: SALE_COLUMNS.sell,
  saleUse: SALE_COLUMNS.use,
  saleGift: SALE_COLUMNS.gift,
  dashboard: DASHBOARD_COLUMNS,
};

/** Views one operator may keep per list (Msg.savedViewLimit says the number). */
export const SAVED_VIEWS_PER_LIST = 20;
/** Characters of a view's name (Msg.savedViewNameTooLong says the number). */
export const SAVED_VIEW_NAME_MAX = 30;
/** Characters of a view's state as JSON: a list's URL keys and its columns fit in a fraction of it. */
export const SAVED_VIEW_STATE_MAX = 2_000;

export const savedViewList = z.enum(SAVED_VIEW_LISTS, { error: Msg.badRequest });

export const savedViewName = z
  .string({ error: Msg.savedViewNameRequired })
  .trim()
  .min(1, { error: Msg.savedViewNameRequired })
  .max(SAVED_VIEW_NAME_MAX, { error: Msg.savedViewNameTooLong });

export const savedViewState = z.strictObject({
  /** The list's URL keys as they were (page excepted): `keyword`, `type`, `from`, `to`, `sortBy`, `sortDesc`, `perPage`… */
  search: z.record(z.string().regex(/^[A-Za-z_]{1,30}$/), z.string().max(200)),
  /** The columns shown, in their order; absent: the list's default. */
  columns: z.array(z.string().max(40)).min(1).max(40).optional(),
});
export type SavedViewState = z.infer<typeof savedViewState>;

export const savedViewListQuery = z.strictObject({ list: savedViewList });

export const savedViewCreateBody = z
  .strictObject({ list: savedViewList, name: savedViewName, state: savedViewState })
  .superRefine((b, ctx) => {
    if (JSON.stringify(b.state).length > SAVED_VIEW_STATE_MAX)
      ctx.addIssue({ code: "custom", message: Msg.savedViewTooLarge, path: ["state"] });
    const known = LIST_COLUMNS[b.list];
    if (b.state.columns?.some((c) => !known.includes(c)))
      ctx.addIssue({ code: "custom", message: Msg.columnUnknown, path: ["state", "columns"] });
  });
export type SavedViewCreateBody = z.output<typeof savedViewCreateBody>;

export const savedViewIdParams = z.strictObject({ id: idParam });

export const savedView = z.object({
  id: z.number().int(),
  list: savedViewList,
  name: z.string(),
  state: savedViewState,
  createdAt: z.string(),
});
export type SavedViewDto = z.infer<typeof savedView>;
