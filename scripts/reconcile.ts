import { ethers } from "ethers";
import { loadConfig } from "../server/config";
import { getMeta, openAppStore } from "../server/db/app-db";
import { openChainStore } from "../indexer/db";
import { createChainReader } from "../indexer/reader";
import { voucherArtifact } from "../chain/artifacts";
import { reconcile } from "../server/features/dashboard/reconcile";
import type { Deployment } from "../chain/bootstrap";

/**
 * `npm run reconcile`: proves a running stack's books against its chain (same DATA_DIR / DATABASE_URL and
 * RPC_URL or CHAIN_PORT as the stack). Prints a report a person reads; exits 1 on any difference.
 */
async function main() {
  const config = loadConfig(process.env, () => undefined);
  const app = await openAppStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const chainStore = await openChainStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, readonly: true });
  try {
    const recorded = await getMeta(app.db, "deployment");
    if (!recorded) throw new Error(`no deployment recorded in ${config.databaseUrl ? "the database" : config.dataDir}: start the stack once first`);
    const deployment = JSON.parse(recorded) as Deployment;
    const provider = new ethers.JsonRpcProvider(config.rpcUrl ?? `http://127.0.0.1:${config.chainPort}`, undefined, { staticNetwork: true });
    const token = new ethers.Contract(deployment.token, voucherArtifact().abi, provider);
    const report = await reconcile({ db: app.db, view: createChainReader(chainStore), token, provider });
    const width = Math.max(...report.lines.map((l) => l.check.length));
    console.log(`KRW Voucher reconciliation — token ${deployment.token}, chain ${deployment.chainId}, ${report.checkedAt}\n`);
    for (const l of report.lines) console.log(`${l.ok ? "OK  " : "FAIL"}  ${l.check.padEnd(width)}  ${l.detail}`);
    console.log("\nProof of reserves (won)");
    for (const r of report.reserves) console.log(`  ${r.label.padEnd(36)} ${BigInt(r.value).toLocaleString("en-US").padStart(16)}`);
    console.log(report.ok ? "\nEverything agrees." : `\n${report.lines.filter((l) => !l.ok).length} difference(s) found.`);
    process.exitCode = report.ok ? 0 : 1;
    provider.destroy();
  } finally {
    await chainStore.close();
    await app.close();
  }
}

main().catch((err) => {
  console.error(`reconcile: ${(err as Error).message}`);
  process.exit(2);
});
