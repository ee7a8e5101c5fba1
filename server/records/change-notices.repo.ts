import type { AppContext } from "../context";
import { postedUntil } from "../../domain/policy/change-notice";
import { Msg } from "../../domain/messages";
import type { z } from "zod";
import type { fullRight } from "../../domain/schemas/refunds";

/**
 * The full-refund right (전액 환급) a posted change gives the members it concerns (issue 53 item 2;
 * server/features/change-notices/README.md): read by the refund quote and by closing, written by change-notices.
 */

export type FullRight = z.infer<typeof fullRight>;

/** The right a member holds now, if any: the change posted earliest among those whose notice is still up. */
export async function fullRefundRight(ctx: Pick<AppContext, "db" | "clock">, memberId: number): Promise<FullRight | null> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .selectFrom("change_notice_members as m")
    .innerJoin("change_notices as c", "c.id", "m.change_id")
    .select(["c.id", "c.kind", "c.title", "c.effective_date", "c.posted_at"])
    .where("m.member_id", "=", memberId)
    .where("c.state", "in", ["posted", "applied"])
    .where("c.posted_at", "<=", now.toISOString())
    .orderBy("c.posted_at")
    .orderBy("c.id")
    .execute();
  for (const r of rows) {
    const until = postedUntil(r.effective_date);
    if (now < until)
      return {
        changeId: Number(r.id),
        kind: r.kind,
        title: r.title,
        effectiveDate: r.effective_date,
        until: until.toISOString(),
        reason: `${Msg.changeRightReason} (${r.title}, ${r.effective_date} 시행)`,
      };
  }
  return null;
}
