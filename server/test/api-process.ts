import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import readline from "node:readline";

export interface ApiProcess {
  child: ChildProcess;
  url: string;
  dataDir: string;
  /** The embedded chain node's process id at start, or null (RPC_URL). */
  chainPid: number | null;
  /** Resolves when this process reports that it leads (relays and indexes). */
  leading: Promise<void>;
  /** Everything it printed so far (log lines included). */
  output(): string;
  exited: Promise<{ code: number | null; signal: string | null; at: number }>;
}

/**
 * Starts server/test/stack-process.ts (the guards and signal handling of `npm start`) as a child
 * process with `env` (DATA_DIR required) over this process's environment; resolves once it serves.
 */
export function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(__dirname, "stack-process.ts")], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stderr!.on("data", (b: Buffer) => (out += b.toString()));
  const exited = new Promise<{ code: number | null; signal: string | null; at: number }>((r) =>
    child.once("exit", (code, signal) => r({ code, signal, at: Date.now() })),
  );
  let onLead: () => void = () => undefined;
  const leading = new Promise<void>((r) => (onLead = r));
  const lines = readline.createInterface({ input: child.stdout! });
  return new Promise((resolve, reject) => {
    void exited.then((e) => reject(new Error(`api process exited (${e.code}): ${out.slice(-4000)}`)));
    lines.on("line", (line) => {
      out += `${line}\n`;
      let msg: { url?: string; leader?: boolean; chainPid?: number | null };
      try {
        msg = JSON.parse(line);
      } catch {
        return; // a log line
      }
      if (msg.leader) onLead();
      if (msg.url && "chainPid" in msg)
        resolve({ child, url: msg.url, dataDir: env.DATA_DIR, chainPid: msg.chainPid ?? null, leading, output: () => out, exited });
    });
  });
}
