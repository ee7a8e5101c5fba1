import type { Job } from "../job";
import { Msg } from "../../domain/messages";
import { gasStatus } from "./gas";

/**
 * The realtime gas warning: in the process that leads (relays), the gas-paying account is read every `everyMs`
 * (GAS_WATCH_MS, default 10 s); when it falls below GAS_WARN_TXS transactions' worth, one operator notification '가스'
 * is stored and pushed to every process's operator sockets (the notifier's bus), to the operators who see the
 * dashboard (its gas card). Once more only after it has been above the threshold again (a top-up, then a new fall),
 * or from a new leader (a restart or a take-over while it is low warns once more). `/api/health` says `gas.low`
 * meanwhile. One process (the leader) watches, so several API processes do not warn several times.
 */
export function gasWatchJob(isLeader: () => boolean, everyMs: number): Job {
  let warned = false;
  return {
    name: "gas-watch",
    everyMs,
    async run(ctx) {
      if (!isLeader()) return;
      // A node that does not answer is reported elsewhere (health, ensureChainUp's 503); asked again next time.
      const g = await gasStatus(ctx, true).catch(() => null);
      if (!g) return;
      if (!g.low) {
        warned = false;
        return;
      }
      if (warned) return;
      warned = true;
      // The account with the least left (one today: the relaying and operator account shares the nonce stream).
      await ctx.notifier.notify("가스", Msg.gasWarning(Math.min(...g.accounts.map((a) => a.txsLeft)), g.warnTxs));
    },
  };
}
