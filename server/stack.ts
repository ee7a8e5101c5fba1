import http from "node:http";
import path from "node:path";
import pino from "pino";
import { bootstrapChain } from "../chain/bootstrap";
import { createIndexer } from "../indexer/indexer";
import { createChainReader } from "../indexer/reader";
import { loadConfig, type Config } from "./config";
import { openAppDb, getMeta, setMeta, nowIso } from "./db/app-db";
import { createCustody } from "./custody/keys";
import { createOutbox } from "./relayer/outbox";
import { createRelayer } from "./relayer/relayer";
import { createTokens } from "./auth/tokens";
import { createLockout } from "./auth/lockout";
import { createNotifier } from "./notify";
import { createApp } from "./app";
import { attachOperatorSocket } from "./ws";
import { startSchedulers } from "./scheduler";
import { expireBuyOrdersJob } from "./services/buy";
import type { AppContext } from "./context";

export interface Stack {
  url: string;
  ctx: AppContext;
  server: http.Server;
  /** Resolves once the indexer has reached the chain head at call time. */
  waitIndexed(blockNumber?: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the whole service in-process: app.db, custody, chain (embedded node + journal replay, or RPC_URL),
 * indexer, relayer, HTTP API + both apps, operator websocket, schedulers; seeds the demo on first start.
 */
export async function startStack(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = process.env): Promise<Stack> {
  const config = { ...loadConfig(env), ...overrides };
  const log = pino({ level: config.logLevel, redact: ["password", "*.password", "privateKey", "*.privateKey", "accessToken", "*.accessToken"] });
  const db = openAppDb(path.join(config.dataDir, "app.db"));
  const custody = createCustody(db, config.keyEncryptionKey);
  for (const kind of ["treasury", "fee", "settlement"] as const) if (!custody.byKind(kind)) custody.createWallet(kind, { nickname: kind });
  let operatorKey = config.operatorPrivateKey;
  if (!operatorKey) {
    if (config.rpcUrl) throw new Error("OPERATOR_PRIVATE_KEY is required with RPC_URL (the account that pays gas)");
    const sender = custody.byKind("sender") ?? custody.createWallet("sender", { nickname: "operator" });
    operatorKey = custody.signerFor(sender.address).privateKey;
  }
  const chain = await bootstrapChain({
    dataDir: config.dataDir,
    chainPort: config.chainPort,
    rpcUrl: config.rpcUrl,
    operatorKey,
    feeCollector: custody.byKind("fee")!.address,
    log: (m) => log.info(m),
  });
  operatorKey = null;

  const chainDbPath = path.join(config.dataDir, "chain.db");
  const indexer = createIndexer({ rpcUrl: chain.rpcUrl, dbPath: chainDbPath, token: chain.deployment.token, fromBlock: chain.deployment.deployBlock, logger: log });
  await indexer.syncOnce();
  indexer.start();
  const view = createChainReader(chainDbPath);
  const outbox = createOutbox(db, view);
  const relayer = createRelayer({ db, custody, chain, log });
  const notifier = createNotifier(db);
  const ctx: AppContext = {
    config,
    db,
    custody,
    chain,
    view,
    outbox,
    relayer,
    tokens: createTokens(db, config.jwtSecret, config.tokenTtlMinutes),
    lockout: createLockout(db),
    notifier,
    log,
  };
  relayer.start();

  const waitIndexed = async (blockNumber?: number, timeoutMs = 30_000) => {
    const target = blockNumber ?? (await chain.provider.getBlockNumber());
    if (!(await indexer.waitForBlock(target, timeoutMs))) throw new Error(`indexer did not reach block ${target}`);
  };

  if (config.seedDemo && !getMeta(db, "demo_seeded")) {
    const { seedDemo } = await import("./seed");
    await seedDemo(ctx, waitIndexed);
    setMeta(db, "demo_seeded", nowIso());
  }

  const app = createApp(ctx);
  const server = http.createServer(app);
  const ws = attachOperatorSocket(server, ctx);
  const schedulers = startSchedulers(ctx, [expireBuyOrdersJob]);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  const url = `http://${config.host}:${port}`;
  log.info({ url, token: chain.deployment.token, chainId: chain.deployment.chainId }, "KRW Voucher is up");

  return {
    url,
    ctx,
    server,
    waitIndexed,
    async stop() {
      schedulers.stop();
      ws.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await relayer.stop();
      await indexer.stop();
      view.close();
      await chain.stop();
      db.close();
    },
  };
}
