import { sql } from "kysely";
import type { AppContext } from "../../context";
import { notifyMember } from "../../records/member-notices/notify-member";
import * as repo from "./refunds.repo";
import type { RefundRow } from "./refunds.repo";
import { formatWon } from "../../../domain/format";
import { maskBankAccount } from "../../../domain/mask";
import { RefundKindLabel } from "../../../domain/state-labels";

type NoticeCtx = Pick<AppContext, "db" | "notifier" | "log" | "clock">;

/** The notice of a refund's outcome is stored once per order and state (member-notices README: dedupe keys). */
export const refundNoticeKey = (r: Pick<RefundRow, "id" | "state">) => `refund:${r.id}:${r.state}`;

/** How far back the catch-up looks for a decided order whose notice is missing (older ones were told, or never will be). */
const CATCH_UP_DAYS = 7;

/**
 * Tells the member a refund's outcome (지급 완료 / 반려): the notification center and the message (알림톡/SMS), once
 * (`refund:<id>:<state>`). A closing refund's member has no phone on the account any more: the message goes to the
 * phone kept on the order (`notify_phone`), cleared once sent. Never throws: the payout or rejection it follows stands.
 */
export async function tellRefundOutcome(ctx: NoticeCtx, r: RefundRow): Promise<void> {
  if (r.state !== "paid" && r.state !== "rejected") return;
  const what = `${RefundKindLabel[r.kind]} ${formatWon(Number(r.value))}원`;
  const account = maskBankAccount(r.bank_name, r.bank_account);
  const body =
    r.state === "paid"
      ? `${what}이 ${account} 계좌로 지급되었습니다. (환불번호 ${r.order_no})`
      : `${what} 신청이 반려되었습니다. 사유: ${r.reject_reason ?? "-"}. 금액은 지갑으로 돌려드립니다. (환불번호 ${r.order_no})`;
  try {
    await notifyMember(ctx, {
      memberId: Number(r.member_id),
      kind: r.state === "paid" ? "refund_paid" : "refund_rejected",
      body,
      ref: { type: "refund", id: r.order_no },
      dedupeKey: refundNoticeKey(r),
      ...(r.notify_phone ? { to: r.notify_phone } : {}),
    });
    if (r.notify_phone) await ctx.db.updateTable("refund_orders").set({ notify_phone: null }).where("id", "=", r.id).execute();
  } catch (err) {
    ctx.log.error({ err: (err as Error).message, orderNo: r.order_no }, "refund notice failed");
  }
}

/** The order by id, told if it is decided (after a move the caller made). */
export async function tellRefundById(ctx: NoticeCtx, id: number): Promise<void> {
  const r = await ctx.db.selectFrom("refund_orders").selectAll().where("id", "=", id).executeTakeFirst();
  if (r) await tellRefundOutcome(ctx, r);
}

/**
 * Catch-up: orders decided in the last CATCH_UP_DAYS whose notice is not stored (a crash between the decision and
 * the notice, a path that did not tell). Run by `followRefunds` (the 30 s job); the dedupe key keeps it once.
 */
export async function tellUntoldRefunds(ctx: NoticeCtx): Promise<number> {
  const since = new Date(ctx.clock.now().getTime() - CATCH_UP_DAYS * 86_400_000).toISOString();
  const rows = await ctx.db
    .selectFrom("refund_orders as r")
    .selectAll("r")
    .where("r.state", "in", ["paid", "rejected"])
    .where("r.decided_at", ">=", since)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("member_notices as n").select("n.id").where("n.dedupe_key", "=", sql<string>`'refund:' || r.id || ':' || r.state`),
        ),
      ),
    )
    .execute();
  for (const r of rows) await tellRefundOutcome(ctx, r);
  return rows.length;
}

/**
 * A refundPayout proposal's decision reaches its refund at once (the proposals service calls this after approving,
 * rejecting or settling one): approved → 지급 완료 and the member told; otherwise → 환불 대기.
 */
export async function followRefundProposal(ctx: NoticeCtx, proposalId: number): Promise<void> {
  const rows = (await repo.payingWithCalls(ctx.db)).filter((o) => o.proposal_id !== null && Number(o.proposal_id) === proposalId);
  for (const o of rows) if (await repo.followPaying(ctx.db, o)) await tellRefundById(ctx, Number(o.id));
}
