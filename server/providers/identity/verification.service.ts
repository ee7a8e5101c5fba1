import crypto from "node:crypto";
import type { AppDb } from "../../db/app-db";
import {
  claimVerification,
  deleteVerificationsExpiredBefore,
  insertVerification,
  markVerified,
  releaseVerification,
  verificationByKey,
  type VerificationRow,
} from "./verifications.repo";
import { MIN_AGE, VERIFY_KEY_TTL_MINUTES, VerifyCode } from "../../../domain/constants";
import { fullAge } from "../../../domain/format";

export type VerifyPurpose = "signup" | "reauth";

/** What an identity provider vouches for. `birth` is 'YYYY-MM-DD'. */
export interface Identity {
  name: string;
  birth: string;
  phone: string;
  carrier: string;
}

export type { VerificationRow };

/** Any code other than 0, 1417 and 1490 reads as "invalid request" (result page 3). */
export const VERIFY_INVALID = 3;
/** Reauth of a phone that is not a member: not usable for a reset. */
export const VERIFY_NOT_MEMBER = 1;

/** Keys are 192 random bits, base64url: unguessable, safe in a URL path. */
export const KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/**
 * Single-use identity-verification keys (table verifications): issued → verified (with the identity
 * and the decided code) → used. Each step is one conditional UPDATE, so a key cannot be verified or
 * used twice even by concurrent requests. A key expires VERIFY_KEY_TTL_MINUTES after issue, and a
 * verified key gets a fresh window for the password step.
 */
export interface Verifications {
  issue(purpose: VerifyPurpose, now?: Date): Promise<{ key: string; expiresAt: string }>;
  /** The row of a key still awaiting the provider's answer (issued, not expired). */
  pending(key: string, now?: Date): Promise<VerificationRow | undefined>;
  /** Records the verified identity and returns the code the opener acts on. */
  complete(key: string, identity: Identity, now?: Date): Promise<number>;
  /** A verified key's row, if it is usable for `purpose` with `code` (read only). */
  usable(key: string, purpose: VerifyPurpose, code: number, now?: Date): Promise<VerificationRow | undefined>;
  /** Marks a usable key used and returns its row; undefined when it was not usable (or lost a race). */
  claim(key: string, purpose: VerifyPurpose, code: number, now?: Date): Promise<VerificationRow | undefined>;
  /** Gives a claimed key back after the step it was claimed for failed for a transient reason. */
  release(key: string): Promise<void>;
}

export function createVerifications(db: AppDb, isMember: (phone: string) => Promise<boolean>): Verifications {
  const ttlMs = VERIFY_KEY_TTL_MINUTES * 60_000;

  /** Signup: 1417 a member already, 1490 under 19, else 0. Reauth: 1417 means "this member", else not usable. */
  const decide = async (purpose: VerifyPurpose, who: Identity, now: Date): Promise<number> => {
    const member = await isMember(who.phone);
    if (purpose === "reauth") return member ? VerifyCode.ALREADY_MEMBER : VERIFY_NOT_MEMBER;
    if (member) return VerifyCode.ALREADY_MEMBER;
    if (fullAge(who.birth, now) < MIN_AGE) return VerifyCode.UNDER_AGE;
    return VerifyCode.OK;
  };

  const api: Verifications = {
    async issue(purpose, now = new Date()) {
      const key = crypto.randomBytes(24).toString("base64url");
      const expiresAt = new Date(now.getTime() + ttlMs).toISOString();
      // Old rows carry identities; keep them a day for support, then drop them.
      await deleteVerificationsExpiredBefore(db, new Date(now.getTime() - 86_400_000).toISOString());
      await insertVerification(db, { key, purpose, expires_at: expiresAt, created_at: now.toISOString() });
      return { key, expiresAt };
    },
    async pending(key, now = new Date()) {
      if (!KEY_PATTERN.test(key)) return undefined;
      const row = await verificationByKey(db, key);
      return row && row.status === "issued" && row.expires_at > now.toISOString() ? row : undefined;
    },
    async complete(key, who, now = new Date()) {
      const row = await api.pending(key, now);
      if (!row) return VERIFY_INVALID;
      const code = await decide(row.purpose, who, now);
      // The UPDATE repeats the issued-and-unexpired check, so a key raced by two submits is verified once.
      const verified = await markVerified(
        db,
        key,
        {
          code,
          name: who.name,
          birth: who.birth,
          phone: who.phone,
          carrier: who.carrier,
          expires_at: new Date(now.getTime() + ttlMs).toISOString(),
        },
        now.toISOString(),
      );
      return verified ? code : VERIFY_INVALID;
    },
    async usable(key, purpose, code, now = new Date()) {
      if (!KEY_PATTERN.test(key)) return undefined;
      const row = await verificationByKey(db, key);
      const ok = row && row.purpose === purpose && row.status === "verified" && row.code === code && row.expires_at > now.toISOString();
      return ok ? row : undefined;
    },
    async claim(key, purpose, code, now = new Date()) {
      if (!KEY_PATTERN.test(key)) return undefined;
      return claimVerification(db, key, purpose, code, now.toISOString());
    },
    async release(key) {
      await releaseVerification(db, key);
    },
  };
  return api;
}
