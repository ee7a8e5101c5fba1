import { ethers } from "ethers";
import type { TransferRow } from "./schema";

export const nowIso = () => new Date().toISOString();

/** Balance and supply changes of a set of transfers, `sign` 1 to apply them, -1 to take them back. */
export function effects(
  transfers: Pick<TransferRow, "from" | "to" | "value">[],
  sign: 1n | -1n,
): { deltas: Map<string, bigint>; supply: bigint } {
  const deltas = new Map<string, bigint>();
  let supply = 0n;
  for (const t of transfers) {
    const v = BigInt(t.value) * sign;
    if (t.from === ethers.ZeroAddress) supply += v;
    else deltas.set(t.from, (deltas.get(t.from) ?? 0n) - v);
    if (t.to === ethers.ZeroAddress) supply -= v;
    else deltas.set(t.to, (deltas.get(t.to) ?? 0n) + v);
  }
  return { deltas, supply };
}
