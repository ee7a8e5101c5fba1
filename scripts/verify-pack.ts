import fs from "node:fs";
import { verifyPack } from "../server/features/month-end/verify";

/**
 * `npm run verify-pack -- <pack.zip> [--rpc <url>] [--signer <0x…>]`: checks a month-end pack (every file's SHA-256, the
 * manifest's signature) and, with an RPC URL (default RPC_URL, else the local node on CHAIN_PORT), re-derives the
 * holders and totals from the chain at the cut-off block and checks the published Merkle root. One line per check;
 * exit 1 on any difference, 2 when it cannot run.
 */
function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const file = process.argv.slice(2).find((a, i, all) => !a.startsWith("--") && !all[i - 1]?.startsWith("--"));
  if (!file) throw new Error("사용법: npm run verify-pack -- <팩.zip> [--rpc <url>] [--signer <주소>]");
  const rpcUrl = arg("rpc") ?? process.env.RPC_URL ?? `http://127.0.0.1:${process.env.CHAIN_PORT ?? 8545}`;
  const r = await verifyPack(fs.readFileSync(file), { rpcUrl, expectSigner: arg("signer") });
  for (const l of r.lines) console.log(`${l.ok ? "✓" : "✗"} ${l.text}`);
  console.log(r.ok ? "검증 통과" : `검증 실패: ${r.lines.filter((l) => !l.ok).length}건`);
  process.exitCode = r.ok ? 0 : 1;
}

main().catch((err) => {
  console.error(`verify-pack: ${(err as Error).message}`);
  process.exit(2);
});
