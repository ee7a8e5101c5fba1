import { z } from "zod";

/** The token's roles as the back-office shows them (KRWVoucher v3, contracts/CONFORMANCE.md), in this order. */
export const TOKEN_ROLES = [
  "DEFAULT_ADMIN_ROLE",
  "MASTER_MINTER_ROLE",
  "MINTER_ROLE",
  "BURNER_ROLE",
  "BLOCKER_ROLE",
  "PAUSER_ROLE",
  "RELAYER_ROLE",
] as const;
export type TokenRole = (typeof TOKEN_ROLES)[number];

/** Korean names of the roles (spec-free: the back-office's words for them). */
export const TOKEN_ROLE_NAMES: Record<TokenRole, string> = {
  DEFAULT_ADMIN_ROLE: "역할 관리자",
  MASTER_MINTER_ROLE: "발행 한도 관리자",
  MINTER_ROLE: "발행자",
  BURNER_ROLE: "소각자",
  BLOCKER_ROLE: "차단 관리자",
  PAUSER_ROLE: "일시정지 관리자",
  RELAYER_ROLE: "전송 대행(릴레이어)",
};

/**
 * GET /api/token/roles: who holds each role, from the index's RoleGranted / RoleRevoked events, each checked
 * against the chain now (`hasRole`); a minter's allowance read from the chain (`minterAllowance`, decimal won:
 * it may exceed 2^53).
 */
export const tokenRoles = z.object({
  token: z.string(),
  roles: z.array(
    z.object({
      role: z.enum(TOKEN_ROLES),
      name: z.string(),
      holders: z.array(
        z.object({
          address: z.string(),
          /** The wallet's owner or the operator key, when known. */
          label: z.string().nullable(),
          /** `hasRole` on chain now agrees with the index. */
          onChain: z.boolean(),
          /** Minters only: what it may still mint, in won (decimal string). */
          allowance: z.string().nullable(),
          grantedTx: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type TokenRolesDto = z.infer<typeof tokenRoles>;
