import crypto from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import type { AppDb } from "../db/schema";
import { memoryBus, type Bus } from "../../db/bus";
import { cutSessions, isRevoked, revokeToken, sessionCutoff } from "./auth.repo";

export type Audience = "web" | "operation";

/** What a token may do beyond its audience's rules: `enrol` = only enrol in two-factor login (OPERATOR_2FA=required). */
export type TokenScope = "enrol";

export interface TokenClaims {
  sub: string;
  aud: Audience;
  jti: string;
  exp: number;
  /** When the token was issued, in ms. */
  iatMs: number;
  /** A limited token (see TokenScope); absent on a full one. */
  scope?: TokenScope;
}

export interface Sessions {
  issue(aud: Audience, subject: string, opts?: { scope?: TokenScope }): Promise<{ accessToken: string; expiredAt: string }>;
  /** The claims of a valid token; `ended: "allow"` also accepts a token whose sessions were ended (check `sessionEnded` later). */
  verify(token: string, aud: Audience, opts?: { ended?: "allow" }): Promise<TokenClaims | null>;
  /** Whether the token's subject had its sessions ended after it was issued. */
  sessionEnded(claims: TokenClaims): Promise<boolean>;
  revoke(claims: TokenClaims): Promise<void>;
  /**
   * Ends every session of `subject` ('m:1', 'a:2') issued until now: HTTP calls refuse those tokens,
   * and open websockets of the subject are closed (`onSessionsEnded`). Resolves to the cut-off instant (ms).
   */
  endSessions(subject: string): Promise<number>;
  /**
   * Ends every session of `subject` as endSessions does and issues the caller a token dated after the cut-off: a
   * password change from my info keeps the session that made it.
   */
  endSessionsAndRenew(aud: Audience, subject: string, opts?: { scope?: TokenScope }): Promise<{ accessToken: string; expiredAt: string }>;
  /** Called with the subject whenever endSessions runs, in this process or (through the bus) in any other. */
  onSessionsEnded(fn: (subject: string) => void): () => void;
}

/**
 * HS256 JWTs with audience `web` or `operation`; logout revokes by jti until expiry; a per-subject
 * cut-off (session_cutoffs) ends every older session at once. `iat_ms` dates a token to the millisecond,
 * so a login right after a cut-off is valid and one just before is not.
 */
/** How many verified tokens' claims stay in memory. */
const VERIFIED_CACHE_SIZE = 10_000;

/** The bus channel of ended sessions: `{subject}` (the cut-off itself is in session_cutoffs). */
const SESSIONS_ENDED = "sessions-ended";

export function createSessions(db: AppDb, secret: Buffer, ttlMinutes: number, bus: Bus = memoryBus()): Sessions {
  const key = new Uint8Array(secret);
  const sessionEnded = async (claims: TokenClaims) => {
    const cutoff = await sessionCutoff(db, claims.sub);
    return cutoff !== null && claims.iatMs <= cutoff;
  };
  /**
   * Tokens whose signature, issuer and audience were checked, with their claims (at most VERIFIED_CACHE_SIZE, least
   * recently used first out): a member's next request skips the HMAC. Expiry is checked on every use, and
   * revocation and ended sessions are read from the database every time, as before.
   */
  const verified = new Map<string, { sub: string; jti: string; exp: number; iatMs: number; scope?: TokenScope }>();
  async function checked(token: string, aud: Audience) {
    const key_ = `${aud} ${token}`;
    const hit = verified.get(key_);
    if (hit) {
      verified.delete(key_);
      if (hit.exp * 1000 <= Date.now()) return null;
      verified.set(key_, hit);
      return hit;
    }
    const { payload } = await jwtVerify(token, key, { audience: aud, issuer: "krw-voucher", algorithms: ["HS256"] });
    if (!payload.sub || !payload.jti || !payload.exp) return null;
    const iatMs = typeof payload.iat_ms === "number" ? payload.iat_ms : (payload.iat ?? 0) * 1000;
    const claims = {
      sub: payload.sub,
      jti: payload.jti,
      exp: payload.exp,
      iatMs,
      ...(payload.scope === "enrol" ? { scope: "enrol" as const } : {}),
    };
    verified.set(key_, claims);
    if (verified.size > VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
    return claims;
  }
  async function issue(aud: Audience, subject: string, iatMs = Date.now(), scope?: TokenScope) {
    const exp = Math.floor(Date.now() / 1000) + ttlMinutes * 60;
    const accessToken = await new SignJWT({ iat_ms: iatMs, ...(scope ? { scope } : {}) })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(subject)
      .setAudience(aud)
      .setIssuer("krw-voucher")
      .setIssuedAt()
      .setJti(crypto.randomUUID())
      .setExpirationTime(exp)
      .sign(key);
    return { accessToken, expiredAt: new Date(exp * 1000).toISOString() };
  }
  async function endSessions(subject: string) {
    const at = Date.now();
    await cutSessions(db, subject, at);
    // Stored first: a process told of it reads the same cut-off.
    bus.publish(SESSIONS_ENDED, { subject });
    return at;
  }
  return {
    issue: (aud, subject, opts) => issue(aud, subject, Date.now(), opts?.scope),
    async verify(token, aud, opts = {}) {
      try {
        const valid = await checked(token, aud);
        if (!valid) return null;
        if (await isRevoked(db, valid.jti)) return null;
        const claims: TokenClaims = { ...valid, aud };
        if (opts.ended !== "allow" && (await sessionEnded(claims))) return null;
        return claims;
      } catch {
        return null;
      }
    },
    async revoke(claims) {
      await revokeToken(db, claims.jti, new Date(claims.exp * 1000).toISOString());
    },
    sessionEnded,
    endSessions,
    // A token of the cut-off's own millisecond counts as ended: the renewed one is dated the next.
    endSessionsAndRenew: async (aud, subject, opts) => issue(aud, subject, (await endSessions(subject)) + 1, opts?.scope),
    onSessionsEnded(fn) {
      return bus.subscribe<{ subject: string }>(SESSIONS_ENDED, ({ subject }) => fn(subject));
    },
  };
}
