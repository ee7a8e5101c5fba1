import type { AppDb } from "./db/schema";
import type { Config } from "./config";
import type { Custody } from "./custody/keys";
import { walletByKindAndNickname } from "./custody/wallets.repo";
import { ROLE_ACCOUNTS, ROLE_KEY_ENV, type RoleAccount } from "../chain/roles";
import { localSigner, remoteAccounts, remoteSigner, type TxSigner } from "../chain/tx-signer";

/**
 * The custodial wallet (kind 'sender') of each role account, by nickname. The relaying account keeps the nickname
 * the single operator key had ("operator"), so a store made before the split finds its gas payer again.
 */
export const ROLE_NICKNAME: Record<RoleAccount, string> = {
  relayer: "operator",
  admin: "role:admin",
  masterMinter: "role:masterMinter",
  minter: "role:minter",
  burner: "role:burner",
  blocker: "role:blocker",
  pauser: "role:pauser",
};

/**
 * Each role account's signer, in this order of preference: the remote signer when REMOTE_SIGNER_ACCOUNTS names the
 * role (checked against its `eth_accounts` now: a signer that does not hold the account stops the start); the key the
 * configuration gives (OPERATOR_PRIVATE_KEY, MINTER_PRIVATE_KEY…); the role's sealed custodial key (made on first
 * start, AES-256-GCM like every custodial key: custody/keys.ts). With RPC_URL the relaying account's key must be given
 * (it pays for everything, the other accounts' first gas included: chain/roles.ts `fundAccounts`), unless a store
 * shared with another process already holds it. No key is logged or returned anywhere else.
 */
export async function roleSigners(
  config: Pick<Config, "rpcUrl" | "operatorPrivateKey" | "roleKeys" | "remoteSigner">,
  db: AppDb,
  custody: Custody,
): Promise<Record<RoleAccount, TxSigner>> {
  const remote = config.remoteSigner;
  const held = remote ? new Set((await remoteAccounts(remote.url)).map((a) => a.toLowerCase())) : new Set<string>();
  const out = {} as Record<RoleAccount, TxSigner>;
  // The relaying account first: on a fresh store its wallet is the first of kind 'sender', as the single key's was.
  for (const account of ["relayer", ...ROLE_ACCOUNTS.filter((a) => a !== "relayer")] as RoleAccount[]) {
    const address = remote?.accounts[account];
    if (remote && address) {
      if (!held.has(address.toLowerCase()))
        throw new Error(`REMOTE_SIGNER_ACCOUNTS: the remote signer at ${remote.url} does not hold ${address} (${account})`);
      out[account] = remoteSigner(remote.url, address);
      continue;
    }
    const given = account === "relayer" ? config.operatorPrivateKey : config.roleKeys[account];
    if (given) {
      out[account] = localSigner(given);
      continue;
    }
    let wallet = await walletByKindAndNickname(db, "sender", ROLE_NICKNAME[account]);
    if (!wallet) {
      if (account === "relayer" && config.rpcUrl)
        throw new Error(`${ROLE_KEY_ENV.relayer} is required with RPC_URL (the account that pays gas)`);
      wallet = await custody.createWallet("sender", { nickname: ROLE_NICKNAME[account] });
    }
    out[account] = localSigner((await custody.signerFor(wallet.address)).privateKey);
  }
  return out;
}
