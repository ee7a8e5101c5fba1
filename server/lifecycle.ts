interface Log {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

const consoleLog: Log = {
  info: (o, m) => console.log(m ?? "", o),
  warn: (o, m) => console.warn(m ?? "", o),
  error: (o, m) => console.error(m ?? "", o),
};

/**
 * The exit status of a start refused for what only the operator can change (DATA_DIR's contract, the role keys):
 * `npm start`'s supervisor does not start it again (sysexits' EX_CONFIG). Other failures are started again, with backoff.
 */
export const CONFIG_EXIT = 78;

function describe(reason: unknown): { message: string; code?: string; stack?: string } {
  if (reason instanceof Error) return { message: reason.message, code: (reason as { code?: string }).code, stack: reason.stack };
  return { message: String(reason) };
}

/**
 * Process-level guards of a server process. A promise rejection nobody handled is logged and the
 * process goes on (every money move is in the store; nothing depends on the lost promise). An uncaught
 * exception leaves unknown state behind: it is logged, then `onFatal` runs (a bounded stop) and the
 * process exits 1, for its supervisor (`npm start`) to start it again.
 */
export function installProcessGuards(getLog: () => Log = () => consoleLog, onFatal: () => Promise<void> = async () => undefined): void {
  process.on("unhandledRejection", (reason) => {
    getLog().error({ err: describe(reason) }, "unhandled promise rejection (logged; the process goes on)");
  });
  let dying = false;
  process.on("uncaughtException", (err) => {
    getLog().error({ err: describe(err) }, "uncaught exception: stopping");
    if (dying) return;
    dying = true;
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    void onFatal()
      .catch(() => undefined)
      .finally(() => process.exit(1));
  });
}

/**
 * SIGTERM / SIGINT: `stop` runs once (stop accepting, drain, stop the relayer, close stores) and the
 * process exits 0; if it has not finished after `forceAfterMs` the process exits 1. A second signal
 * exits at once (1): nothing is lost that way either, since the outbox and the journal are on disk.
 */
export function stopOnSignals(stop: () => Promise<void>, opts: { log?: () => Log; forceAfterMs?: number } = {}): void {
  const log = opts.log ?? (() => consoleLog);
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log().warn({ signal }, "second signal: exiting now");
      process.exit(1);
    }
    stopping = true;
    log().info({ signal }, "stopping: no new connections, finishing requests in flight");
    const force = setTimeout(() => {
      log().error({}, "stop took too long: exiting");
      process.exit(1);
    }, opts.forceAfterMs ?? 30_000);
    force.unref();
    stop().then(
      () => process.exit(0),
      (err) => {
        log().error({ err: describe(err) }, "stop failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}
