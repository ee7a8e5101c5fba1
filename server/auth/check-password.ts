import { AppError } from "../http/errors";
import { verifyPassword } from "./passwords";
import type { Lockout } from "./lockout";
import { Code } from "../../domain/codes";

/** A fixed hash to compare against when the account does not exist, so timing does not reveal accounts. */
const DUMMY_HASH = "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

/**
 * Checks a password under a lockout subject ('member:1', 'admin:2', 'pay:1'). Locked → 423 `locked`;
 * wrong → 400 `wrong` with `data: {triesLeft}`, and the failure that reaches the limit → 423 `locked`;
 * right → the count resets. `hash` is null for an unknown account: it is refused like a wrong password,
 * and counted under its own subject (e.g. 'phone:010…'), so the answers cannot tell the two apart.
 */
export async function checkPasswordWithLockout(
  lockout: Lockout,
  subject: string | null,
  hash: string | null,
  password: string,
  messages: { locked: string; wrong: string },
): Promise<void> {
  if (subject && (await lockout.isLocked(subject))) throw new AppError(Code.LOCKED, messages.locked);
  const good = await verifyPassword(password, hash ?? DUMMY_HASH);
  if (!subject || !hash || !good) {
    if (!subject) throw new AppError(Code.BAD_REQUEST, messages.wrong);
    const triesLeft = await lockout.failAndCount(subject);
    if (triesLeft === 0) throw new AppError(Code.LOCKED, messages.locked);
    throw new AppError(Code.BAD_REQUEST, messages.wrong, { triesLeft });
  }
  await lockout.reset(subject);
}
