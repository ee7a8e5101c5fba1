import { fork, type ChildProcess } from "node:child_process";
import { buildIfNeeded } from "./build-if-needed";
import { startStack } from "../server/stack";
import { CONFIG_EXIT, installProcessGuards, stopOnSignals } from "../server/lifecycle";
import { DEMO } from "../server/seed";
import { formatProgress } from "../chain/replay";
import { ContractCodeMismatchError } from "../chain/deployed-code";
import { RoleKeysMismatchError } from "../chain/roles";

const refusedByConfiguration = (err: unknown) => err instanceof ContractCodeMismatchError || err instanceof RoleKeysMismatchError;

/**
 * `npm start`: a small supervisor. It builds what is missing, then runs the service in a child process
 * and starts it again if it dies (crash, uncaught exception, kill -9), after 1 s, doubling up to 30 s
 * while it keeps dying within a minute; not when its start was refused for DATA_DIR's contract or the role keys
 * (CONFIG_EXIT: restarting cannot help, and the message says what to do). SIGTERM/SIGINT go to the child, which stops gracefully (see
 * server/stack.ts); a second signal forces it. NO_SUPERVISOR=1 runs the service in this process
 * (for systemd or another supervisor, see README). SKIP_BUILD=1 starts without checking the build.
 */
const CHILD = process.env.KRW_SERVER_CHILD === "1";

async function serve() {
  let stack: Awaited<ReturnType<typeof startStack>> | null = null;
  installProcessGuards(
    () => stack?.ctx.log ?? console_,
    async () => void (await stack?.stop({ graceMs: 3_000 })),
  );
  stopOnSignals(async () => void (await stack?.stop()), {
    log: () => stack?.ctx.log ?? console_,
    forceAfterMs: Number(process.env.SHUTDOWN_GRACE_MS ?? 15_000) + 15_000,
  });
  // A supervisor that vanished (kill -9) leaves no one to stop this process: it stops itself.
  process.on("disconnect", () => process.kill(process.pid, "SIGTERM"));
  stack = await startStack();
  const { url } = stack;
  const lines = [
    "",
    `KRW Voucher is running`,
    `  사용자 앱   ${url}/`,
    `  운영자 앱   ${url}/admin`,
    `  API 상태    ${url}/api/health`,
    "",
  ];
  if (stack.ctx.config.seedDemo) {
    lines.push(
      "Demo logins (seeded on first start; SEED_DEMO=false skips):",
      `  operator (super admin)   ${DEMO.admin.id} / ${DEMO.admin.password}`,
      `  operator (shop, perm 3)  ${DEMO.shopAdmin.id} / ${DEMO.shopAdmin.password}`,
      ...DEMO.members.map(
        (m) =>
          `  member ${m.phonenumber} / ${m.password}  ${m.username}${m.permission === "exchanger" ? " (shop owner, market address)" : ""}`,
      ),
      "",
    );
  }
  console.log(lines.join("\n"));
  process.send?.({ up: url });
  watchReplay(stack);
}

/**
 * While the journal replays (at start, or after the embedded node died) a progress line every 2 s: the site already
 * answers reads; at start, money moves through the outbox are recorded (sent once the replay is done) and chain calls
 * answer 503 "동기화하는 중" until it is done (after the node died, every money call waits).
 */
function watchReplay(stack: Awaited<ReturnType<typeof startStack>>) {
  const { chain } = stack.ctx;
  let was = false;
  const tick = () => {
    const p = chain.replayProgress();
    const err = chain.replayError();
    if (err) {
      console.error(`journal replay FAILED: ${err} (reads still answer; money calls answer 503)`);
      clearInterval(timer);
      return;
    }
    if (p)
      console.log(`${was ? "" : "replaying the journal (reads answer; money moves are recorded and sent after it): "}${formatProgress(p)}`);
    else if (was) console.log("journal replayed: money moves are sent, chain calls open");
    was = p !== null;
  };
  const timer = setInterval(tick, 2_000);
  timer.unref();
  tick();
}

const console_ = {
  info: (o: unknown, m?: string) => console.log(m ?? "", o),
  warn: (o: unknown, m?: string) => console.warn(m ?? "", o),
  error: (o: unknown, m?: string) => console.error(m ?? "", o),
};

const build = () => process.env.SKIP_BUILD !== "1" && buildIfNeeded();

function supervise() {
  build();
  let child: ChildProcess | null = null;
  let stopping = false;
  let delay = 1_000;
  const run = () => {
    const started = Date.now();
    // detached: a terminal's Ctrl-C reaches only this process, which forwards it once.
    child = fork(__filename, process.argv.slice(2), { env: { ...process.env, KRW_SERVER_CHILD: "1" }, detached: true });
    console.log(`server process ${child.pid} starting`);
    child.once("exit", (code, signal) => {
      child = null;
      if (stopping) process.exit(code ?? 0);
      if (code === CONFIG_EXIT) {
        console.error("not started again: the start was refused for DATA_DIR or the keys (what to do is above)");
        process.exit(CONFIG_EXIT);
      }
      if (Date.now() - started > 60_000) delay = 1_000;
      console.error(`server exited (${signal ?? code}); starting it again in ${delay / 1000} s`);
      setTimeout(run, delay);
      delay = Math.min(delay * 2, 30_000);
    });
  };
  const forward = (signal: NodeJS.Signals) => {
    if (!child) process.exit(0);
    if (!stopping) console.log("stopping…");
    stopping = true;
    child.kill(signal);
  };
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  run();
}

if (CHILD || process.env.NO_SUPERVISOR === "1") {
  if (!CHILD) build();
  serve().catch((err) => {
    // A refusal says what to do in its message; a stack trace would bury it.
    if (refusedByConfiguration(err)) {
      console.error((err as Error).message);
      process.exit(CONFIG_EXIT);
    }
    console.error(err);
    process.exit(1);
  });
} else {
  supervise();
}
