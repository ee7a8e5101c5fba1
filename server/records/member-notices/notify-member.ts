import type { AppContext } from "../../context";
import type { MemberNotice } from "../../db/schema";
import { memberById, membersByIds } from "../members.repo";
import { insertNotice, insertNotices } from "./notices.repo";
import { sendOutbound, sendOutbounds } from "./outbound";
import { MEMBER_NOTICE_TITLES, type MemberNoticeKind } from "../../../domain/schemas/member-notices";

/** The topic of the notifier the members' socket listens to. */
export const MEMBER_TOPIC = "member";

export interface MemberNoticeInput {
  memberId: number;
  kind: MemberNoticeKind;
  /** The text, with no personal data beyond what it needs (a counterpart masked). */
  body: string;
  /** What it is about: `buy` (an order id), `move` (an outbox row id), `refund`, `validity`, `board`. */
  ref?: { type: string; id: string | number };
  /**
   * Stores it once whatever how often it is raised (e.g. `gift:<outbox id>`, `validity:<member>:30:<end day>`); a
   * second call with the same key stores nothing, pushes nothing and sends no message.
   */
  dedupeKey?: string;
  /** Also as an outbound message (알림톡/SMS) to the member's phone; default true. */
  message?: boolean;
  /**
   * The phone to send the message to instead of the account's: a closed account has none (its number was replaced),
   * so its closing refund keeps the one it had for the refund's outcome. A closed account without it gets no message.
   */
  to?: string;
}

/**
 * Tells a member something: stores the notice (the notification center), wakes the member's open sockets through the
 * notifier (topic `member`), and sends the same text as an outbound message. Returns the stored notice, or null when
 * its dedupe key was already used. The call for other features (refunds: `refund_paid`, `refund_rejected`).
 */
export async function notifyMember(
  ctx: Pick<AppContext, "db" | "notifier" | "log" | "clock">,
  n: MemberNoticeInput,
): Promise<MemberNotice | null> {
  const title = MEMBER_NOTICE_TITLES[n.kind];
  const stored = await insertNotice(ctx.db, {
    member_id: n.memberId,
    kind: n.kind,
    title,
    body: n.body,
    ref_type: n.ref?.type ?? null,
    ref_id: n.ref === undefined ? null : String(n.ref.id),
    dedupe_key: n.dedupeKey ?? null,
    created_at: ctx.clock.now().toISOString(),
  });
  if (!stored) return null;
  ctx.notifier.emit(MEMBER_TOPIC, { memberId: n.memberId, id: Number(stored.id) });
  if (n.message !== false) {
    const member = await memberById(ctx.db, n.memberId);
    const to = n.to ?? (member && !member.closed_at ? member.phonenumber : undefined);
    if (member && to)
      await sendOutbound(ctx, {
        channel: "alimtalk",
        template: `KRW_${n.kind.toUpperCase()}`,
        to,
        body: `[KRW 상품권] ${title}\n${n.body}`,
        memberId: n.memberId,
        noticeId: Number(stored.id),
      });
  }
  return stored;
}

/**
 * notifyMember for several notices at once (the gifts one batch carried): the notices in one statement, the members'
 * phones in one read, the messages recorded in one statement, where one each cost two commits and two reads a gift.
 * Each needs its dedupe key (what says which of them were stored). Resolves with the notices stored.
 */
export async function notifyMembers(
  ctx: Pick<AppContext, "db" | "notifier" | "log" | "clock">,
  ns: (MemberNoticeInput & { dedupeKey: string })[],
): Promise<MemberNotice[]> {
  const byKey = new Map(ns.map((n) => [n.dedupeKey, n]));
  const at = ctx.clock.now().toISOString();
  const stored = await insertNotices(
    ctx.db,
    ns.map((n) => ({
      member_id: n.memberId,
      kind: n.kind,
      title: MEMBER_NOTICE_TITLES[n.kind],
      body: n.body,
      ref_type: n.ref?.type ?? null,
      ref_id: n.ref === undefined ? null : String(n.ref.id),
      dedupe_key: n.dedupeKey,
      created_at: at,
    })),
  );
  for (const row of stored) ctx.notifier.emit(MEMBER_TOPIC, { memberId: Number(row.member_id), id: Number(row.id) });
  const messaged = stored.filter((row) => byKey.get(row.dedupe_key ?? "")?.message !== false);
  const members = await membersByIds(
    ctx.db,
    messaged.map((row) => Number(row.member_id)),
  );
  await sendOutbounds(
    ctx,
    messaged.flatMap((row) => {
      const member = members.get(Number(row.member_id));
      if (!member) return [];
      return [
        {
          channel: "alimtalk" as const,
          template: `KRW_${row.kind.toUpperCase()}`,
          to: member.phonenumber,
          body: `[KRW 상품권] ${row.title}\n${row.body}`,
          memberId: Number(row.member_id),
          noticeId: Number(row.id),
        },
      ];
    }),
  );
  return stored;
}

/** notifyMember that logs instead of throwing: for listeners whose failure must not break the move they heard. */
export function notifyMemberQuietly(ctx: Pick<AppContext, "db" | "notifier" | "log" | "clock">, n: MemberNoticeInput): void {
  void notifyMember(ctx, n).catch((err) => ctx.log.error({ err: (err as Error).message, kind: n.kind }, "member notice failed"));
}
