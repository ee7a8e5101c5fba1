import { z } from "zod";
import { Msg } from "../messages";
import { CHANGE_KINDS, CHANGE_STATES } from "../policy/change-notice";
import { REFUND_KINDS, REFUND_STATES } from "./refunds";

/**
 * Notices of change (약관 변경·가맹점 축소 고지, issue 53 item 2; server/features/change-notices/README.md): an
 * operator's draft of a new voucher-terms version or of a shop to remove from the usable list, its posting with an
 * effective date no sooner than the notice period, the members it tells, the public list of posted changes.
 */

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: Msg.changeDateInvalid })
  .refine((d) => !Number.isNaN(Date.parse(d)), {
    error: Msg.changeDateInvalid,
  });

export const CHANGE_TITLE_MAX = 100;
export const CHANGE_SUMMARY_MAX = 1_000;
export const CHANGE_CONTENT_MAX = 100_000;

/** A draft, and the body of an edit: a terms change carries the new version's HTML, a shop removal its merchant. */
export const changeDraft = z
  .strictObject({
    kind: z.enum(CHANGE_KINDS),
    title: z.string().trim().min(1, { error: Msg.changeTitleRequired }).max(CHANGE_TITLE_MAX),
    /** What changes, as members are told it (plain text). */
    summary: z.string().trim().min(1, { error: Msg.changeSummaryRequired }).max(CHANGE_SUMMARY_MAX),
    content: z.string().max(CHANGE_CONTENT_MAX).optional(),
    merchantId: z.number().int().positive().optional(),
    effectiveDate: day,
  })
  .superRefine((d, ctx) => {
    if (d.kind === "terms" && !d.content?.trim()) ctx.addIssue({ code: "custom", path: ["content"], message: Msg.changeContentRequired });
    if (d.kind === "shop" && d.merchantId === undefined)
      ctx.addIssue({ code: "custom", path: ["merchantId"], message: Msg.changeMerchantRequired });
  });
export type ChangeDraft = z.output<typeof changeDraft>;

export const changeParams = z.strictObject({ changeId: z.coerce.number().int().positive() });
export const changeWithdraw = z.strictObject({ reason: z.string().trim().min(1, { error: Msg.changeReasonRequired }).max(500) });

export const changeRow = z.object({
  id: z.number().int(),
  kind: z.enum(CHANGE_KINDS),
  kindLabel: z.string(),
  title: z.string(),
  summary: z.string(),
  content: z.string().nullable(),
  merchantId: z.number().int().nullable(),
  merchantName: z.string().nullable(),
  effectiveDate: z.string(),
  state: z.enum(CHANGE_STATES),
  stateLabel: z.string(),
  /** Each posting (and each edit of a posted change) is a version; members are told each once. */
  version: z.number().int(),
  postedAt: z.string().nullable(),
  appliedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  withdrawReason: z.string().nullable(),
  /** When the notice comes down (the effective date + CHANGE_POSTED_DAYS). */
  postedUntil: z.string(),
  /** Members it concerns, those told of its current version, those who took a refund since it was posted. */
  recipients: z.number().int(),
  told: z.number().int(),
  refunds: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChangeRowDto = z.infer<typeof changeRow>;

export const changeList = z.object({
  changes: z.array(changeRow),
  /** Merchants a shop removal may name (active ones), and the earliest effective date of each kind today. */
  merchants: z.array(z.object({ id: z.number().int(), name: z.string() })),
  earliest: z.object({ terms: z.string(), shop: z.string() }),
});

export const changeMembersQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});
export const changeMember = z.object({
  memberId: z.number().int(),
  /** Masked (김*준), the phone masked unless the operator may unmask. */
  name: z.string(),
  phone: z.string(),
  toldAt: z.string().nullable(),
  toldVersion: z.number().int().nullable(),
  refund: z
    .object({
      orderNo: z.string(),
      kind: z.enum(REFUND_KINDS),
      kindLabel: z.string(),
      value: z.number(),
      state: z.enum(REFUND_STATES),
      stateLabel: z.string(),
      createdAt: z.string(),
    })
    .nullable(),
});
export type ChangeMemberDto = z.infer<typeof changeMember>;
export const changeMembers = z.object({ list: z.array(changeMember), total: z.number().int() });

/** A posted change as anyone reads it (no login): nothing personal. */
export const publicChange = z.object({
  id: z.number().int(),
  kind: z.enum(CHANGE_KINDS),
  kindLabel: z.string(),
  title: z.string(),
  summary: z.string(),
  merchantName: z.string().nullable(),
  effectiveDate: z.string(),
  /** 시행 예정 or 시행됨. */
  stateLabel: z.string(),
  applied: z.boolean(),
  postedAt: z.string(),
  postedUntil: z.string(),
  /** What the affected members may do (the full refund; closing for a terms change until it applies). */
  rights: z.string(),
});
export const publicChanges = z.object({ changes: z.array(publicChange) });
/** One posted change with the new terms' text (HTML, cleaned by the allow-list). */
export const publicChangeDetail = publicChange.extend({ content: z.string().nullable() });
