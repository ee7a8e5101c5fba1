import type { AppContext } from "../../context";
import { hashPin } from "../../auth/passwords";
import { loginSubjectPrefix } from "../../auth/check-password";
import { clearAccountLockoutsLike, clearLockoutsLike } from "../../auth/auth.repo";
import { insertMember, memberById, type MemberRow } from "../../records/members.repo";

export interface NewMember {
  phonenumber: string;
  username: string;
  password: string;
  birth?: string | null;
  carrier?: string | null;
  permission?: MemberRow["permission"];
  nickname?: string | null;
  email?: string | null;
}

/**
 * Creates a member and its custodial wallet in one transaction. Throws on a duplicate phone. Login locks counted
 * against the phone before it was a member's (a stranger's guesses count like a member's) are lifted: the new
 * member has just verified their identity, as a password reset does.
 */
export async function createMember(
  ctx: Pick<AppContext, "db" | "custody" | "config">,
  m: NewMember,
): Promise<MemberRow & { address: string }> {
  const { password, ...record } = m;
  const password_hash = hashPin(password, ctx.config.pinKey);
  return ctx.db.transaction().execute(async (trx) => {
    const id = await insertMember(trx, { ...record, password_hash });
    const prefix = loginSubjectPrefix("member", record.phonenumber);
    await clearLockoutsLike(trx, prefix);
    await clearAccountLockoutsLike(trx, prefix);
    const wallet = await ctx.custody.createWallet("member", { memberId: id }, trx);
    const row = (await memberById(trx, id))!;
    return { ...row, address: wallet.address };
  });
}

/** Whether a duplicate-key error from either store (a phone signed up twice at once). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "23505";
}
