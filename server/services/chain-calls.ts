import type { AppContext } from "../context";
import * as repo from "../relayer/chain-calls.repo";
import { AppError } from "../http/errors";
import { describeRevert } from "../relayer/outcome";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";

export type TokenMethod = "mint" | "burn" | "blockAccount" | "unblockAccount" | "pause" | "unpause";

export interface ChainCallRow {
  id: number;
  method: TokenMethod;
  args: string;
  status: "pending" | "submitted" | "confirmed" | "failed";
  tx_hash: string | null;
  block_number: number | null;
  error: string | null;
}

/**
 * An operator call on the token (mint, burn, block…): recorded in chain_calls before it is sent,
 * marked submitted with its hash before the send, and settled from the receipt.
 */
export async function callToken(ctx: Pick<AppContext, "db" | "chain">, method: TokenMethod, args: (string | bigint | number)[], adminId?: number): Promise<ChainCallRow> {
  const id = await repo.insertChainCall(ctx.db, method, args.map(String), adminId ?? null);
  const data = ctx.chain.iface.encodeFunctionData(method, args);
  try {
    const receipt = await ctx.chain.sender.send({ to: ctx.chain.deployment.token, data }, { beforeSend: (hash) => repo.markCallSubmitted(ctx.db, id, hash) });
    let error: string | null = null;
    if (receipt.status !== 1) {
      error = "reverted";
      try {
        await ctx.chain.provider.call({ to: ctx.chain.deployment.token, data, from: ctx.chain.sender.address, blockTag: receipt.blockNumber - 1 });
      } catch (e) {
        const revertData = (e as { data?: string }).data;
        if (revertData) error = describeRevert(ctx.chain.iface, revertData);
      }
    }
    await repo.settleCall(ctx.db, id, receipt.status === 1 ? "confirmed" : "failed", receipt.blockNumber, error);
  } catch {
    await repo.failUnsentCall(ctx.db, id);
    throw new AppError(Code.CHAIN_UNAVAILABLE, Msg.chainUnavailable);
  }
  return (await repo.chainCall(ctx.db, id)) as ChainCallRow;
}
