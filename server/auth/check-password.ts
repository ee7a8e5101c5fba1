import { AppError } from "../http/errors";
import { hashPin, isLegacyPinHash, verifyPassword } from "./passwords";
import type { Lockout } from "./lockout";
import { Code } from "../../domain/codes";

/** Fixed hashes to compare against when the account does not exist, so timing does not reveal accounts. */
const DUMMY_HASH = "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
const DUMMY_PIN = "pin$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

/** Members' PINs: the key of their HMAC, and where a right answer stores the PIN in that form if it is still in the old slow one. */
export interface PinCheck {
  pinKey: Buffer;
  upgrade(newHash: string): Promise<void>;
}

/**
 * Checks a password under a lockout subject. Locked → 423 `locked`; wrong → 400 `wrong` with
 * `data: {triesLeft}`, and the failure that reaches the limit → 423 `locked`; right → the count resets.
 * `hash` is null for an unknown account: it is refused like a wrong password and counted like one, so
 * members and strangers get the same answers (login subjects name what was typed, not the account found:
 * see `loginSubject`). The password is hashed in every case, locked included, so the answer time does
 * not tell either. A right answer clears the count only when there is one to clear (most checks have none: a
 * delete per gift for nothing). `keepCount`: a second factor follows (an operator's one-time code), which clears the
 * count when it is right too: a right password must not wipe the wrong codes typed after it.
 */
export async function checkPasswordWithLockout(
  lockout: Lockout,
  subject: string,
  hash: string | null,
  password: string,
  messages: { locked: string; wrong: string },
  pin?: PinCheck,
  opts: { keepCount?: boolean } = {},
): Promise<void> {
  const good = await verifyPassword(password, hash ?? (pin ? DUMMY_PIN : DUMMY_HASH), pin?.pinKey);
  // The lock is read after the check, not before: a right guess is taken only if fewer than five wrong ones were
  // recorded before it, however many requests were in flight at once (each failure is counted atomically).
  const { locked, recorded } = await lockout.status(subject);
  if (locked) throw new AppError(Code.LOCKED, messages.locked);
  if (!hash || !good) {
    const triesLeft = await lockout.failAndCount(subject);
    if (triesLeft === 0) throw new AppError(Code.LOCKED, messages.locked);
    throw new AppError(Code.BAD_REQUEST, messages.wrong, { triesLeft });
  }
  if (recorded && !opts.keepCount) await lockout.reset(subject);
  if (pin && isLegacyPinHash(hash)) await pin.upgrade(hashPin(password, pin.pinKey));
}

/**
 * The lockout subject of a login: what was typed (phone or operator id) and the client's IP address.
 * Five wrong passwords lock that login from that address for ten minutes; the owner logging in from
 * elsewhere is not locked out by a stranger (server/auth/README.md).
 */
export function loginSubject(kind: "member" | "admin", typed: string, ip: string | undefined): string {
  return `login:${kind}:${typed.trim().toLowerCase()}@${ip ?? "?"}`;
}

/** The prefix of every login subject of one identifier (to lift them all, e.g. after a password reset). */
export function loginSubjectPrefix(kind: "member" | "admin", typed: string): string {
  return `login:${kind}:${typed.trim().toLowerCase()}@`;
}
