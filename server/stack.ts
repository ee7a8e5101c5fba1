import http from "node:http";
import { listen } from "./http/listen";
import pino from "pino";
import { bootstrapChain, type Deployment } from "../chain/bootstrap";
import type { Indexer } from "../indexer/indexer";
import { startIndexerWorker } from "../indexer/worker";
import { openChainStore } from "../indexer/db";
import { createChainReader } from "../indexer/reader";
import { leadership } from "../db/leader";
import { openBus } from "../db/bus";
import { loadConfig, type Config } from "./config";
import { openAppStore, getMeta, setMeta, claimMeta, nowIso } from "./db/app-db";
import { createCustody } from "./custody/keys";
import { roleSigners } from "./role-keys";
import { distinctSenders } from "../chain/roles";
import { createOutbox } from "./money/outbox";
import { createRelayer } from "./money/relayer/relayer";
import { unconfirmAbove } from "./money/outbox.repo";
import { chainHead } from "./money/chain-status";
import { recordReplacement } from "./money/tx-replacements.repo";
import { createSessions } from "./auth/sessions";
import { createLockout } from "./auth/lockout";
import { createNotifier } from "./records/operator-notices/notifier";
import { limiterStore } from "./http/limiter-store";
import { createClock } from "./clock";
import { createBankProvider } from "./providers/bank";
import { createApp } from "./app";
import { clientErrorHandler } from "./http/errors";
import { attachOperatorSocket } from "./records/operator-notices/operator-socket";
import { attachMemberSocket } from "./records/member-notices/member-socket";
import { noticeOnResolvedMoves } from "./records/member-notices/hooks";
import { startJobs } from "./job";
import { periodicJobs } from "./jobs";
import type { AppContext } from "./context";
import { followMoves, merchantSide, proposalKinds } from "./features";
import { registerProposalKinds } from "./dual-control/kinds";

export interface Stack {
  url: string;
  ctx: AppContext;
  server: http.Server;
  /** Resolves once the index has reached the chain head at call time (or `blockNumber`). */
  waitIndexed(blockNumber?: number, timeoutMs?: number): Promise<void>;
  /** Whether this process runs the relayer and the indexer (one process does, across all that share the store). */
  isLeader(): boolean;
  /**
   * Resolves once the journal replay is done (startStack answers before it: reads meanwhile, money calls 503) and,
   * in the leading process, the indexer and the relayer run. Rejects when the replay failed.
   */
  ready(): Promise<void>;
  /**
   * Graceful stop: no new connections, requests in flight finish (at most `graceMs`, default SHUTDOWN_GRACE_MS or
   * 15 s; idle keep-alive connections are closed, answers carry `Connection: close`), then the relayer stops after
   * its current batch, then the indexer, the chain and the stores close. It starts nothing new: a dead embedded node
   * is not started again nor the journal replayed; while the chain cannot mine, requests waiting for a money move are
   * answered at once with its recorded state.
   */
  stop(opts?: { graceMs?: number }): Promise<void>;
  /** Requests being answered right now. */
  inFlight(): number;
}

/**
 * Starts the whole service in-process: app store, custody, chain (embedded node + journal replay, or RPC_URL), HTTP
 * API + both apps, sockets, jobs; in the process holding the leadership lock the indexer and relayer; the demo seed.
 *
 * It resolves as soon as the HTTP server listens, which on a restart is while the journal still replays (only the
 * part up to the deployment is replayed first, for the deployed-code check): reads are answered from the index, money
 * calls answer 503 "동기화하는 중", /api/health shows the progress; the indexer and the relayer start once the replay
 * is done (`ready()`).
 */
export async function startStack(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = process.env): Promise<Stack> {
  // Every file this process creates (stores, journal, lock, deployments, secrets) is readable by its owner only.
  process.umask(0o077);
  const config = { ...loadConfig(env), ...overrides };
  const log = pino({
    level: config.logLevel,
    redact: ["password", "*.password", "privateKey", "*.privateKey", "accessToken", "*.accessToken"],
  });
  const appStore = await openAppStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const db = appStore.db;
  const custody = createCustody(db, config.keyEncryptionKey);
  for (const kind of ["treasury", "fee", "settlement", "refund"] as const)
    if (!(await custody.byKind(kind))) await custody.createWallet(kind, { nickname: kind });
  // One key per role account: sealed custodial keys by default (a second process sharing the database signs with the
  // same ones), the configuration's, or a remote signer's (server/role-keys.ts).
  let keys: Awaited<ReturnType<typeof roleSigners>> | null = await roleSigners(config, db, custody);
  let onRevive: (phase: "down" | "back") => void = () => undefined;
  const chainIdHint = await getMeta(db, "deployment");
  let chain: Awaited<ReturnType<typeof bootstrapChain>>;
  try {
    chain = await bootstrapChain({
      dataDir: config.dataDir,
      chainPort: config.chainPort,
      rpcUrl: config.rpcUrl,
      operatorKey: keys.relayer,
      roleKeys: keys,
      feeCollector: (await custody.byKind("fee"))!.address,
      knownDeployment: chainIdHint ? (JSON.parse(chainIdHint) as Deployment) : null,
      log: (m) => log.info(m),
      onReplayProgress: (p) => log.debug({ replay: p }, "chain: replaying the journal"),
      onRevive: (phase) => onRevive(phase),
      lifecycle: config.lifecycle,
    });
  } catch (err) {
    // Nothing else started yet: the store is closed, so a caller may start again (another port, a fixed configuration).
    await appStore.close();
    throw err;
  }
  keys = null;
  await setMeta(db, "deployment", JSON.stringify(chain.deployment));

  const readStore = await openChainStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, readonly: true });
  const view = createChainReader(readStore);
  const outbox = createOutbox(db, view);
  const relayer = createRelayer({ db, custody, chain, log });
  // Realtime events reach every API process: LISTEN/NOTIFY on PostgreSQL, in memory on SQLite (db/bus.ts).
  const bus = await openBus({ url: config.databaseUrl, pool: appStore.pool, log });
  // Replacements of pending transactions (external chains) are on record before they are sent.
  for (const sender of distinctSenders(chain.senders)) sender.onReplace((r) => recordReplacement(db, sender.address, r));
  const notifier = createNotifier(db, bus);
  // A move recorded as confirmed (its receipt) is told to the operators' screens too: sums and lists of moves read
  // the records, which may come after the index has the block.
  relayer.on("resolved", (row) => row.status === "confirmed" && notifier.moved(row.block_number ?? 0));
  const ctx: AppContext = {
    config,
    db,
    custody,
    chain,
    view,
    outbox,
    relayer,
    sessions: createSessions(db, config.jwtSecret, config.tokenTtlMinutes, bus),
    lockout: createLockout(db),
    notifier,
    // Rate limits count across processes in PostgreSQL, in memory on SQLite (server/http/rate-limit.ts).
    limits: limiterStore(appStore.pool ?? null),
    clock: createClock(),
    bank: createBankProvider(config.bank),
    log,
  };
  registerProposalKinds(proposalKinds);
  followMoves(ctx);
  noticeOnResolvedMoves(ctx);

  // Exactly one process relays and indexes; the others serve requests and read what it writes.
  const lead = leadership({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log: (m) => log.warn(m) });
  let indexer: Indexer | null = null;
  let stopped = false;
  let stopRequested: () => void = () => undefined;
  const stopping = new Promise<false>((resolve) => (stopRequested = () => ((stopped = true), resolve(false))));
  /**
   * The indexer, started once the replay is done and again after a revived node's. It runs on its own thread with
   * its own write connection: decoding and writing stay off the API's event loop.
   */
  const startIndexer = async (): Promise<Indexer> => {
    const indexer = startIndexerWorker({
      rpcUrl: chain.rpcUrl,
      location: { dataDir: config.dataDir, databaseUrl: config.databaseUrl },
      token: chain.deployment.token,
      fromBlock: chain.deployment.deployBlock,
      logger: { info: (m) => log.info(m), warn: (m) => log.warn(m), error: (m) => log.error(m) },
    });
    // A reorg dropped blocks: money moves confirmed in them go back to 'submitted', and the relayer resolves
    // them again against the chain as it now is (re-sending what no longer happened; a nonce runs once).
    indexer.on("reorg", (r) => {
      notifier.moved(r.commonAncestor);
      for (const sender of distinctSenders(chain.senders)) sender.resync();
      void unconfirmAbove(db, r.commonAncestor).then(
        (n) => {
          if (n === 0) return;
          log.warn({ rows: n, ancestor: r.commonAncestor }, "reorg: outbox rows confirmed in dropped blocks are reconciled again");
          relayer.kick();
        },
        (err) => log.error({ err: (err as Error).message }, "reorg: could not reopen outbox rows"),
      );
    });
    await indexer.syncOnce();
    // Moves indexed from here on are told to the operators' screens (after the catch-up: its events would flood).
    indexer.on("transfer", (t) => notifier.moved(t.blockNumber));
    indexer.start();
    return indexer;
  };
  const becomeLeader = async () => {
    // The indexer and the relayer start once the journal replay has brought the node back to where the index is
    // (an indexer meeting a shorter chain would take it for a reorg).
    if (!(await Promise.race([ctx.chain.synced(), stopping]))) return;
    indexer = await startIndexer();
    relayer.start();
    log.info("this process relays and indexes");
  };
  const leading = lead.acquired.then(becomeLeader);
  leading.catch((err) => log.error({ err: (err as Error).message }, "the relayer and the indexer did not start"));
  // The embedded node died: the relayer and the indexer pause until the new node has replayed the journal (the
  // indexer would take the half-replayed chain for a reorg and empty the index readers are answered from).
  let pausedForRevive: Promise<void> | null = null;
  onRevive = (phase) => {
    if (phase === "down") {
      if (pausedForRevive || !indexer) return;
      const paused = indexer;
      indexer = null;
      pausedForRevive = (async () => {
        await relayer.stop(1_000);
        await paused.stop();
      })();
      // Awaited only if the node comes back: a failed stop must not be a rejection nobody handles meanwhile.
      pausedForRevive.catch((err) =>
        log.warn({ err: (err as Error).message }, "pausing the relayer and the indexer for the node's restart failed"),
      );
      return;
    }
    const waiting = pausedForRevive;
    if (!waiting) return;
    void waiting
      .then(async () => {
        if (stopped || !lead.isLeader()) return;
        indexer = await startIndexer();
        relayer.start();
        log.info("node back: the relayer and the indexer run again");
      })
      .catch((err) =>
        log.error({ err: (err as Error).message }, "the relayer and the indexer did not start again after the node came back"),
      )
      .finally(() => {
        if (pausedForRevive === waiting) pausedForRevive = null;
      });
  };
  lead.onLost(() => {
    log.error("leadership lost: stopping the relayer and the indexer");
    void relayer.stop();
    void indexer?.stop();
  });
  // The first process leads at once; a later one goes on without waiting for the leader to die.
  await Promise.race([leading, new Promise((r) => setTimeout(r, 300))]);

  const waitIndexed = async (blockNumber?: number, timeoutMs = 30_000) => {
    await chain.synced();
    const target = blockNumber ?? (await chain.provider.getBlockNumber());
    if (indexer) {
      if (!(await indexer.waitForBlock(target, timeoutMs))) throw new Error(`indexer did not reach block ${target}`);
      return;
    }
    const deadline = Date.now() + timeoutMs;
    while (((await view.indexedHead())?.number ?? -1) < target) {
      if (Date.now() > deadline) throw new Error(`index did not reach block ${target}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  if (config.seedDemo && lead.isLeader() && !(await getMeta(db, "demo_seeded")) && (await claimMeta(db, "demo_seeding", nowIso()))) {
    // (A journal from a run without the demo: the relayer seeds, so the replay and the leader's start come first.)
    await leading;
    const { seedDemo } = await import("./seed");
    await seedDemo(ctx, waitIndexed);
    await setMeta(db, "demo_seeded", nowIso());
  }

  const merchants = merchantSide(ctx);
  const app = createApp(ctx, { demoShop: merchants.demoShopRoutes });
  const server = http.createServer(app);
  server.on("clientError", clientErrorHandler);
  let inFlight = 0;
  let draining = false;
  server.on("request", (_req: http.IncomingMessage, res: http.ServerResponse) => {
    inFlight++;
    res.once("close", () => inFlight--);
    if (draining && !res.headersSent) res.setHeader("Connection", "close");
  });
  const ws = attachOperatorSocket(server, ctx);
  const memberWs = attachMemberSocket(server, ctx);
  const runningJobs = startJobs(
    ctx,
    periodicJobs(() => lead.isLeader(), config.gas.watchMs),
  );
  await listen(server, config.port, config.host);
  const port = (server.address() as { port: number }).port;
  const url = `http://${config.host}:${port}`;
  await merchants.listening(url);
  // The simulated bank calls back over HTTP as a real one would; a real provider has the URL in its own settings.
  ctx.bank.setCallbackUrl?.(`${url}/api/bank/callback`);
  log.info({ url, token: chain.deployment.token, chainId: chain.deployment.chainId, store: appStore.dialect }, "KRW Voucher is up");

  return {
    url,
    ctx,
    server,
    waitIndexed,
    isLeader: () => lead.isLeader(),
    async ready() {
      if (!(await chain.synced())) return;
      if (lead.isLeader()) await leading;
    },
    inFlight: () => inFlight,
    async stop(opts = {}) {
      const graceMs = opts.graceMs ?? Number(process.env.SHUTDOWN_GRACE_MS ?? 15_000);
      draining = true;
      stopRequested();
      // A stopping process starts nothing new: no restart of a dead node, no journal replay (the next start replays).
      chain.halt();
      runningJobs.stop();
      merchants.stop();
      ctx.bank.stop?.();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Requests already accepted run to their answer while the chain can mine (the relayer still sends, so money moves
      // resolve). Once it cannot (the node died, or was being brought back, as the stop began), nothing more is sent
      // before the exit: the requests waiting for a move are answered at once with its state (recorded; the next start
      // resolves it), new money calls meet the dead node (503), and the relayer is not waited for.
      const deadline = Date.now() + graceMs;
      let chainDown = false;
      // An outside chain (RPC_URL) says it is down only by not answering: asked twice a second meanwhile.
      let unreachable = false;
      let asked = 0;
      for (;;) {
        server.closeIdleConnections();
        if (!chain.node && inFlight > 0 && Date.now() - asked >= 500) {
          asked = Date.now();
          void chainHead(ctx).then((head) => void (unreachable = head === null));
        }
        if (!chainDown && (!chain.sendable() || unreachable)) {
          chainDown = true;
          log.warn(
            { inFlight },
            "stop: the chain cannot mine; requests waiting for a money move are answered now (the next start resolves it)",
          );
          await relayer
            .releaseWaiters()
            .catch((err) => log.error({ err: (err as Error).message }, "stop: answering the waiting requests failed"));
        }
        if (inFlight === 0 || Date.now() >= deadline) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      if (inFlight > 0) log.warn({ inFlight, graceMs }, "stop: requests still running after the grace period are cut");
      server.closeAllConnections();
      ws.close();
      memberWs.close();
      await closed;
      await relayer.stop(chainDown ? 500 : 5_000);
      await (indexer as Indexer | null)?.stop();
      await lead.release();
      await leading.catch(() => undefined);
      await readStore.close();
      await chain.stop();
      notifier.close();
      await bus.close();
      await appStore.close();
    },
  };
}
