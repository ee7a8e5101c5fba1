import type { AppContext } from "../../context";
import type { Job } from "../../job";
import { appendAction } from "../../records/audit.repo";
import { notifyMembers } from "../../records/member-notices/notify-member";
import * as repo from "./change-notices.repo";
import { noticeBody } from "./change-text";
import { seoulDay } from "../../../domain/policy/change-notice";
import { PolicyId } from "../../../domain/constants";

/** How many members one pass tells at once (one INSERT of notices, one of messages). */
const TELL_BATCH = 500;

/**
 * Tells every concerned member of a posted change its current version, in batches: notification centre and message
 * (notifyMembers), once per member and version (dedupe key `change:<id>:v<version>:<member>`), so two processes or a
 * pass repeated after a crash never tell twice. Returns how many notices were stored.
 */
export async function tellUntold(ctx: AppContext): Promise<number> {
  let stored = 0;
  for (;;) {
    const batch = await repo.untold(ctx.db, TELL_BATCH);
    if (batch.length === 0) return stored;
    const notices = await notifyMembers(
      ctx,
      batch.map((r) => ({
        memberId: Number(r.member_id),
        kind: "change_notice" as const,
        body: noticeBody(r),
        ref: { type: "change", id: Number(r.change_id) },
        dedupeKey: `change:${r.change_id}:v${r.version}:${r.member_id}`,
      })),
    );
    stored += notices.length;
    const at = ctx.clock.now().toISOString();
    const byChange = new Map<string, number[]>();
    for (const r of batch) {
      const key = `${r.change_id}:${r.version}`;
      byChange.set(key, [...(byChange.get(key) ?? []), Number(r.member_id)]);
    }
    for (const [key, members] of byChange) {
      const [id, version] = key.split(":").map(Number);
      await repo.markTold(ctx.db, id, version, members, at);
    }
  }
}

/**
 * Applies every posted change whose effective day has begun (Seoul): the state moves posted → applied and the change
 * takes effect in one transaction, conditional on `posted`, so of several processes exactly one applies each. A shop
 * removal suspends the merchant (its keys answer 401, its checkouts refuse); a terms change replaces the voucher terms.
 */
export async function applyDueChanges(ctx: AppContext): Promise<number[]> {
  const now = ctx.clock.now();
  const applied: number[] = [];
  for (const c of await repo.dueChanges(ctx.db, seoulDay(now))) {
    const done = await ctx.db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable("change_notices")
        .set({ state: "applied", applied_at: now.toISOString(), updated_at: now.toISOString() })
        .where("id", "=", Number(c.id))
        .where("state", "=", "posted")
        .where("version", "=", Number(c.version))
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      if (c.kind === "shop")
        await trx.updateTable("merchants").set({ state: "suspended" }).where("id", "=", Number(c.merchant_id)).execute();
      else {
        const at = now.toISOString();
        const u = await trx
          .updateTable("policies")
          .set({ content: c.content!, updated_at: at })
          .where("id", "=", PolicyId.VOUCHER)
          .executeTakeFirst();
        if (Number(u.numUpdatedRows) === 0)
          await trx.insertInto("policies").values({ id: PolicyId.VOUCHER, content: c.content!, created_at: at, updated_at: at }).execute();
      }
      const by = await trx.selectFrom("admins").select("login_id").where("id", "=", Number(c.updated_by)).executeTakeFirst();
      await appendAction(trx, {
        adminId: Number(c.updated_by),
        adminLoginId: by?.login_id ?? "",
        action: "change.apply",
        targetType: "change",
        targetId: Number(c.id),
        after: { kind: c.kind, effectiveDate: c.effective_date, merchantId: c.merchant_id, version: Number(c.version) },
      });
      return true;
    });
    if (done) {
      applied.push(Number(c.id));
      ctx.log.info({ changeId: Number(c.id), kind: c.kind }, "change applied on its effective date");
    }
  }
  return applied;
}

/** Every minute in every process: telling is once per member and version, applying once per change (above). */
export const tellChangesJob: Job = { name: "change-notices-tell", everyMs: 60_000, run: async (ctx) => void (await tellUntold(ctx)) };
export const applyChangesJob: Job = {
  name: "change-notices-apply",
  everyMs: 60_000,
  run: async (ctx) => void (await applyDueChanges(ctx)),
};
