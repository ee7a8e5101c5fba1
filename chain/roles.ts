import { ethers } from "ethers";
import type { Journal } from "./journal";
import { journaledRpc, type Sender } from "./sender";
import { localSigner, type TxSigner } from "./tx-signer";

/**
 * The accounts that send the project's transactions, one key each (issue 35: the key that relays gifts is not the key
 * that mints or burns). `admin` deploys the token and grants the roles (DEFAULT_ADMIN_ROLE); `relayer` relays
 * gifts and pays their gas (the historical "operator" key: OPERATOR_PRIVATE_KEY); the others hold one role each.
 */
export const ROLE_ACCOUNTS = ["admin", "masterMinter", "minter", "burner", "blocker", "pauser", "relayer"] as const;
export type RoleAccount = (typeof ROLE_ACCOUNTS)[number];

/** The contract role each account holds. */
export const ACCOUNT_ROLE: Record<RoleAccount, string> = {
  admin: "DEFAULT_ADMIN_ROLE",
  masterMinter: "MASTER_MINTER_ROLE",
  minter: "MINTER_ROLE",
  burner: "BURNER_ROLE",
  blocker: "BLOCKER_ROLE",
  pauser: "PAUSER_ROLE",
  relayer: "RELAYER_ROLE",
};

/** The environment variable giving an account's key for an external chain (docs/configuration.md). */
export const ROLE_KEY_ENV: Record<RoleAccount, string> = {
  admin: "ADMIN_PRIVATE_KEY",
  masterMinter: "MASTER_MINTER_PRIVATE_KEY",
  minter: "MINTER_PRIVATE_KEY",
  burner: "BURNER_PRIVATE_KEY",
  blocker: "BLOCKER_PRIVATE_KEY",
  pauser: "PAUSER_PRIVATE_KEY",
  relayer: "OPERATOR_PRIVATE_KEY",
};

/** Which account sends each operator call on the token (server/money/chain-calls.ts). */
export const METHOD_ACCOUNT = {
  mint: "minter",
  burn: "burner",
  blockAccount: "blocker",
  unblockAccount: "blocker",
  pause: "pauser",
  unpause: "pauser",
  configureMinter: "masterMinter",
  increaseMinterAllowance: "masterMinter",
  removeMinter: "masterMinter",
} as const satisfies Record<string, RoleAccount>;

export const roleId = (role: string) => (role === "DEFAULT_ADMIN_ROLE" ? ethers.ZeroHash : ethers.id(role));

/** The embedded node's gas money for each account at deployment (journaled: a replay gives it again). */
export const EMBEDDED_GAS_WEI = 10n ** 24n;
/**
 * On an external chain, an account with no native coin at deployment is sent this much by the relaying account (the
 * one whose key the configuration gives with gas money): enough for its share of a deployment and years of an
 * operator's calls at a few gwei. Top-ups later are the operators' (the gas card shows every account).
 */
export const EXTERNAL_ROLE_GAS_WEI = 10n ** 18n;

/** Each distinct account's sender once (two roles may share a key: tools and tests). */
export const distinctSenders = (senders: Record<RoleAccount, Sender>) => [...new Set(Object.values(senders))];

/** Gives every account gas money before the deployment: set on the embedded node (journaled), sent on an external chain. */
export async function fundAccounts(
  senders: Record<RoleAccount, Sender>,
  opts: { embedded: boolean; provider: ethers.JsonRpcProvider; journal: Journal },
): Promise<void> {
  for (const s of distinctSenders(senders)) {
    if (opts.embedded) {
      await journaledRpc(opts.provider, opts.journal, "hardhat_setBalance", [s.address, `0x${EMBEDDED_GAS_WEI.toString(16)}`]);
      continue;
    }
    if (s === senders.relayer || (await opts.provider.getBalance(s.address)) > 0n) continue;
    const r = await senders.relayer.send({ to: s.address, value: EXTERNAL_ROLE_GAS_WEI });
    if (r.status !== 1) throw new Error(`funding ${s.address} failed`);
  }
}

/**
 * The roles after the deployment (made by `admin`, which holds DEFAULT_ADMIN_ROLE from the constructor): each account
 * is granted its role, then the master minter configures the minter with `mintAllowance`.
 */
export async function grantRoles(
  senders: Record<RoleAccount, Sender>,
  token: string,
  iface: ethers.Interface,
  mintAllowance: bigint,
): Promise<ethers.TransactionReceipt> {
  for (const account of ["masterMinter", "burner", "blocker", "pauser", "relayer"] as const) {
    const role = ACCOUNT_ROLE[account];
    const data = iface.encodeFunctionData("grantRole", [roleId(role), senders[account].address]);
    const r = await senders.admin.send({ to: token, data });
    if (r.status !== 1) throw new Error(`grantRole ${role} failed`);
  }
  const data = iface.encodeFunctionData("configureMinter", [senders.minter.address, mintAllowance]);
  const r = await senders.masterMinter.send({ to: token, data });
  if (r.status !== 1) throw new Error("configureMinter failed");
  return r;
}

/**
 * A DATA_DIR whose deployment does not have the role accounts this process is configured with: deployed before the
 * roles were split across keys (one operator key held them all), or started now with other keys. Never run the
 * money engine with keys that would be refused on chain; what to do is in the message.
 */
export class RoleKeysMismatchError extends Error {
  constructor(dataDir: string, detail: string) {
    super(
      `chain: the token deployment in ${dataDir} does not have this configuration's role keys (${detail}). ` +
        "If DATA_DIR was made before the roles were split across keys (one operator key held every role), move it away " +
        "(e.g. mv data data.single-key) and start again on a fresh DATA_DIR: a new token is deployed with one key per role. " +
        "If the keys were changed by mistake, give the recorded ones back (ADMIN_PRIVATE_KEY, MINTER_PRIVATE_KEY, …, " +
        "REMOTE_SIGNER_ACCOUNTS). See chain/README.md.",
    );
    this.name = "RoleKeysMismatchError";
  }
}

/**
 * Null when the recorded role accounts are this configuration's, else the refusal (no chain read: a replay may still be
 * bringing the grants back).
 */
export function roleKeysRefusal(
  dataDir: string,
  recorded: Partial<Record<RoleAccount, string>> | undefined,
  senders: Record<RoleAccount, Sender>,
): RoleKeysMismatchError | null {
  if (!recorded) return new RoleKeysMismatchError(dataDir, "it records no role accounts: one operator key holds every role");
  const wrong = ROLE_ACCOUNTS.filter((a) => recorded[a]?.toLowerCase() !== senders[a].address.toLowerCase());
  if (wrong.length === 0) return null;
  return new RoleKeysMismatchError(
    dataDir,
    wrong.map((a) => `${a}: recorded ${recorded[a] ?? "none"}, configured ${senders[a].address}`).join("; "),
  );
}

/** Each account's signer: the relaying one's is `operatorKey`; another not given in `roleKeys` is `operatorKey` too. */
export function roleSignersOf(
  operatorKey: string | TxSigner,
  roleKeys: Partial<Record<Exclude<RoleAccount, "relayer">, string | TxSigner>> | undefined,
): Record<RoleAccount, TxSigner> {
  const signer = (k: string | TxSigner) => (typeof k === "string" ? localSigner(k) : k);
  const pick = (a: RoleAccount) => signer((a === "relayer" ? null : roleKeys?.[a]) ?? operatorKey);
  return Object.fromEntries(ROLE_ACCOUNTS.map((a) => [a, pick(a)])) as Record<RoleAccount, TxSigner>;
}

/** One sender per distinct account (roles sharing a key share its sender: one nonce stream per key). */
export function createRoleSenders(signers: Record<RoleAccount, TxSigner>, make: (signer: TxSigner) => Sender): Record<RoleAccount, Sender> {
  const byAddress = new Map<string, Sender>();
  const out = {} as Record<RoleAccount, Sender>;
  for (const account of ROLE_ACCOUNTS) {
    const signer = signers[account];
    const key = signer.address.toLowerCase();
    if (!byAddress.has(key)) byAddress.set(key, make(signer));
    out[account] = byAddress.get(key)!;
  }
  return out;
}

/** Runs `fn` while no account sends (a journal replay): each sender's `exclusive`, nested. */
export function exclusiveAll<T>(senders: Sender[], fn: () => Promise<T>): Promise<T> {
  const [first, ...rest] = senders;
  return first ? first.exclusive(() => exclusiveAll(rest, fn)) : fn();
}
