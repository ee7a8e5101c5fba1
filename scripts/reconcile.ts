import { ethers } from "ethers";
import { loadConfig } from "../server/config";
import { getMeta, openAppStore } from "../server/db/app-db";
import { openChainStore } from "../indexer/db";
import { createChainReader } from "../indexer/reader";
import { voucherArtifact } from "../chain/artifacts";
import { reconcile } from "../server/features/dashboard/reconcile";
import type { Deployment } from "../chain/bootstrap";
import { reportLines } from "../server/features/dashboard/reconcile.text";

/**
 * `npm run reconcile`: proves a running stack's books against its chain (same DATA_DIR / DATABASE_URL and
 * RPC_URL or CHAIN_PORT as the stack). Prints a report a person reads, in Korean; exits 1 on any difference.
 */
async function main() {
  const config = loadConfig(process.env, () => undefined);
  const app = await openAppStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const chainStore = await openChainStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, readonly: true });
  try {
    const recorded = await getMeta(app.db, "deployment");
    if (!recorded)
      throw new Error(
        `${config.databaseUrl ? "데이터베이스" : config.dataDir}에 기록된 배포가 없습니다. 스택을 한 번 시작한 뒤 다시 실행해 주세요`,
      );
    const deployment = JSON.parse(recorded) as Deployment;
    const provider = new ethers.JsonRpcProvider(config.rpcUrl ?? `http://127.0.0.1:${config.chainPort}`, undefined, {
      staticNetwork: true,
    });
    const token = new ethers.Contract(deployment.token, voucherArtifact().abi, provider);
    const report = await reconcile({ db: app.db, view: createChainReader(chainStore), token, provider });
    for (const line of reportLines(report, deployment)) console.log(line);
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
