import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ethers } from "ethers";
import { afterAll, beforeAll } from "vitest";
import { startLocalNodeOnFreePort, type LocalNode } from "../../chain/node";
import { voucherArtifact } from "../../chain/artifacts";
import { dropTestDatabase, freshTestDatabase } from "../../db/testing";
import { openAppStore, type AppStore } from "../db/app-db";
import { externalChainEnv, setBalanceOn, startApiProcess, type ApiProcess } from "./api-process";

/**
 * An API process to kill (SIGKILL) and start again on the same DATA_DIR (SQLite) or database (PostgreSQL) and the
 * same chain: an outside Hardhat node (RPC_URL), so the node outlives the process and holds what was sent; its mining
 * may be paused to hold a step open. Registers its own beforeAll / afterAll; read the parts once they ran.
 */
export interface CrashRig {
  readonly p: ApiProcess;
  readonly provider: ethers.JsonRpcProvider;
  readonly store: AppStore;
  readonly token: ethers.Contract;
  readonly env: Record<string, string>;
  /** A member's custodial wallet, by phone number. */
  walletOf(phone: string): Promise<string>;
  /** SIGKILL, then `between` (the process is down), then a new process on the same data, leading. */
  killAndRestart(between?: () => Promise<void>): Promise<void>;
}

export function crashRig(prefix: string, extra: Record<string, string> = {}): CrashRig {
  let node: LocalNode;
  let provider: ethers.JsonRpcProvider;
  let databaseUrl: string | null;
  let store: AppStore;
  let p: ApiProcess;
  let token: ethers.Contract;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const env: Record<string, string> = {};

  beforeAll(async () => {
    node = await startLocalNodeOnFreePort();
    provider = new ethers.JsonRpcProvider(node.rpcUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
    databaseUrl = await freshTestDatabase();
    Object.assign(
      env,
      await externalChainEnv({
        rpcUrl: node.rpcUrl,
        fund: setBalanceOn(provider),
        databaseUrl,
        extra: { DATA_DIR: dataDir, LOG_LEVEL: "warn", ...extra },
      }),
    );
    p = await startApiProcess(env);
    await p.leading;
    store = await openAppStore({ dataDir, databaseUrl });
    const deployment = JSON.parse(fs.readFileSync(path.join(dataDir, "deployments", "31337.json"), "utf8")) as { token: string };
    token = new ethers.Contract(deployment.token, voucherArtifact().abi, provider);
  }, 180_000);
  afterAll(async () => {
    p?.child.kill("SIGKILL");
    await p?.exited;
    await store?.close();
    provider?.destroy();
    await node?.stop();
    await dropTestDatabase(databaseUrl);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    get p() {
      return p;
    },
    get provider() {
      return provider;
    },
    get store() {
      return store;
    },
    get token() {
      return token;
    },
    env,
    async walletOf(phone) {
      const w = await store.db
        .selectFrom("wallets")
        .innerJoin("members", "members.id", "wallets.member_id")
        .select("wallets.address")
        .where("members.phonenumber", "=", phone)
        .executeTakeFirstOrThrow();
      return w.address;
    },
    async killAndRestart(between) {
      p.child.kill("SIGKILL");
      await p.exited;
      await between?.();
      p = await startApiProcess(env);
      await p.leading;
    },
  };
}

/** Polls `ok` every 200 ms until it holds, or fails naming `what` after `ms`. */
export async function until(what: string, ok: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
