import { AppError } from "../http/errors";
import { hashPin, isLegacyPinHash, verifyPassword } from "./passwords";
import type { AccountLockPolicy, Lockout } from "./lockout";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";
import { ACCOUNT_LOCK_AFTER_FAILURES, ACCOUNT_LOCK_WINDOW_HOURS, OPERATOR_ACCOUNT_LOCK_MINUTES } from "../../domain/constants";

/** Fixed hashes to compare against when the account does not exist, so timing does not reveal accounts. */
const DUMMY_HASH = "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
const DUMMY_PIN = "pin$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

/** Members' PINs: the key of their HMAC, and where a right answer stores the PIN in that form if it is still in the old slow one. */
export interface PinCheck {
  pinKey: Buffer;
  upgrade(newHash: string): Promise<void>;
}

type LoginKind = "member" | "admin";

/**
 * A login's two lockout subjects: from this client address (`address`, five tries per ten minutes, slows one
 * source), and the login from every address (`account`, ACCOUNT_LOCK_AFTER_FAILURES a day, no change of address
 * resets it). Both name what was typed, not the account found, so an unknown phone counts like a member's.
 */
export interface LoginSubject {
  kind: LoginKind;
  address: string;
  account: string;
}

/** Members re-verify identity (the password reset lifts the lock); operators have no such flow: the lock lifts itself (server/auth/README.md). */
const ACCOUNT_LOCK: Record<LoginKind, { policy: AccountLockPolicy; message: string }> = {
  member: {
    policy: { afterFailures: ACCOUNT_LOCK_AFTER_FAILURES, windowMs: ACCOUNT_LOCK_WINDOW_HOURS * 3_600_000, liftAfterMs: null },
    message: Msg.accountLockedReset,
  },
  admin: {
    policy: {
      afterFailures: ACCOUNT_LOCK_AFTER_FAILURES,
      windowMs: ACCOUNT_LOCK_WINDOW_HOURS * 3_600_000,
      liftAfterMs: OPERATOR_ACCOUNT_LOCK_MINUTES * 60_000,
    },
    message: Msg.adminAccountLocked,
  },
};

/**
 * Checks a password under a lockout subject. Locked → 423 `locked`; wrong → 400 `wrong` with
 * `data: {triesLeft}`, and the failure that reaches the limit → 423 `locked`; right → the count resets.
 * `hash` is null for an unknown account: it is refused like a wrong password and counted like one, so
 * members and strangers get the same answers (login subjects name what was typed, not the account found:
 * see `loginSubject`). The password is hashed in every case, locked included, so the answer time does
 * not tell either. A right answer clears the count only when there is one to clear (most checks have none: a
 * delete per gift for nothing).
 *
 * A login subject is also counted account-wide: locked there → 423 with the account lock's message (the
 * reset flow, or for operators the hour, lifts it), whatever the address; `triesLeft` is the smaller of the two
 * counts. A right answer does not clear the account-wide count (it proves the owner is here, not that the guesser
 * has gone); the window does.
 * `keepCount`: a second factor follows (an operator's one-time code), which clears the per-address count when it
 * is right too: a right password must not wipe the wrong codes typed after it.
 */
export async function checkPasswordWithLockout(
  lockout: Lockout,
  subject: string | LoginSubject,
  hash: string | null,
  password: string,
  messages: { locked: string; wrong: string },
  pin?: PinCheck,
  opts: { keepCount?: boolean } = {},
): Promise<void> {
  const good = await verifyPassword(password, hash ?? (pin ? DUMMY_PIN : DUMMY_HASH), pin?.pinKey);
  const address = typeof subject === "string" ? subject : subject.address;
  const account = typeof subject === "string" ? null : { subject: subject.account, ...ACCOUNT_LOCK[subject.kind] };
  // The locks are read after the check, not before: a right guess is taken only if fewer than five wrong ones were
  // recorded before it, however many requests were in flight at once (each failure is counted atomically).
  const { locked, recorded } = await lockout.status(address);
  if (account && (await lockout.account.status(account.subject, account.policy)).locked) throw new AppError(Code.LOCKED, account.message);
  if (locked) throw new AppError(Code.LOCKED, messages.locked);
  if (!hash || !good) {
    const triesLeft = await lockout.failAndCount(address);
    const accountLeft = account ? await lockout.account.failAndCount(account.subject, account.policy) : Infinity;
    if (accountLeft === 0) throw new AppError(Code.LOCKED, account!.message);
    if (triesLeft === 0) throw new AppError(Code.LOCKED, messages.locked);
    throw new AppError(Code.BAD_REQUEST, messages.wrong, { triesLeft: Math.min(triesLeft, accountLeft) });
  }
  if (recorded && !opts.keepCount) await lockout.reset(address);
  if (pin && isLegacyPinHash(hash)) await pin.upgrade(hashPin(password, pin.pinKey));
}

/**
 * The lockout subjects of a login: what was typed (phone or operator id), from the client's IP address and from
 * every address. Five wrong passwords lock that login from that address for ten minutes, so the owner logging in
 * from elsewhere is not locked out by one stranger's address (server/auth/README.md); ACCOUNT_LOCK_AFTER_FAILURES
 * from all addresses together lock the login itself (server/auth/README.md).
 */
export function loginSubject(kind: LoginKind, typed: string, ip: string | undefined): LoginSubject {
  const prefix = loginSubjectPrefix(kind, typed);
  return { kind, address: `${prefix}${ip ?? "?"}`, account: `${prefix}*` };
}

/** The prefix of every lockout subject of one identifier, every address and the account-wide one (to lift them all, e.g. after a password reset). */
export function loginSubjectPrefix(kind: LoginKind, typed: string): string {
  return `login:${kind}:${typed.trim().toLowerCase()}@`;
}
