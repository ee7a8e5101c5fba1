import type { AppContext } from "../context";
import { nowIso } from "../db/app-db";
import { AppError } from "../http/errors";
import { describeRevert } from "../relayer/relayer";
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
  const now = nowIso();
  const id = Number(
    ctx.db
      .prepare("INSERT INTO chain_calls (method, args, status, admin_id, created_at, updated_at) VALUES (?, ?, 'pending', ?, ?, ?)")
      .run(method, JSON.stringify(args.map(String)), adminId ?? null, now, now).lastInsertRowid,
  );
  const data = ctx.chain.iface.encodeFunctionData(method, args);
  try {
    const receipt = await ctx.chain.sender.send(
      { to: ctx.chain.deployment.token, data },
      { beforeSend: (hash) => ctx.db.prepare("UPDATE chain_calls SET status = 'submitted', tx_hash = ?, updated_at = ? WHERE id = ?").run(hash, nowIso(), id) },
    );
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
    ctx.db
      .prepare("UPDATE chain_calls SET status = ?, block_number = ?, error = ?, updated_at = ? WHERE id = ?")
      .run(receipt.status === 1 ? "confirmed" : "failed", receipt.blockNumber, error, nowIso(), id);
  } catch {
    const row = ctx.db.prepare("SELECT status FROM chain_calls WHERE id = ?").get(id) as { status: string };
    // Never left the process: nothing happened on-chain.
    if (row.status === "pending") ctx.db.prepare("UPDATE chain_calls SET status = 'failed', error = 'not sent', updated_at = ? WHERE id = ?").run(nowIso(), id);
    throw new AppError(Code.CHAIN_UNAVAILABLE, Msg.chainUnavailable);
  }
  return ctx.db.prepare("SELECT * FROM chain_calls WHERE id = ?").get(id) as ChainCallRow;
}
