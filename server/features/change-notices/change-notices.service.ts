import type { AppContext } from "../../context";
import type { OperatorRow } from "../../records/operators.repo";
import { appendAction } from "../../records/audit.repo";
import { sanitizeRichText, plainText } from "../../http/rich-text";
import { AppError } from "../../http/errors";
import * as repo from "./change-notices.repo";
import type { ChangeRecord } from "./change-notices.repo";
import { tellUntold } from "./change-notices.jobs";
import { CHANGE_KIND_LABEL, CHANGE_STATE_LABEL, rightsOf } from "./change-text";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import { allowsArea } from "../../../domain/admin-access";
import { maskName } from "../../../domain/mask";
import { RefundKindLabel, RefundStateLabel } from "../../../domain/state-labels";
import { earliestEffectiveDay, postedUntil, type ChangeKind, type ChangeState } from "../../../domain/policy/change-notice";
import type { Updateable } from "kysely";
import type { ChangeNoticesTable } from "../../db/schema";
import type { ChangeDraft, ChangeMemberDto, ChangeRowDto } from "../../../domain/schemas/change-notices";

/**
 * Notices of change (약관 변경·가맹점 축소 고지, README.md): drafts, posting with the notice period checked, an edit of
 * a posted change restarting its notice, withdrawal; the list operators see; the public list.
 */

/** The gate lets either flag in; each kind then needs its own: terms the voucher terms' (isBoard4), shops the merchants'. */
function assertMayHandle(actor: OperatorRow, kind: ChangeKind) {
  const ok = allowsArea(kind === "terms" ? "policyTerms" : "merchants", { permission: actor.permission, flags: actor.flags as never });
  if (!ok) throw new AppError(Code.FORBIDDEN, Msg.forbidden);
}

async function load(ctx: AppContext, id: number): Promise<ChangeRecord> {
  const c = await repo.changeById(ctx.db, id);
  if (!c) throw new AppError(Code.NOT_FOUND, Msg.changeNotFound);
  return c;
}

function rowOf(c: ChangeRecord, counts = { recipients: 0, told: 0, refunds: 0 }): ChangeRowDto {
  return {
    id: Number(c.id),
    kind: c.kind,
    kindLabel: CHANGE_KIND_LABEL[c.kind],
    title: c.title,
    summary: c.summary,
    content: c.content,
    merchantId: c.merchant_id === null ? null : Number(c.merchant_id),
    merchantName: c.merchant_name ?? null,
    effectiveDate: c.effective_date,
    state: c.state,
    stateLabel: CHANGE_STATE_LABEL[c.state],
    version: Number(c.version),
    postedAt: c.posted_at,
    appliedAt: c.applied_at,
    withdrawnAt: c.withdrawn_at,
    withdrawReason: c.withdraw_reason,
    postedUntil: postedUntil(c.effective_date).toISOString(),
    ...counts,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
  };
}

async function rowById(ctx: AppContext, id: number): Promise<ChangeRowDto> {
  const c = await load(ctx, id);
  return rowOf(c, (await repo.changeCounts(ctx.db, [id])).get(id));
}

/** The effective date must leave the whole notice period from now (Seoul days): else 1160 with the kind's message. */
function assertNoticePeriod(kind: ChangeKind, effectiveDate: string, now: Date) {
  if (effectiveDate < earliestEffectiveDay(kind, now))
    throw new AppError(Code.CHANGE_TOO_SOON, kind === "shop" ? Msg.changeShopTooSoon : Msg.changeTermsTooSoon);
}

/** A shop removal names an active merchant with no other open removal. */
async function assertMerchant(ctx: AppContext, merchantId: number, exceptChange?: number) {
  const m = await ctx.db.selectFrom("merchants").select(["id", "state"]).where("id", "=", merchantId).executeTakeFirst();
  if (m?.state !== "active") throw new AppError(Code.BAD_REQUEST, Msg.changeMerchantGone);
  let open = ctx.db
    .selectFrom("change_notices")
    .select("id")
    .where("merchant_id", "=", merchantId)
    .where("state", "in", ["draft", "posted"]);
  if (exceptChange !== undefined) open = open.where("id", "<>", exceptChange);
  if (await open.executeTakeFirst()) throw new AppError(Code.CHANGE_STATE, Msg.changeMerchantPending);
}

const fieldsOf = (d: ChangeDraft) => ({
  kind: d.kind,
  title: plainText(d.title),
  summary: d.summary,
  content: d.kind === "terms" ? sanitizeRichText(d.content ?? "") : null,
  merchant_id: d.kind === "shop" ? d.merchantId! : null,
  effective_date: d.effectiveDate,
});

export async function listChanges(ctx: AppContext) {
  const rows = await repo.allChanges(ctx.db);
  const counts = await repo.changeCounts(
    ctx.db,
    rows.map((r) => Number(r.id)),
  );
  const merchants = await ctx.db.selectFrom("merchants").select(["id", "name"]).where("state", "=", "active").orderBy("name").execute();
  const now = ctx.clock.now();
  return {
    changes: rows.map((r) => rowOf(r, counts.get(Number(r.id)))),
    merchants: merchants.map((m) => ({ id: Number(m.id), name: m.name })),
    earliest: { terms: earliestEffectiveDay("terms", now), shop: earliestEffectiveDay("shop", now) },
  };
}

export async function createChange(ctx: AppContext, actor: OperatorRow, d: ChangeDraft): Promise<ChangeRowDto> {
  assertMayHandle(actor, d.kind);
  if (d.kind === "shop") await assertMerchant(ctx, d.merchantId!);
  const at = ctx.clock.now().toISOString();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("change_notices")
      .values({ ...fieldsOf(d), state: "draft", created_by: actor.id, updated_by: actor.id, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    await appendAction(trx, {
      adminId: actor.id,
      adminLoginId: actor.login_id,
      action: "change.create",
      targetType: "change",
      targetId: Number(row.id),
      after: { kind: d.kind, title: d.title, merchantId: d.merchantId ?? null, effectiveDate: d.effectiveDate },
    });
    return Number(row.id);
  });
  return rowById(ctx, id);
}

/**
 * Posts (version + 1, posted now, its members fixed) in one transaction, conditional on the state it was read in;
 * then the tell job is kicked. Used by posting a draft and by editing a posted change (its notice restarts).
 */
async function post(ctx: AppContext, actor: OperatorRow, c: ChangeRecord, from: "draft" | "posted", fields?: ReturnType<typeof fieldsOf>) {
  const now = ctx.clock.now();
  const kind = fields?.kind ?? c.kind;
  assertNoticePeriod(kind, fields?.effective_date ?? c.effective_date, now);
  await ctx.db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable("change_notices")
      .set((eb) => ({
        ...(fields ?? {}),
        state: "posted",
        version: eb("version", "+", 1),
        posted_at: now.toISOString(),
        updated_by: actor.id,
        updated_at: now.toISOString(),
      }))
      .where("id", "=", Number(c.id))
      .where("state", "=", from)
      .where("version", "=", Number(c.version))
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw new AppError(Code.CHANGE_STATE, Msg.changeNotEditable);
    await repo.fixRecipients(trx, { id: Number(c.id), kind, merchant_id: fields ? fields.merchant_id : c.merchant_id });
    await appendAction(trx, {
      adminId: actor.id,
      adminLoginId: actor.login_id,
      action: from === "draft" ? "change.post" : "change.repost",
      targetType: "change",
      targetId: Number(c.id),
      before: from === "posted" ? { title: c.title, effectiveDate: c.effective_date, version: Number(c.version) } : undefined,
      after: { effectiveDate: fields?.effective_date ?? c.effective_date, version: Number(c.version) + 1 },
    });
  });
  kickTelling(ctx);
}

export async function postChange(ctx: AppContext, actor: OperatorRow, id: number): Promise<ChangeRowDto> {
  const c = await load(ctx, id);
  assertMayHandle(actor, c.kind);
  if (c.state !== "draft") throw new AppError(Code.CHANGE_STATE, Msg.changeNotDraft);
  if (c.kind === "shop") await assertMerchant(ctx, Number(c.merchant_id), id);
  await post(ctx, actor, c, "draft");
  return rowById(ctx, id);
}

/** Edits a draft in place; a posted change is posted again: the date checked anew, members told again (README). */
export async function updateChange(ctx: AppContext, actor: OperatorRow, id: number, d: ChangeDraft): Promise<ChangeRowDto> {
  const c = await load(ctx, id);
  assertMayHandle(actor, c.kind);
  assertMayHandle(actor, d.kind);
  if (c.state !== "draft" && c.state !== "posted") throw new AppError(Code.CHANGE_STATE, Msg.changeNotEditable);
  if (d.kind === "shop") await assertMerchant(ctx, d.merchantId!, id);
  const fields = fieldsOf(d);
  if (c.state === "posted") {
    await post(ctx, actor, c, "posted", fields);
    return rowById(ctx, id);
  }
  await transition(
    ctx,
    actor,
    id,
    ["draft"],
    { ...fields },
    {
      action: "change.update",
      before: { title: c.title, effectiveDate: c.effective_date },
      after: { title: fields.title, effectiveDate: fields.effective_date },
    },
  );
  return rowById(ctx, id);
}

/** One step of a change from one of `from` (a conditional update: two operators at once do not both win, 409), audited. */
async function transition(
  ctx: AppContext,
  actor: OperatorRow,
  id: number,
  from: ChangeState[],
  set: Updateable<ChangeNoticesTable>,
  audit: { action: string; before?: unknown; after?: unknown },
) {
  const at = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable("change_notices")
      .set({ ...set, updated_by: actor.id, updated_at: at })
      .where("id", "=", id)
      .where("state", "in", from)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw new AppError(Code.CHANGE_STATE, Msg.changeNotEditable);
    await appendAction(trx, { adminId: actor.id, adminLoginId: actor.login_id, targetType: "change", targetId: id, ...audit });
  });
}

/** Withdraws a draft or a posted change before it applies; the full-refund right ends with it. */
export async function withdrawChange(ctx: AppContext, actor: OperatorRow, id: number, reason: string): Promise<ChangeRowDto> {
  const c = await load(ctx, id);
  assertMayHandle(actor, c.kind);
  const at = ctx.clock.now().toISOString();
  await transition(
    ctx,
    actor,
    id,
    ["draft", "posted"],
    { state: "withdrawn", withdrawn_at: at, withdraw_reason: reason },
    {
      action: "change.withdraw",
      after: { reason },
    },
  );
  return rowById(ctx, id);
}

export async function changeMembers(ctx: AppContext, id: number, page: number, perPage: number) {
  const c = await load(ctx, id);
  const { rows, total } = await repo.recipientsPage(ctx.db, id, c.posted_at, page, perPage);
  const list: ChangeMemberDto[] = rows.map((r) => ({
    memberId: Number(r.member_id),
    name: maskName(r.username),
    phone: r.phonenumber,
    toldAt: r.told_at,
    toldVersion: r.told_version === null ? null : Number(r.told_version),
    refund: r.refund && {
      orderNo: r.refund.order_no,
      kind: r.refund.kind,
      kindLabel: RefundKindLabel[r.refund.kind],
      value: Number(r.refund.value),
      state: r.refund.state,
      stateLabel: RefundStateLabel[r.refund.state],
      createdAt: r.refund.created_at,
    },
  }));
  return { list, total };
}

/** Whether a change's notice is up now: posted (or applied), until CHANGE_POSTED_DAYS past its effective date. */
const isUp = (c: ChangeRecord, now: Date) =>
  (c.state === "posted" || c.state === "applied") &&
  c.posted_at !== null &&
  c.posted_at <= now.toISOString() &&
  now < postedUntil(c.effective_date);

/** The changes whose notice is up now, nothing personal. */
export async function publicChanges(ctx: AppContext) {
  const now = ctx.clock.now();
  return { changes: (await repo.postedChanges(ctx.db)).filter((c) => isUp(c, now)).map(publicOf) };
}

function publicOf(c: ChangeRecord) {
  return {
    id: Number(c.id),
    kind: c.kind,
    kindLabel: CHANGE_KIND_LABEL[c.kind],
    title: c.title,
    summary: c.summary,
    merchantName: c.merchant_name ?? null,
    effectiveDate: c.effective_date,
    stateLabel: c.state === "applied" ? "시행됨" : "시행 예정",
    applied: c.state === "applied",
    postedAt: c.posted_at!,
    postedUntil: postedUntil(c.effective_date).toISOString(),
    rights: rightsOf(c.kind, c.effective_date),
  };
}

/** One change whose notice is up, with the new terms' text; any other answers 404. */
export async function publicChange(ctx: AppContext, id: number) {
  const c = await repo.changeById(ctx.db, id);
  if (!c || !isUp(c, ctx.clock.now())) throw new AppError(Code.NOT_FOUND, Msg.changeNotFound);
  return { ...publicOf(c), content: c.content };
}

/** Tells the members of a posting now, without waiting for the job's next tick (errors logged: the job retries). */
function kickTelling(ctx: AppContext) {
  void tellUntold(ctx).catch((err) => ctx.log.error({ err: (err as Error).message }, "change notices: telling failed"));
}
