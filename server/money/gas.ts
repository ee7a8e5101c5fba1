import type { AppContext } from "../context";
import { AppError } from "../http/errors";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";
import { ROLE_ACCOUNTS, type RoleAccount } from "../../chain/roles";

/**
 * The gas a typical transaction of the relaying account uses, for "transactions left": a batch of two rows
 * (chain/… batch.ts budgets 120,000 + 90,000 a row); a mint or a single gift uses less, a full batch more.
 */
export const TYPICAL_TX_GAS = 300_000n;

/** How long a reading of the balance and the fee is used before the node is asked again. */
const GAS_TTL_MS = 5_000;

export interface GasAccount {
  /** The role accounts this key is (chain/roles.ts): one each, unless a configuration gives two roles one key. */
  roles: RoleAccount[];
  /** Who signs its transactions: a key held by this process, or the remote signer (REMOTE_SIGNER_URL). */
  signer: "local" | "remote";
  address: string;
  /** Native balance, wei (decimal string). */
  balanceWei: string;
  /** Transactions of TYPICAL_TX_GAS the balance pays at the recent fee. */
  txsLeft: number;
  /** Below GAS_WARN_TXS. */
  low: boolean;
}

export interface GasStatus {
  /** Every sending account, the relaying one first (its refusal is the money calls'). */
  accounts: GasAccount[];
  /** The recent fee per gas the estimate uses (the sender's fee cap: what a transaction may pay), wei. */
  feePerGasWei: string;
  /** Any account below GAS_WARN_TXS: operators are warned (health, dashboard). */
  low: boolean;
  /** The relaying account below GAS_REFUSE_TXS: money calls answer 503 before anything is recorded. */
  refusing: boolean;
  warnTxs: number;
  refuseTxs: number;
}

const last = new WeakMap<object, { status: GasStatus; at: number }>();
const asking = new WeakMap<object, Promise<GasStatus>>();

/** The gas-paying account's balance and what it still pays for, read from the node (shared, at most every 5 s). */
export async function gasStatus(ctx: Pick<AppContext, "chain" | "config" | "log">, fresh = false): Promise<GasStatus> {
  const key = ctx.chain.provider;
  const known = last.get(key);
  if (!fresh && known && Date.now() - known.at < GAS_TTL_MS) return known.status;
  const pending = asking.get(key);
  if (pending) return pending;
  const ask = (async () => {
    // A node being replayed (after a restart of the embedded node) does not have the accounts' gas yet: what it
    // answers meanwhile is shown but not kept, so the first money call after the replay reads the balances again.
    const resolved = ctx.chain.sendable();
    try {
      const { warnTxs, refuseTxs } = ctx.config.gas;
      // One line per key, the relaying account's first.
      const byKey = new Map<string, RoleAccount[]>();
      for (const role of ["relayer", ...ROLE_ACCOUNTS.filter((a) => a !== "relayer")] as RoleAccount[]) {
        const address = ctx.chain.senders[role].address;
        byKey.set(address, [...(byKey.get(address) ?? []), role]);
      }
      const [balances, fee] = await Promise.all([
        Promise.all([...byKey.keys()].map((a) => ctx.chain.provider.getBalance(a))),
        ctx.chain.provider.getFeeData(),
      ]);
      const perGas = fee.maxFeePerGas ?? fee.gasPrice ?? 1n;
      const accounts: GasAccount[] = [...byKey].map(([address, roles], i) => {
        const txsLeft = Number(balances[i] / (TYPICAL_TX_GAS * (perGas > 0n ? perGas : 1n)));
        const signer = ctx.chain.senders[roles[0]].signer;
        return { roles, signer, address, balanceWei: balances[i].toString(), txsLeft, low: txsLeft < warnTxs };
      });
      const status: GasStatus = {
        accounts,
        feePerGasWei: perGas.toString(),
        low: accounts.some((a) => a.low),
        refusing: accounts[0].txsLeft < refuseTxs,
        warnTxs,
        refuseTxs,
      };
      if (!resolved || !ctx.chain.sendable()) return status;
      const before = last.get(key)?.status;
      for (const a of accounts)
        if (a.low && !before?.accounts.find((b) => b.address === a.address)?.low)
          ctx.log.warn(
            { address: a.address, roles: a.roles, txsLeft: a.txsLeft, warnTxs },
            "gas: a sending account is running out of gas money; top it up",
          );
      last.set(key, { status, at: Date.now() });
      return status;
    } finally {
      asking.delete(key);
    }
  })();
  asking.set(key, ask);
  return ask;
}

/**
 * Refuses a money call with 503 in Korean (nothing recorded) when the gas-paying account has less than GAS_REFUSE_TXS
 * transactions' worth left: the move would be recorded and then wait for gas, or be sent and stall every later one.
 * A node that does not answer is ensureChainUp's to report; this lets the call through then.
 */
export async function ensureGas(ctx: Pick<AppContext, "chain" | "config" | "log">): Promise<void> {
  let status: GasStatus;
  try {
    status = await gasStatus(ctx);
  } catch {
    return;
  }
  if (status.refusing) throw new AppError(Code.CHAIN_UNAVAILABLE, Msg.gasLow);
}
