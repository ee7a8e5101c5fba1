import { ethers } from "ethers";
import { formatWon } from "../../../domain/format";
import { parseCsv } from "./pack-sections";
import type { TrusteeManifest } from "./trustee-file";

const ERC20 = ["function balanceOf(address) view returns (uint256)"];

/**
 * The trustee refund file's own checks, after its files and signature were checked as a pack's (verify.ts): the
 * members' balances add up to the manifest's total; with an RPC URL, the cut-off block's hash and every wallet's
 * balanceOf at that block equal the file's.
 */
export async function verifyTrustee(
  entries: Map<string, Buffer>,
  m: TrusteeManifest,
  rpcUrl: string | undefined,
  ok: (t: string) => void,
  bad: (t: string) => void,
): Promise<void> {
  const csv = entries.get("members.csv");
  const rows = csv
    ? parseCsv(csv.toString("utf8"))
        .slice(1)
        .filter((r) => r.length >= 2)
        .map((r, i) => ({ line: i + 2, wallet: r[0], balance: BigInt(r[1] || "0") }))
    : [];
  const total = rows.reduce((s, r) => s + r.balance, 0n);
  (total.toString() === m.totals.customers && rows.length === m.totals.members ? ok : bad)(
    `members.csv ${rows.length}명 ${formatWon(total)}원, manifest ${m.totals.members}명 ${formatWon(m.totals.customers)}원`,
  );
  if (!rpcUrl) return;
  const provider = new ethers.JsonRpcProvider(rpcUrl, undefined, { staticNetwork: true });
  try {
    const b = await provider.getBlock(m.cutoff.block);
    (b?.hash === m.cutoff.hash ? ok : bad)(`마감 블록 ${m.cutoff.block}의 해시: 노드 ${b?.hash ?? "(없음)"}, manifest ${m.cutoff.hash}`);
    const token = new ethers.Contract(m.token, ERC20, provider);
    let diffs = 0;
    for (let i = 0; i < rows.length; i += 50) {
      const slice = rows.slice(i, i + 50);
      const onChain = await Promise.all(slice.map((r) => token.balanceOf(r.wallet, { blockTag: m.cutoff.block }) as Promise<bigint>));
      slice.forEach((r, j) => {
        if (onChain[j] !== r.balance) {
          diffs++;
          bad(
            `members.csv ${r.line}행 ${r.wallet}: 파일 ${formatWon(r.balance)}원, balanceOf(블록 ${m.cutoff.block}) ${formatWon(onChain[j])}원`,
          );
        }
      });
    }
    if (diffs === 0) ok(`회원 ${rows.length}명의 잔액이 블록 ${m.cutoff.block}의 체인 잔액 (balanceOf)과 같습니다`);
  } catch (e) {
    bad(`RPC ${rpcUrl}에서 확인하지 못했습니다: ${(e as Error).message}`);
  } finally {
    provider.destroy();
  }
}
