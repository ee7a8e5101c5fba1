import type { AppContext } from "../context";
import { AppError } from "../http/errors";
import { Code } from "../../domain/codes";
import { Msg } from "../../domain/messages";

/** How long a liveness question to the chain may take. */
const CHAIN_TIMEOUT_MS = 2000;

/** The chain's head block, or null when it does not answer within 2 s. */
export async function chainHead(ctx: Pick<AppContext, "chain">): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), CHAIN_TIMEOUT_MS)));
  try {
    return await Promise.race([ctx.chain.provider.getBlockNumber().catch(() => null), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Refuses with 503 (and records nothing) when the chain does not answer. */
export async function ensureChainUp(ctx: Pick<AppContext, "chain">): Promise<void> {
  if ((await chainHead(ctx)) === null) throw new AppError(Code.CHAIN_UNAVAILABLE, Msg.chainUnavailable);
}
