import fs from "node:fs";
import path from "node:path";
import { ethers } from "ethers";
import { loadConfig } from "../server/config";
import { getMeta, openAppStore } from "../server/db/app-db";
import { openChainStore } from "../indexer/db";
import { createChainReader } from "../indexer/reader";
import { voucherArtifact } from "../chain/artifacts";
import type { Deployment } from "../chain/bootstrap";
import { makeCutoff } from "../server/features/month-end/cutoff.service";
import { buildPack } from "../server/features/month-end/pack";

/**
 * `npm run audit-pack -- --at <cut-off> [--out <file.zip>]`: makes the month-end cut-off (a block number or a date-time,
 * Seoul time without an offset: "2026-10-31 23:59:59") of the stack of this DATA_DIR / DATABASE_URL and writes its signed
 * pack. The Merkle root is published on chain by the running stack (its `month-end roots` job, the only sender of the
 * operator account): this waits for it (up to 2 minutes), so the stack must be running.
 */
function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const at = arg("at");
  if (!at) throw new Error("사용법: npm run audit-pack -- --at <블록 번호 또는 '2026-10-31 23:59:59'> [--out 파일.zip]");
  const config = loadConfig(process.env, () => undefined);
  const app = await openAppStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const chainStore = await openChainStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, readonly: true });
  const provider = new ethers.JsonRpcProvider(config.rpcUrl ?? `http://127.0.0.1:${config.chainPort}`, undefined, { staticNetwork: true });
  try {
    const recorded = await getMeta(app.db, "deployment");
    if (!recorded) throw new Error("기록된 배포가 없습니다. 스택을 한 번 시작한 뒤 다시 실행해 주세요");
    const deployment = JSON.parse(recorded) as Deployment;
    const d = {
      db: app.db,
      view: createChainReader(chainStore),
      provider,
      token: new ethers.Contract(deployment.token, voucherArtifact().abi, provider),
      deployment,
      kek: config.keyEncryptionKey,
    };
    const cut = await makeCutoff(d, at, "cli");
    console.log(`마감 ${cut.label}: 블록 ${cut.block_number} (${cut.block_hash}), Merkle 루트 ${cut.merkle_root}`);
    const deadline = Date.now() + 120_000;
    let published = cut.root_tx_hash;
    while (!published && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 1_000));
      published =
        (await app.db.selectFrom("cutoffs").select("root_tx_hash").where("id", "=", cut.id).executeTakeFirst())?.root_tx_hash ?? null;
    }
    if (!published) throw new Error("Merkle 루트가 2분 안에 체인에 게시되지 않았습니다. 스택(npm start)이 실행 중인지 확인해 주세요");
    console.log(`루트 게시 거래: ${published}`);
    const pack = await buildPack(d, Number(cut.id));
    const out = path.resolve(arg("out") ?? pack.name);
    fs.writeFileSync(out, pack.zip, { mode: 0o600 });
    console.log(`서명자(감사 키): ${pack.manifest.signer}`);
    console.log(`팩: ${out} (파일 ${pack.manifest.files.length}개, 보유자 ${pack.manifest.totals.holders}명)`);
  } finally {
    provider.destroy();
    await chainStore.close();
    await app.close();
  }
}

main().catch((err) => {
  console.error(`audit-pack: ${(err as Error).message}`);
  process.exit(2);
});
