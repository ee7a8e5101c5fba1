import { ethers } from "ethers";
import type { AppContext } from "../../context";
import { ownerNames } from "../../records/owner-names";
import type { RoleAccount } from "../../../chain/roles";
import { TOKEN_ROLE_NAMES, TOKEN_ROLES, type TokenRole, type TokenRolesDto } from "../../../domain/schemas/token-roles";

/** How the screen names the project's own role accounts (chain/roles.ts: one key per role). */
export const ROLE_ACCOUNT_LABELS: Record<RoleAccount, string> = {
  admin: "관리 키 (admin)",
  masterMinter: "발행 한도 관리 키 (master minter)",
  minter: "발행 키 (minter)",
  burner: "소각 키 (burner)",
  blocker: "차단 키 (blocker)",
  pauser: "일시정지 키 (pauser)",
  relayer: "전송 대행 키 (relayer)",
};

/** How many role events the screen reads back (grants and revocations are rare: a handful per key rotation). */
export const ROLE_EVENTS_READ = 1_000;

const roleId = (role: TokenRole) => (role === "DEFAULT_ADMIN_ROLE" ? ethers.ZeroHash : ethers.id(role));

/**
 * Who holds each role: the index's RoleGranted / RoleRevoked events replayed in chain order give the holders; each is
 * then asked of the chain (`hasRole`), so a screen never shows a role the chain does not hold without saying so; a
 * minter's allowance is `minterAllowance` read now.
 */
export async function tokenRoles(ctx: Pick<AppContext, "db" | "view" | "chain">): Promise<TokenRolesDto> {
  const events = await ctx.view.tokenEvents({ kind: ["role_granted", "role_revoked"], limit: ROLE_EVENTS_READ });
  const ordered = [...events.items].sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
  const held = new Map<TokenRole, Map<string, string>>(TOKEN_ROLES.map((r) => [r, new Map()]));
  for (const e of ordered) {
    const role = (e.data?.role as string | undefined) ?? "";
    const holders = held.get(role as TokenRole);
    if (!holders || !e.account) continue;
    if (e.kind === "role_granted") holders.set(e.account, e.txHash);
    else holders.delete(e.account);
  }
  const token = ctx.chain.token;
  // The project's keys by address (several roles on one key: each named).
  const own = new Map<string, string[]>();
  for (const [account, sender] of Object.entries(ctx.chain.senders) as [RoleAccount, { address: string }][])
    own.set(sender.address, [...(own.get(sender.address) ?? []), ROLE_ACCOUNT_LABELS[account]]);
  const addresses = [...new Set([...held.values()].flatMap((m) => [...m.keys()]))];
  const names = await ownerNames(ctx.db, addresses);
  const roles = await Promise.all(
    TOKEN_ROLES.map(async (role) => ({
      role,
      name: TOKEN_ROLE_NAMES[role],
      holders: await Promise.all(
        [...held.get(role)!].map(async ([address, grantedTx]) => {
          const [onChain, allowance] = await Promise.all([
            token.hasRole(roleId(role), address) as Promise<boolean>,
            role === "MINTER_ROLE" ? (token.minterAllowance(address) as Promise<bigint>) : Promise.resolve(null),
          ]);
          return {
            address,
            label: own.get(address)?.join(", ") ?? names.get(address) ?? null,
            onChain,
            allowance: allowance === null ? null : allowance.toString(),
            grantedTx,
          };
        }),
      ),
    })),
  );
  return { token: ctx.chain.deployment.token, roles };
}
