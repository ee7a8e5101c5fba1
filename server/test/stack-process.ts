import { startStack, type Stack } from "../stack";
import { installProcessGuards, stopOnSignals } from "../lifecycle";

/**
 * One API process for the multi-process and reliability tests: configured by the environment
 * (DATABASE_URL, RPC_URL, OPERATOR_PRIVATE_KEY, KEY_ENCRYPTION_KEY, JWT_SECRET, DATA_DIR), on a free port
 * (or PORT), with the same process guards and signal handling as `npm start`. Prints one JSON line
 * `{ url, leader, chainPid }` once it serves, then `{ leader: true }` when it takes over relaying and indexing.
 */
let stack: Stack | null = null;
installProcessGuards(
  () => stack?.ctx.log ?? console_,
  async () => void (await stack?.stop({ graceMs: 3_000 })),
);
stopOnSignals(async () => void (await stack?.stop()), { log: () => stack?.ctx.log ?? console_ });

const console_ = {
  info: (o: unknown, m?: string) => process.stderr.write(`${m ?? ""} ${JSON.stringify(o)}\n`),
  warn: (o: unknown, m?: string) => process.stderr.write(`${m ?? ""} ${JSON.stringify(o)}\n`),
  error: (o: unknown, m?: string) => process.stderr.write(`${m ?? ""} ${JSON.stringify(o)}\n`),
};

void startStack({ port: Number(process.env.PORT ?? 0), logLevel: process.env.LOG_LEVEL ?? "silent" }).then(
  (s) => {
    stack = s;
    process.stdout.write(`${JSON.stringify({ url: s.url, leader: s.isLeader(), chainPid: s.ctx.chain.node?.pid ?? null })}\n`);
    if (!s.isLeader()) {
      const t = setInterval(() => {
        if (!s.isLeader()) return;
        clearInterval(t);
        process.stdout.write(`${JSON.stringify({ leader: true })}\n`);
      }, 50);
    }
  },
  (err) => {
    process.stderr.write(`stack-process: ${(err as Error).stack ?? err}\n`);
    process.exit(1);
  },
);
