import crypto from "node:crypto";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { Wallet } from "ethers";

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
 * The environment of an API process on a chain it does not own (RPC_URL), with the demo seeded: a fresh relaying key
 * given gas money by `fund` (hardhat_setBalance, anvil_setBalance…), fresh secrets, and DATABASE_URL when there is one
 * (PostgreSQL runs). `extra` adds to it or overrides it.
 */
export async function externalChainEnv(o: {
  rpcUrl: string;
  fund: (address: string, wei: bigint) => Promise<unknown>;
  databaseUrl: string | null | undefined;
  /** The relaying key's gas money (default 1,000,000 ETH). */
  wei?: bigint;
  extra?: Record<string, string>;
}): Promise<Record<string, string>> {
  const key = `0x${crypto.randomBytes(32).toString("hex")}`;
  await o.fund(new Wallet(key).address, o.wei ?? 10n ** 24n);
  return {
    RPC_URL: o.rpcUrl,
    OPERATOR_PRIVATE_KEY: key,
    ...secretsEnv(),
    SEED_DEMO: "true",
    ...(o.databaseUrl ? { DATABASE_URL: o.databaseUrl } : {}),
    ...o.extra,
  };
}

/** A node's own way to give an account gas money (Hardhat's hardhat_setBalance; Anvil's anvil_setBalance takes it too). */
export const setBalanceOn = (provider: { send(method: string, params: unknown[]): Promise<unknown> }) => (address: string, wei: bigint) =>
  provider.send("hardhat_setBalance", [address, `0x${wei.toString(16)}`]);

/** Fresh KEY_ENCRYPTION_KEY and JWT_SECRET, as a first start makes its operator set them. */
export const secretsEnv = () => ({
  KEY_ENCRYPTION_KEY: crypto.randomBytes(32).toString("hex"),
  JWT_SECRET: crypto.randomBytes(32).toString("hex"),
});

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
