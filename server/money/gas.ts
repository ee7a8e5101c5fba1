import type { AppContext } from "../context";
import { AppError } from "../http/errors";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";

/**
 * The gas a typical transaction of the relaying account uses, for "transactions left": a batch of two rows
 * (chain/… batch.ts budgets 120,000 + 90,000 a row); a mint or a single gift uses less, a full batch more.
 */
export const TYPICAL_TX_GAS = 300_000n;

/** How long a reading of the balance and the fee is used before the node is asked again. */
const GAS_TTL_MS = 5_000;

export interface GasAccount {
  /** What the account pays gas for. The relayer and the operator's token calls share one account (one nonce stream). */
  role: "relayer-operator";
  address: string;
  /** Native balance, wei (decimal string). */
  balanceWei: string;
  /** Transactions of TYPICAL_TX_GAS the balance pays at the recent fee. */
  txsLeft: number;
}

export interface GasStatus {
  accounts: GasAccount[];
  /** The recent fee per gas the estimate uses (the sender's fee cap: what a transaction may pay), wei. */
  feePerGasWei: string;
  /** Below GAS_WARN_TXS: operators are warned (health, dashboard). */
  low: boolean;
  /** Below GAS_REFUSE_TXS: money calls answer 503 before anything is recorded. */
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
    try {
      const address = ctx.chain.sender.address;
      const [balance, fee] = await Promise.all([ctx.chain.provider.getBalance(address), ctx.chain.provider.getFeeData()]);
      const perGas = fee.maxFeePerGas ?? fee.gasPrice ?? 1n;
      const txsLeft = Number(balance / (TYPICAL_TX_GAS * (perGas > 0n ? perGas : 1n)));
      const { warnTxs, refuseTxs } = ctx.config.gas;
      const status: GasStatus = {
        accounts: [{ role: "relayer-operator", address, balanceWei: balance.toString(), txsLeft }],
        feePerGasWei: perGas.toString(),
        low: txsLeft < warnTxs,
        refusing: txsLeft < refuseTxs,
        warnTxs,
        refuseTxs,
      };
      const before = last.get(key)?.status;
      if (status.low && !before?.low)
        ctx.log.warn({ address, txsLeft, warnTxs }, "gas: the relaying account is running out of gas money; top it up");
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
