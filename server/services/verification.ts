import crypto from "node:crypto";
import type { AppDb } from "../db/app-db";
import { MIN_AGE, VERIFY_KEY_TTL_MINUTES, VerifyCode } from "../../domain/constants";
import { fullAge } from "../../domain/format";

export type VerifyPurpose = "signup" | "reauth";

/** What an identity provider vouches for. `birth` is 'YYYY-MM-DD'. */
export interface Identity {
  name: string;
  birth: string;
  phone: string;
  carrier: string;
}

export interface VerificationRow {
  key: string;
  purpose: VerifyPurpose;
  status: "issued" | "verified" | "used";
  code: number | null;
  name: string | null;
  birth: string | null;
  phone: string | null;
  carrier: string | null;
  expires_at: string;
  created_at: string;
}

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
  issue(purpose: VerifyPurpose, now?: Date): { key: string; expiresAt: string };
  /** The row of a key still awaiting the provider's answer (issued, not expired). */
  pending(key: string, now?: Date): VerificationRow | undefined;
  /** Records the verified identity and returns the code the opener acts on. */
  complete(key: string, identity: Identity, now?: Date): number;
  /** A verified key's row, if it is usable for `purpose` with `code` (read only). */
  usable(key: string, purpose: VerifyPurpose, code: number, now?: Date): VerificationRow | undefined;
  /** Marks a usable key used and returns its row; undefined when it was not usable (or lost a race). */
  claim(key: string, purpose: VerifyPurpose, code: number, now?: Date): VerificationRow | undefined;
  /** Gives a claimed key back after the step it was claimed for failed for a transient reason. */
  release(key: string): void;
}

export function createVerifications(db: AppDb, isMember: (phone: string) => boolean): Verifications {
  const ttlMs = VERIFY_KEY_TTL_MINUTES * 60_000;
  const get = db.prepare("SELECT * FROM verifications WHERE key = ?");

  /** Signup: 1417 a member already, 1490 under 19, else 0. Reauth: 1417 means "this member", else not usable. */
  const decide = (purpose: VerifyPurpose, who: Identity, now: Date): number => {
    const member = isMember(who.phone);
    if (purpose === "reauth") return member ? VerifyCode.ALREADY_MEMBER : VERIFY_NOT_MEMBER;
    if (member) return VerifyCode.ALREADY_MEMBER;
    if (fullAge(who.birth, now) < MIN_AGE) return VerifyCode.UNDER_AGE;
    return VerifyCode.OK;
  };

  const api: Verifications = {
    issue(purpose, now = new Date()) {
      const key = crypto.randomBytes(24).toString("base64url");
      const expiresAt = new Date(now.getTime() + ttlMs).toISOString();
      // Old rows carry identities; keep them a day for support, then drop them.
      db.prepare("DELETE FROM verifications WHERE expires_at < ?").run(new Date(now.getTime() - 86_400_000).toISOString());
      db.prepare("INSERT INTO verifications (key, purpose, status, expires_at, created_at) VALUES (?, ?, 'issued', ?, ?)").run(
        key,
        purpose,
        expiresAt,
        now.toISOString(),
      );
      return { key, expiresAt };
    },
    pending(key, now = new Date()) {
      if (!KEY_PATTERN.test(key)) return undefined;
      const row = get.get(key) as VerificationRow | undefined;
      return row && row.status === "issued" && row.expires_at > now.toISOString() ? row : undefined;
    },
    complete(key, who, now = new Date()) {
      return db.transaction(() => {
        const row = api.pending(key, now);
        if (!row) return VERIFY_INVALID;
        const code = decide(row.purpose, who, now);
        const changed = db
          .prepare(
            `UPDATE verifications SET status = 'verified', code = ?, name = ?, birth = ?, phone = ?, carrier = ?, expires_at = ?
             WHERE key = ? AND status = 'issued'`,
          )
          .run(code, who.name, who.birth, who.phone, who.carrier, new Date(now.getTime() + ttlMs).toISOString(), key).changes;
        return changed === 1 ? code : VERIFY_INVALID;
      })();
    },
    usable(key, purpose, code, now = new Date()) {
      if (!KEY_PATTERN.test(key)) return undefined;
      const row = get.get(key) as VerificationRow | undefined;
      const ok = row && row.purpose === purpose && row.status === "verified" && row.code === code && row.expires_at > now.toISOString();
      return ok ? row : undefined;
    },
    claim(key, purpose, code, now = new Date()) {
      if (!KEY_PATTERN.test(key)) return undefined;
      return db
        .prepare(
          `UPDATE verifications SET status = 'used'
           WHERE key = ? AND purpose = ? AND status = 'verified' AND code = ? AND expires_at > ? RETURNING *`,
        )
        .get(key, purpose, code, now.toISOString()) as VerificationRow | undefined;
    },
    release(key) {
      db.prepare("UPDATE verifications SET status = 'verified' WHERE key = ? AND status = 'used'").run(key);
    },
  };
  return api;
}
