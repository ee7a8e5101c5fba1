import crypto from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import type { AppDb } from "../db/schema";
import { isRevoked, revokeToken } from "./auth.repo";

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
  revoke(claims: TokenClaims): Promise<void>;
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
        if (await isRevoked(db, payload.jti)) return null;
        return { sub: payload.sub, aud, jti: payload.jti, exp: payload.exp };
      } catch {
        return null;
      }
    },
    async revoke(claims) {
      await revokeToken(db, claims.jti, new Date(claims.exp * 1000).toISOString());
    },
  };
}
