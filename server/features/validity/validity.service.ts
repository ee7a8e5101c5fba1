import type { AppContext } from "../../context";
import type { Job } from "../../job";
import { AppError } from "../../http/errors";
import { notifyMember } from "../../records/member-notices/notify-member";
import { Code } from "../../../domain/codes";
import { formatDate, formatWon } from "../../../domain/format";
import { maskPhoneNumber } from "../../../domain/mask";
import {
  AFTER_EXPIRY_REFUND_PERCENT,
  EXTENSION_MONTHS,
  LIMITATION_YEARS,
  addMonths,
  addYears,
  afterExpiryRefund,
  daysLeft,
  dueNotice,
  validUntil,
  validityState,
} from "../../../domain/policy/validity";
import { type ValidityFacts, validityFacts } from "../../records/validity.repo";
import type { MemberValidityDto, ValidityRowDto } from "../../../domain/schemas/validity";

async function balanceOf(ctx: AppContext, memberId: number): Promise<number> {
  const wallet = await ctx.custody.memberWallet(memberId);
  return wallet ? ctx.outbox.spendable(wallet.address) : 0;
}

function describe(f: ValidityFacts | undefined, balance: number, now: Date): MemberValidityDto {
  const until = f ? validUntil(f.lastCharge, f.extendedUntil) : null;
  const state = validityState(until, now);
  return {
    balance,
    lastChargeAt: f?.lastCharge?.toISOString() ?? null,
    validUntil: until?.toISOString() ?? null,
    daysLeft: until ? daysLeft(until, now) : null,
    state,
    afterExpiryPercent: AFTER_EXPIRY_REFUND_PERCENT,
    afterExpiryRefund: afterExpiryRefund(balance),
    refundableUntil: until ? addYears(until, LIMITATION_YEARS).toISOString() : null,
    canExtend: state === "expiring" && balance > 0,
    extensionMonths: EXTENSION_MONTHS,
  };
}

export async function memberValidity(ctx: AppContext, memberId: number): Promise<MemberValidityDto> {
  const [facts] = await validityFacts(ctx.db, memberId);
  return describe(facts, await balanceOf(ctx, memberId), ctx.clock.now());
}

/** An extension: only while the validity is in its last 30 days and a balance remains; the end moves 3 months on. */
export async function extendValidity(ctx: AppContext, memberId: number): Promise<MemberValidityDto> {
  const now = ctx.clock.now();
  const v = await memberValidity(ctx, memberId);
  if (!v.canExtend || !v.validUntil)
    throw new AppError(Code.CONFLICT, "유효기간 만료 30일 전부터 만료일까지 잔액이 있을 때 연장할 수 있습니다.");
  await ctx.db
    .insertInto("validity_extensions")
    .values({
      member_id: memberId,
      valid_until: addMonths(new Date(v.validUntil), EXTENSION_MONTHS).toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  return memberValidity(ctx, memberId);
}

/** Every member whose balance is not zero with its validity (the report and the notices). */
export async function validityRows(ctx: AppContext): Promise<ValidityRowDto[]> {
  const now = ctx.clock.now();
  const facts = await validityFacts(ctx.db);
  const members = new Map(
    (await ctx.db.selectFrom("members").select(["id", "username", "phonenumber"]).execute()).map((m) => [Number(m.id), m]),
  );
  const rows: ValidityRowDto[] = [];
  for (const f of facts) {
    const m = members.get(f.memberId);
    const until = validUntil(f.lastCharge, f.extendedUntil);
    if (!m || !until) continue;
    const balance = await balanceOf(ctx, f.memberId);
    if (balance <= 0) continue;
    rows.push({
      memberId: f.memberId,
      username: m.username,
      phone: maskPhoneNumber(m.phonenumber),
      balance,
      lastChargeAt: f.lastCharge?.toISOString() ?? null,
      validUntil: until.toISOString(),
      daysLeft: daysLeft(until, now),
      state: validityState(until, now),
      afterExpiryRefund: afterExpiryRefund(balance),
    });
  }
  return rows.sort((a, b) => a.validUntil.localeCompare(b.validUntil) || a.memberId - b.memberId);
}

/** The report's scope: ending within 30 or 90 days (not yet ended), or ended (within the limitation period). */
export function inScope(r: ValidityRowDto, scope: "30" | "90" | "expired"): boolean {
  if (scope === "expired") return r.state === "expired";
  return r.daysLeft >= 0 && r.daysLeft < Number(scope);
}

/**
 * The daily notices: 30 and 7 days before the end, and at the end (with the after-expiry rate). One per member per
 * threshold per validity period: the dedupe key names the end day, so an extension or a new charge (a new end) is
 * told again, and a job run twice tells once.
 */
export async function sendValidityNotices(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  let sent = 0;
  for (const r of await validityRows(ctx)) {
    const until = new Date(r.validUntil);
    const due = dueNotice(until, now);
    if (due === null || r.state === "lapsed") continue;
    const endDay = formatDate(until);
    const body =
      due === "ended"
        ? `보유하신 상품권 잔액 ${formatWon(r.balance)}원의 유효기간이 ${endDay}에 만료되었습니다. 만료 후에도 ${LIMITATION_YEARS}년간 잔액의 ${AFTER_EXPIRY_REFUND_PERCENT}%(${formatWon(r.afterExpiryRefund)}원)를 환불받을 수 있습니다.`
        : `보유하신 상품권 잔액 ${formatWon(r.balance)}원의 유효기간이 ${endDay}에 만료됩니다. 내 정보에서 유효기간 연장을 신청할 수 있습니다.`;
    const stored = await notifyMember(ctx, {
      memberId: r.memberId,
      kind: due === "ended" ? "validity_ended" : due === 30 ? "validity_30" : "validity_7",
      body,
      ref: { type: "validity", id: r.memberId },
      dedupeKey: `validity:${r.memberId}:${due}:${r.validUntil.slice(0, 10)}`,
    });
    if (stored) sent++;
  }
  return sent;
}

export const validityNoticesJob: Job = {
  name: "validity-notices",
  everyMs: 3_600_000,
  run: async (ctx) => void (await sendValidityNotices(ctx)),
};
