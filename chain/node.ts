import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort } from "./ports";

export interface LocalNode {
  rpcUrl: string;
  port: number;
  /** The node's process id (fault-injection tests kill it). */
  pid: number;
  /** Whether the node process has exited. */
  exited(): boolean;
  /** Called once if the node process exits without stop() (killed, crashed). */
  onUnexpectedExit(fn: () => void): void;
  stop(): Promise<void>;
}

const ROOT = path.resolve(__dirname, "..");

/** How long the node may take to say it listens. */
const NODE_START_TIMEOUT_MS = 90_000;

/** The port asked for was taken by another process: the node did not start (nothing of this process listens there). */
export class NodePortInUseError extends Error {
  constructor(readonly port: number) {
    super(`the chain node cannot listen on 127.0.0.1:${port}: another process uses that port (CHAIN_PORT)`);
    this.name = "NodePortInUseError";
  }
}

/**
 * Starts `hardhat node` on 127.0.0.1:port as a child process, with its own plain config (node-config.cjs: the same
 * network as hardhat.config.ts, without TypeScript, plugins or Hardhat's JavaScript key derivation). The node's
 * genesis is fixed (`initialDate`, the default accounts), so a replayed journal reproduces hashes.
 * The child dies with this process: killed on its exit, and by its own watchdog (node-watchdog.cjs) when this
 * process is killed without one. `signal` aborted while the node starts: it is killed at once and the start rejects.
 */
export async function startLocalNode(port: number, opts: { log?: (line: string) => void; signal?: AbortSignal } = {}): Promise<LocalNode> {
  opts.signal?.throwIfAborted();
  const cli = require.resolve("hardhat/internal/cli/cli.js", { paths: [ROOT] });
  const watchdog = path.join(__dirname, "node-watchdog.cjs");
  const child: ChildProcess = spawn(
    process.execPath,
    [
      "--require",
      watchdog,
      cli,
      "node",
      "--config",
      path.join(__dirname, "node-config.cjs"),
      "--hostname",
      "127.0.0.1",
      "--port",
      String(port),
    ],
    {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: "true", TS_NODE_TRANSPILE_ONLY: "true" },
    },
  );
  let exited = false;
  let stopping = false;
  let unexpected: () => void = () => undefined;
  let output = "";
  const onData = (buf: Buffer) => {
    const text = buf.toString();
    if (output.length < 20_000) output += text;
    // The node prints its well-known dev accounts' keys at start; never forward those lines.
    if (opts.log)
      for (const line of text.split("\n")) if (line.trim() && !/Private Key|Account #|WARNING: These accounts/i.test(line)) opts.log(line);
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  child.once("exit", () => {
    exited = true;
    if (!stopping) unexpected();
  });
  const kill = () => {
    if (!exited) child.kill("SIGKILL");
  };
  process.once("exit", kill);

  let onAbort: () => void = () => undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    // Ready when this child says it listens on the port: not when something accepts connections there (another
    // process holding the port would pass that check, and this process would send its transactions to a node not
    // its own; a test run once had two stacks on one node that way).
    const listening = `JSON-RPC server at http://127.0.0.1:${port}/`;
    await Promise.race([
      new Promise<void>((resolve) => {
        const check = () => {
          if (!output.includes(listening)) return;
          child.stdout?.off("data", check);
          resolve();
        };
        child.stdout?.on("data", check);
        check();
      }),
      new Promise((_, reject) =>
        child.once("exit", (c) =>
          reject(
            output.includes("EADDRINUSE") ? new NodePortInUseError(port) : new Error(`hardhat node exited (${c}): ${output.slice(-2000)}`),
          ),
        ),
      ),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the chain node did not listen on ${port} after ${NODE_START_TIMEOUT_MS} ms`)),
          NODE_START_TIMEOUT_MS,
        );
      }),
      new Promise((_, reject) => {
        onAbort = () => reject(new Error("the node's start was called off"));
        opts.signal?.addEventListener("abort", onAbort, { once: true });
      }),
    ]);
    // The node logs every request and describes every transaction on its console: most of a small transaction's
    // cost on the node, and nobody reads it. CHAIN_NODE_LOG=1 keeps it (debugging).
    if (process.env.CHAIN_NODE_LOG !== "1") await setLogging(port, false);
  } catch (err) {
    kill();
    process.removeListener("exit", kill);
    throw err;
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onAbort);
  }

  return {
    rpcUrl: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    exited: () => exited,
    onUnexpectedExit(fn) {
      unexpected = fn;
    },
    async stop() {
      stopping = true;
      process.removeListener("exit", kill);
      if (exited) return;
      await new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => kill(), 3000).unref();
      });
    },
  };
}

async function setLogging(port: number, enabled: boolean) {
  const res = await fetch(`http://127.0.0.1:${port}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "hardhat_setLoggingEnabled", params: [enabled] }),
  });
  const answer = (await res.json()) as { error?: { message: string } };
  if (answer.error) throw new Error(`hardhat_setLoggingEnabled: ${answer.error.message}`);
}

/**
 * A node on a free port (tests, benches): another port when the one picked was taken before the node could listen on
 * it (the OS hands out a freed port again, to another process's listener or outgoing connection).
 */
export async function startLocalNodeOnFreePort(opts: { log?: (line: string) => void } = {}): Promise<LocalNode> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startLocalNode(await freePort(), opts);
    } catch (err) {
      if (!(err instanceof NodePortInUseError) || attempt === 3) throw err;
    }
  }
}
