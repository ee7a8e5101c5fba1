import type { AppContext } from "../../context";
import type { OutboxRow } from "../../db/schema";
import { membersByIds } from "../members.repo";
import { insertNoticeForAll } from "./notices.repo";
import { MEMBER_TOPIC, notifyMember, notifyMemberQuietly, notifyMembers } from "./notify-member";
import { formatWon } from "../../../domain/format";
import { maskName } from "../../../domain/mask";
import { MEMBER_NOTICE_TITLES } from "../../../domain/schemas/member-notices";

/**
 * Money moves confirmed on chain tell their member: a gift received (the sender masked), a purchase confirmed. They
 * listen to the relayer's `resolved` (the receipt is in): a notice per outbox row, stored once (dedupe key `gift:<id>`,
 * `buy:<id>`), so a move heard twice tells once.
 */
export function noticeOnResolvedMoves(ctx: Pick<AppContext, "db" | "relayer" | "notifier" | "log" | "clock">): void {
  // A batch's rows are resolved together: their gift notices are stored together (one statement for the batch).
  let gifts: OutboxRow[] = [];
  ctx.relayer.on("resolved", (row) => {
    if (row.status !== "confirmed" || row.counterparty_member_id === null) return;
    if (row.kind === "gift") {
      if (gifts.length === 0)
        setImmediate(() => {
          const rows = gifts;
          gifts = [];
          void giftsReceived(ctx, rows).catch((err) => ctx.log.error({ err: (err as Error).message }, "gift notice failed"));
        });
      gifts.push(row);
    }
    if (row.kind === "buy")
      void purchaseConfirmed(ctx, row).catch((err) => ctx.log.error({ err: (err as Error).message }, "buy notice failed"));
  });
}

async function giftsReceived(ctx: Pick<AppContext, "db" | "notifier" | "log" | "clock">, rows: OutboxRow[]): Promise<void> {
  const senders = await membersByIds(
    ctx.db,
    rows.flatMap((r) => (r.member_id === null ? [] : [Number(r.member_id)])),
  );
  await notifyMembers(
    ctx,
    rows.map((row) => ({
      memberId: Number(row.counterparty_member_id),
      kind: "gift_received" as const,
      body: `${maskName(row.member_id === null ? undefined : senders.get(Number(row.member_id))?.username)}님이 ${formatWon(Number(row.value))}원을 선물했습니다.`,
      ref: { type: "move", id: Number(row.id) },
      dedupeKey: `gift:${row.id}`,
    })),
  );
}

async function purchaseConfirmed(ctx: Pick<AppContext, "db" | "notifier" | "log" | "clock">, row: OutboxRow): Promise<void> {
  const order = await ctx.db
    .selectFrom("buy_orders")
    .select(["id", "order_no", "member_id", "confirmed_by"])
    .where("transfer_id", "=", row.id)
    .executeTakeFirst();
  if (!order) return;
  await notifyMember(ctx, {
    memberId: Number(order.member_id),
    kind: "purchase_confirmed",
    body:
      order.confirmed_by === "linked"
        ? `연결 계좌에서 ${formatWon(Number(row.value))}원이 충전되었습니다. (주문번호 ${order.order_no})`
        : `상품권 ${formatWon(Number(row.value))}원 구매가 확정되었습니다. (주문번호 ${order.order_no})`,
    ref: { type: "buy", id: Number(order.id) },
    dedupeKey: `buy:${row.id}`,
  });
}

/** An operator cancelled (deleted) a member's unpaid purchase request, or its deposit deadline passed: the member is told. */
export function noticePurchaseCancelled(
  ctx: Pick<AppContext, "db" | "notifier" | "log" | "clock">,
  order: { id: number; order_no: string; member_id: number; value: number },
  how: { expired?: boolean; debitFailed?: string } = {},
): void {
  notifyMemberQuietly(ctx, {
    memberId: Number(order.member_id),
    kind: "purchase_cancelled",
    body: how.debitFailed
      ? `연결 계좌 충전 ${formatWon(Number(order.value))}원이 실패했습니다: ${how.debitFailed} (주문번호 ${order.order_no})`
      : `상품권 ${formatWon(Number(order.value))}원 구매 신청이 ${how.expired ? "입금 기한이 지나 " : ""}취소되었습니다. (주문번호 ${order.order_no})`,
    ref: { type: "buy", id: Number(order.id) },
    dedupeKey: `buy-cancel:${order.id}`,
  });
}

/**
 * An operator's announcement (a notice posted on the 공지사항 board): one notice for every member, in one
 * statement, pushed to every open member socket. In the app only: announcements to everyone by SMS/알림톡 would be
 * bulk messaging (consent rules of 정보통신망법 제50조), so they are not sent as messages.
 */
export async function announceToMembers(
  ctx: Pick<AppContext, "db" | "notifier" | "clock">,
  a: { boardId: number; title: string },
): Promise<number> {
  const n = await insertNoticeForAll(ctx.db, {
    kind: "announcement",
    title: MEMBER_NOTICE_TITLES.announcement,
    body: a.title,
    ref_type: "board",
    ref_id: String(a.boardId),
    dedupe_prefix: `board:${a.boardId}:`,
    created_at: ctx.clock.now().toISOString(),
  });
  ctx.notifier.emit(MEMBER_TOPIC, { all: true });
  return n;
}
