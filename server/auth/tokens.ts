import crypto from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import type { AppDb } from "../db/app-db";

export type Audience = "web" | "operation";

export interface TokenClaims {
  sub: string;
  aud: Audience;
  jti: string;
  exp: number;
}

export interface Tokens {
  issue(aud: Audience, subject: string): Promise<{ accessToken: string; expiredAt: string }>;
  verify(token: string, aud: Audience): Promise<TokenClaims | null>;
  revoke(claims: TokenClaims): void;
}

/** HS256 JWTs with audience `web` or `operation`; logout revokes by jti until expiry. */
export function createTokens(db: AppDb, secret: Buffer, ttlMinutes: number): Tokens {
  const key = new Uint8Array(secret);
  return {
    async issue(aud, subject) {
      const exp = Math.floor(Date.now() / 1000) + ttlMinutes * 60;
      const accessToken = await new SignJWT({})
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(subject)
        .setAudience(aud)
        .setIssuer("krw-voucher")
        .setIssuedAt()
        .setJti(crypto.randomUUID())
        .setExpirationTime(exp)
        .sign(key);
      return { accessToken, expiredAt: new Date(exp * 1000).toISOString() };
    },
    async verify(token, aud) {
      try {
        const { payload } = await jwtVerify(token, key, { audience: aud, issuer: "krw-voucher", algorithms: ["HS256"] });
        if (!payload.sub || !payload.jti || !payload.exp) return null;
        if (db.prepare("SELECT 1 FROM revoked_tokens WHERE jti = ?").get(payload.jti)) return null;
        return { sub: payload.sub, aud, jti: payload.jti, exp: payload.exp };
      } catch {
        return null;
      }
    },
    revoke(claims) {
      db.prepare("INSERT OR IGNORE INTO revoked_tokens (jti, expires_at) VALUES (?, ?)").run(claims.jti, new Date(claims.exp * 1000).toISOString());
      db.prepare("DELETE FROM revoked_tokens WHERE expires_at < ?").run(new Date().toISOString());
    },
  };
}
