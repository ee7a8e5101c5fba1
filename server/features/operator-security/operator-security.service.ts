import crypto from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import type { AppContext } from "../../context";
import type { OperatorRow } from "../../records/operators.repo";
import { AppError, badRequest } from "../../http/errors";
import { decryptSecret, encryptSecret } from "../../custody/crypto";
import {
  activatePendingSecret,
  deleteTwoFactor,
  hasRecoveryCode,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  savePendingSecret,
  spendRecoveryCode,
  spendStep,
  totpOf,
} from "./operator-security.repo";
import type { OperatorLike } from "../../../domain/admin-access";
import { OperatorPermission } from "../../../domain/constants";
import { Code } from "../../../domain/codes";
import { Msg } from "../../../domain/messages";
import type { SecurityStatus, TotpSetup } from "../../../domain/schemas/operator-security";

/** What authenticator apps show above the code. */
const ISSUER = "KRW Voucher";
/** A code of the step before or after the server's is accepted too (a phone's clock a little off, a code typed at the turn). */
const EPOCH_TOLERANCE_S = 30;
const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32 letters (no I, L, O, U): 10 of them are 50 bits, read aloud or typed without confusion. */
const RECOVERY_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** The sealed secret is bound to its operator: a row copied onto another operator does not open. */
const sealingContext = (adminId: number) => `operator-totp:${adminId}`;
const seal = (ctx: AppContext, adminId: number, secret: string) =>
  encryptSecret(secret, ctx.config.keyEncryptionKey, sealingContext(adminId));
const unseal = (ctx: AppContext, adminId: number, sealed: string) =>
  decryptSecret(sealed, ctx.config.keyEncryptionKey, sealingContext(adminId));

/**
 * The key of the recovery codes' hashes: derived from KEY_ENCRYPTION_KEY, never stored. A code has 50 bits; a keyed
 * hash makes a copy of the database alone worth nothing to a guesser (as members' PINs, server/auth/README.md).
 */
const recoveryKeys = new WeakMap<Buffer, Buffer>();
function recoveryHash(ctx: AppContext, adminId: number, code: string): string {
  const kek = ctx.config.keyEncryptionKey;
  let key = recoveryKeys.get(kek);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync("sha256", kek, Buffer.alloc(0), Buffer.from("krw-voucher operator recovery code v1"), 32));
    recoveryKeys.set(kek, key);
  }
  return crypto.createHmac("sha256", key).update(`${adminId}:${code}`).digest("base64url");
}

/** Ten new recovery codes, `XXXXX-XXXXX` (the login takes them with or without the dash, in either case). */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}
const normalized = (code: string) => code.replace(/[\s-]/g, "").toUpperCase();

/** The time step a six-digit code belongs to (RFC 6238: SHA-1, 30 s), or null when it is not the secret's. */
async function stepOf(secret: string, code: string): Promise<number | null> {
  const r = await verify({ secret, token: code, epochTolerance: EPOCH_TOLERANCE_S });
  return r.valid && "timeStep" in r ? r.timeStep : null;
}

/**
 * Whether OPERATOR_2FA=required asks this operator to enrol: permission 0. domain/constants.ts has no approver flag
 * of its own (settlement approval is isExchange2, one area flag among others), so no other operator is asked yet.
 */
export function twoFactorRequired(config: AppContext["config"], op: OperatorLike): boolean {
  return config.operatorTwoFactor === "required" && op.permission === OperatorPermission.SUPER;
}

/** Whether super admins reset the operator's second factor (dual control) and it has not enrolled again since. */
export async function twoFactorWasReset(ctx: AppContext, adminId: number): Promise<boolean> {
  const row = await totpOf(ctx.db, adminId);
  return Boolean(row?.reset_at && !row.secret);
}

/** Whether the operator's logins need a one-time code. */
export async function twoFactorEnabled(ctx: AppContext, adminId: number): Promise<boolean> {
  return Boolean((await totpOf(ctx.db, adminId))?.secret);
}

export async function securityStatus(ctx: AppContext, admin: OperatorRow): Promise<SecurityStatus> {
  const row = await totpOf(ctx.db, admin.id);
  const enabled = Boolean(row?.secret);
  return {
    enabled,
    // Required by configuration, or after a reset by super admins until the operator enrols again.
    required: twoFactorRequired(ctx.config, admin) || Boolean(row?.reset_at && !enabled),
    enabledAt: enabled ? (row!.enabled_at ?? null) : null,
    recoveryCodesLeft: enabled ? await recoveryCodesLeft(ctx.db, admin.id) : 0,
  };
}

/** Starts (or starts again) an enrolment: a new secret, pending until a first code confirms it. */
export async function startEnrolment(ctx: AppContext, admin: OperatorRow): Promise<TotpSetup> {
  const secret = generateSecret();
  if (!(await savePendingSecret(ctx.db, admin.id, seal(ctx, admin.id, secret)))) throw new AppError(Code.CONFLICT, Msg.otpAlreadyEnabled);
  return { secret, otpauthUrl: generateURI({ issuer: ISSUER, label: admin.login_id, secret }) };
}

/**
 * Confirms the pending secret with its first code: in force from now (that code spent), with ten new recovery codes,
 * returned this once.
 */
export async function confirmEnrolment(ctx: AppContext, admin: OperatorRow, code: string): Promise<string[]> {
  const row = await totpOf(ctx.db, admin.id);
  if (row?.secret) throw new AppError(Code.CONFLICT, Msg.otpAlreadyEnabled);
  if (!row?.pending_secret) throw badRequest(Msg.otpSetupFirst);
  const step = await stepOf(unseal(ctx, admin.id, row.pending_secret), code);
  if (step === null) throw badRequest(Msg.otpWrong);
  const codes = newRecoveryCodes();
  const done = await ctx.db.transaction().execute(async (trx) => {
    if (!(await activatePendingSecret(trx, admin.id, row.pending_secret!, step))) return false;
    await replaceRecoveryCodes(
      trx,
      admin.id,
      codes.map((c) => recoveryHash(ctx, admin.id, normalized(c))),
    );
    return true;
  });
  if (!done) throw badRequest(Msg.otpSetupFirst);
  return codes;
}

/** Turns two-factor login off, on a current code (counted like a login's: a wrong one toward the operator's lock). */
export async function disableTwoFactor(ctx: AppContext, admin: OperatorRow, code: string): Promise<void> {
  if (!(await twoFactorEnabled(ctx, admin.id))) throw badRequest(Msg.otpNotEnabled);
  await checkCodeWithLockout(ctx, admin.id, code, [otpSubject(admin.id)]);
  await deleteTwoFactor(ctx.db, admin.id);
}

/**
 * The lockout subject of an operator's one-time codes, whatever the address: five wrong codes lock the second factor
 * for ten minutes, so someone holding the password and many addresses still gets five guesses per ten minutes in all.
 */
export const otpSubject = (adminId: number) => `otp:a:${adminId}`;

type Verdict = { good: true; kind: "totp" | "recovery"; spend: () => Promise<boolean> } | { good: false; reused: boolean };

/** Checks a code without spending it: the app's six digits of a step after the last one accepted, or an unused recovery code. */
async function judge(ctx: AppContext, adminId: number, code: string): Promise<Verdict> {
  const row = await totpOf(ctx.db, adminId);
  if (!row?.secret) return { good: false, reused: false };
  if (/^\d{6}$/.test(code)) {
    const step = await stepOf(unseal(ctx, adminId, row.secret), code);
    if (step === null) return { good: false, reused: false };
    if (row.last_step !== null && step <= Number(row.last_step)) return { good: false, reused: true };
    return { good: true, kind: "totp", spend: () => spendStep(ctx.db, adminId, step) };
  }
  const hash = recoveryHash(ctx, adminId, normalized(code));
  if (!(await hasRecoveryCode(ctx.db, adminId, hash))) return { good: false, reused: false };
  return { good: true, kind: "recovery", spend: () => spendRecoveryCode(ctx.db, adminId, hash) };
}

/**
 * Checks a one-time code under lockout subjects (a login's: its per-address login subject and the operator's own).
 * As with passwords (server/auth/check-password.ts) the locks are read after the check: locked → 423; wrong, replayed
 * or spent by a request in flight → each subject counts a failure, 400 with `data: {triesLeft}` (the fewest left), or
 * 423 when one locks; right → spent (a TOTP step, a recovery code: once) and the counts cleared.
 */
export async function checkCodeWithLockout(
  ctx: AppContext,
  adminId: number,
  code: string,
  subjects: string[],
): Promise<"totp" | "recovery"> {
  const verdict = await judge(ctx, adminId, code);
  const states = await Promise.all(subjects.map((s) => ctx.lockout.status(s)));
  if (states.some((s) => s.locked)) throw new AppError(Code.LOCKED, Msg.otpLocked);
  if (verdict.good && (await verdict.spend())) {
    for (const [i, s] of subjects.entries()) if (states[i]!.recorded) await ctx.lockout.reset(s);
    return verdict.kind;
  }
  let triesLeft = Number.POSITIVE_INFINITY;
  for (const s of subjects) triesLeft = Math.min(triesLeft, await ctx.lockout.failAndCount(s));
  if (triesLeft === 0) throw new AppError(Code.LOCKED, Msg.otpLocked);
  throw new AppError(Code.BAD_REQUEST, verdict.good || verdict.reused ? Msg.otpReused : Msg.otpWrong, { triesLeft });
}
