import type { Request } from "express";
import type { TokenClaims } from "./sessions";
import type { MemberRow } from "../records/members.repo";
import type { OperatorRow } from "../records/operators.repo";

/** What the auth middleware (auth/middleware.ts) found for a request: its member or operator, and the token's claims. */
interface Authed {
  member?: MemberRow;
  admin?: OperatorRow;
  /** A merchant's API key's merchant (auth/merchant-key.ts). */
  merchant?: { id: number; memberId: number; name: string };
  claims?: TokenClaims;
}

export const authOf = (req: Request) => req as Request & Authed;
