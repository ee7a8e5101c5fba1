import type { AppContext } from "../context";
import { AppError } from "../http/errors";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";
import { ensureGas } from "./gas";
import { pauseOnRecord } from "./chain-calls.repo";

/** How long a liveness question to the chain may take (a dead node refuses at once; this bounds a hung or very busy one). */
const CHAIN_TIMEOUT_MS = 5000;

/** One question in flight per provider: a burst of money calls shares it instead of queueing a hundred. */
const asking = new WeakMap<object, Promise<number | null>>();

/**
 * How long a head the node answered is taken as "the chain is up" for money calls (ensureChainUp), so a
 * burst of gifts asks the node about once a second instead of once per gift. An embedded node seen dead
 * (exited) is not taken on an earlier answer.
 */
const UP_FOR_MS = 1000;
const lastUp = new WeakMap<object, { head: number; at: number }>();

/** The chain's head block, or null when it does not answer within 5 s. */
export async function chainHead(ctx: Pick<AppContext, "chain">): Promise<number | null> {
  const provider = ctx.chain.provider;
  const pending = asking.get(provider);
  if (pending) return pending;
  const ask = (async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), CHAIN_TIMEOUT_MS)));
    try {
      const head = await Promise.race([provider.getBlockNumber().catch(() => null), timeout]);
      if (head === null) lastUp.delete(provider);
      else lastUp.set(provider, { head, at: Date.now() });
      return head;
    } finally {
      clearTimeout(timer);
      asking.delete(provider);
    }
  })();
  asking.set(provider, ask);
  return ask;
}

/**
 * Refuses with 503 (and records nothing) when the chain does not answer, is still catching up with its journal,
 * the token is paused (emergency pause through dual control: '현재 점검 중입니다…'), or the account that pays gas
 * is about to run dry.
 */
export async function ensureChainUp(
  ctx: Pick<AppContext, "chain"> & Partial<Pick<AppContext, "config" | "log">>,
  opts: { gas?: boolean } = {},
): Promise<void> {
  await ensureChainReadable(ctx);
  // The account that pays gas has enough left (server/money/gas.ts): 503 before anything is recorded.
  if (opts.gas !== false && ctx.config && ctx.log) await ensureGas({ chain: ctx.chain, config: ctx.config, log: ctx.log });
  if (await tokenPaused(ctx)) throw new AppError(Code.CHAIN_UNAVAILABLE, Msg.maintenance);
}

/**
 * For a read that asks the node itself (the books check): refuses with 503 only when the chain does not answer or is
 * still catching up with its journal. An emergency pause stops money moves, never reads: it is not asked here.
 */
export async function ensureChainReadable(ctx: Pick<AppContext, "chain">): Promise<void> {
  ensureChainSynced(ctx);
  const up = lastUp.get(ctx.chain.provider);
  if (!(up && Date.now() - up.at < UP_FOR_MS && !ctx.chain.node?.exited()) && (await chainHead(ctx)) === null)
    throw new AppError(Code.CHAIN_UNAVAILABLE, Msg.chainUnavailable);
}

/** How long the token's `paused()` answer is kept: a burst of money calls asks the node once a second. */
const PAUSED_FOR_MS = 1000;
const pausedSeen = new WeakMap<object, { paused: boolean; at: number }>();

/**
 * Whether the token is paused on chain (`paused()`, kept for a second; this process's own pause or unpause is
 * noted at once). A node that does not answer counts as not paused: liveness is ensureChainUp's question.
 */
export async function tokenPaused(ctx: Pick<AppContext, "chain">): Promise<boolean> {
  const seen = pausedSeen.get(ctx.chain.provider);
  if (seen && Date.now() - seen.at < PAUSED_FOR_MS) return seen.paused;
  try {
    const paused = Boolean(await ctx.chain.token.paused());
    notePaused(ctx, paused);
    return paused;
  } catch {
    return false;
  }
}

/** Notes a pause or unpause this process saw confirmed on chain. */
export function notePaused(ctx: Pick<AppContext, "chain">, paused: boolean): void {
  pausedSeen.set(ctx.chain.provider, { paused, at: Date.now() });
}

/**
 * Whether an outbox move is recorded now although the node is replaying its journal: during the start-up replay (not a
 * revive after the node died), while that replay has not failed and its node lives. The relayer sends such moves
 * once the replay is done (it starts only then), so they land after every journaled transaction.
 */
export function recordsDuringReplay(chain: AppContext["chain"]): boolean {
  return chain.replayProgress()?.reason === "start" && chain.replayError() === null && !(chain.node?.exited() ?? false);
}

/**
 * Before an outbox move (a gift, a use, a buy approval, an operator transfer, a refund or settlement return: what the
 * relayer sends): `ensureChainUp`, except during the start-up replay, when the move is recorded at once instead of
 * answering 503 "catching up" (the till stays open however long the journal is). The spendable check reads the index
 * (chain store, on disk), not the node, so it holds meanwhile; what the half-replayed node would answer wrongly is
 * read elsewhere: whether the token is paused from the index and this store's pause/unpause calls (`pauseOnRecord`:
 * paused when either says so), the gas account from the node (its balance only falls later in the journal, so the
 * node shows at least what the end will). The request then waits for its move as usual: confirmed once the relayer
 * has sent it after the replay, or its state ("pending") after the usual bound, as on a slow chain.
 */
export async function ensureChainUpForOutbox(ctx: Pick<AppContext, "chain" | "view" | "db"> & Partial<Pick<AppContext, "config" | "log">>) {
  if (!recordsDuringReplay(ctx.chain)) return ensureChainUp(ctx);
  if (ctx.config && ctx.log) await ensureGas({ chain: ctx.chain, config: ctx.config, log: ctx.log });
  if ((await ctx.view.isPaused()) || (await pauseOnRecord(ctx.db)) === "pause") throw new AppError(Code.CHAIN_UNAVAILABLE, Msg.maintenance);
}

/** 503 "catching up" while the journal replay brings the node back: its state is not yet the journal's. */
export function ensureChainSynced(ctx: Pick<AppContext, "chain">): void {
  if (ctx.chain.replaying()) throw new AppError(Code.CHAIN_UNAVAILABLE, Msg.chainCatchingUp);
}

/** Waits (bounded) until the index has reached `block`, so a screen reloaded after an action shows it. */
export async function indexReached(ctx: AppContext, block: number, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (((await ctx.view.indexedHead())?.number ?? -1) < block) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}
