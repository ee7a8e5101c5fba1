import type { AppContext } from "../context";
import type { AppTx } from "../db/schema";
import { validUntil, validityState } from "../../domain/policy/validity";

/** A member's validity (유효기간, docs/glossary.md): the facts it is computed from, read by validity, refunds and closing. */

/** Money that charges a balance (and so restarts its validity): a purchase, a gift received, the demo's seeding. */
export const CHARGE_KINDS = ["buy", "gift", "seed"] as const;

export interface ValidityFacts {
  memberId: number;
  lastCharge: Date | null;
  extendedUntil: Date | null;
}

/** Each member's last charge and latest extension (all members with either when `memberId` is absent). */
export async function validityFacts(db: AppTx, memberId?: number): Promise<ValidityFacts[]> {
  let charges = db
    .selectFrom("outbox_transfers")
    .select(["counterparty_member_id as member_id", (eb) => eb.fn.max("created_at").as("last")])
    .where("status", "=", "confirmed")
    .where("kind", "in", CHARGE_KINDS)
    .where("counterparty_member_id", "is not", null)
    .groupBy("counterparty_member_id");
  let ext = db
    .selectFrom("validity_extensions")
    .select(["member_id", (eb) => eb.fn.max("valid_until").as("until")])
    .groupBy("member_id");
  if (memberId !== undefined) {
    charges = charges.where("counterparty_member_id", "=", memberId);
    ext = ext.where("member_id", "=", memberId);
  }
  const [c, e] = await Promise.all([charges.execute(), ext.execute()]);
  const by = new Map<number, ValidityFacts>();
  const get = (id: number) => by.get(id) ?? by.set(id, { memberId: id, lastCharge: null, extendedUntil: null }).get(id)!;
  for (const r of c) if (r.member_id !== null && r.last) get(Number(r.member_id)).lastCharge = new Date(String(r.last));
  for (const r of e) if (r.until) get(Number(r.member_id)).extendedUntil = new Date(String(r.until));
  return [...by.values()];
}

/**
 * Whether a member's validity has ended now (the refund quote's `expired`): 'expired' and 'lapsed' both count,
 * so a balance past the limitation period is still quoted at the after-expiry rate (nothing forfeits it by itself;
 * refusing a lapsed claim is the operator's and counsel's call, server/features/refunds/README.md).
 */
export async function validityEnded(ctx: Pick<AppContext, "db" | "clock">, memberId: number): Promise<boolean> {
  const [f] = await validityFacts(ctx.db, memberId);
  const state = validityState(f ? validUntil(f.lastCharge, f.extendedUntil) : null, ctx.clock.now());
  return state === "expired" || state === "lapsed";
}
