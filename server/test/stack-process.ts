import { startStack } from "../stack";

/**
 * One API process for the multi-process tests: configured by the environment (DATABASE_URL, RPC_URL,
 * OPERATOR_PRIVATE_KEY, KEY_ENCRYPTION_KEY, JWT_SECRET, DATA_DIR), on a free port. Prints one JSON line
 * `{ url }` once it serves, then reports `{ leader: true }` when it takes over relaying and indexing.
 */
void startStack({ port: 0, logLevel: process.env.LOG_LEVEL ?? "silent" }).then(
  (s) => {
    process.stdout.write(JSON.stringify({ url: s.url, leader: s.isLeader() }) + "\n");
    if (!s.isLeader()) {
      const t = setInterval(() => {
        if (!s.isLeader()) return;
        clearInterval(t);
        process.stdout.write(JSON.stringify({ leader: true }) + "\n");
      }, 50);
    }
    process.once("SIGTERM", () => void s.stop().then(() => process.exit(0)));
  },
  (err) => {
    process.stderr.write(`stack-process: ${(err as Error).stack ?? err}\n`);
    process.exit(1);
  },
);
